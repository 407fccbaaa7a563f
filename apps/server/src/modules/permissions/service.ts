import { PERMISSION_ERRORS, type ChangePermissionsRequest, type UserPermissions } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import {
  addPermissions,
  existingGroupIds,
  isMember,
  listSchoolPermissions,
  removePermissions,
  userGroupIds,
} from './repository';

/** Every member of the school with their permitted group ids (the route's policy: superusers only). */
export async function getSchoolPermissions(
  ctx: AppContext,
  { schoolId }: SchoolAccess,
): Promise<UserPermissions[]> {
  const byUser = await listSchoolPermissions(ctx.db, schoolId);
  return [...byUser].map(([userId, groupIds]) => ({ userId, groupIds }));
}

/** The user must be a member and every group a group of this school; otherwise 400 and nothing changes. */
async function checkChange(
  ctx: AppContext,
  schoolId: number,
  input: ChangePermissionsRequest,
): Promise<number[]> {
  const groupIds = [...new Set(input.groupIds)];
  const errors: Record<string, string[]> = {};
  if (!(await isMember(ctx.db, schoolId, input.userId))) errors.userId = [PERMISSION_ERRORS.notMember];
  const known = await existingGroupIds(ctx.db, schoolId, groupIds);
  const unknown = groupIds.filter((id) => !known.has(id));
  if (unknown.length > 0) errors.groupIds = [`${PERMISSION_ERRORS.unknownGroups} ${unknown.join(', ')}`];
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
  return groupIds;
}

function auditChange(
  ctx: AppContext,
  db: Db,
  session: ActiveSession,
  action: string,
  schoolId: number,
  userId: number,
  groupIds: number[],
) {
  return writeAudit(db, {
    schoolId,
    actorUserId: session.userId,
    impersonatorId: session.impersonatorId,
    action,
    entity: 'user',
    entityId: userId,
    details: { groupIds },
    at: ctx.now(),
  });
}

/** Adds group permissions (already granted ones are kept); answers the user's whole list. */
export async function grantPermissions(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: ChangePermissionsRequest,
): Promise<UserPermissions> {
  const groupIds = await checkChange(ctx, schoolId, input);
  // The change, its audit row and the read for the answer in one transaction: a 503 leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await addPermissions(tx, schoolId, input.userId, groupIds);
    await auditChange(ctx, tx, session, 'permission.add', schoolId, input.userId, groupIds);
    return { userId: input.userId, groupIds: await userGroupIds(tx, schoolId, input.userId) };
  });
}

/** Removes group permissions (ones not granted are ignored); answers the user's whole list. */
export async function revokePermissions(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: ChangePermissionsRequest,
): Promise<UserPermissions> {
  const groupIds = await checkChange(ctx, schoolId, input);
  // The change, its audit row and the read for the answer in one transaction: a 503 leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await removePermissions(tx, schoolId, input.userId, groupIds);
    await auditChange(ctx, tx, session, 'permission.remove', schoolId, input.userId, groupIds);
    return { userId: input.userId, groupIds: await userGroupIds(tx, schoolId, input.userId) };
  });
}
