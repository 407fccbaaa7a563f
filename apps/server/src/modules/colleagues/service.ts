import {
  COLLEAGUE_ERRORS,
  compareNames,
  fullName,
  type RemoveSencoRequest,
  type Senco,
  type UpdateSencoRequest,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import {
  deleteMembership,
  findMembership,
  findUserNameAndEmail,
  listMembers,
  listOpenInvitations,
  lockSuperuserIds,
  updateMembership,
} from './repository';

/**
 * Members (sorted by surname, particles ignored) followed by open invitations (by address). Who may read it:
 * see policy.ts.
 */
export async function listColleagues(ctx: AppContext, { schoolId }: SchoolAccess): Promise<Senco[]> {
  const members = [...(await listMembers(ctx.db, schoolId))].sort(compareNames);
  const open = await listOpenInvitations(ctx.db, schoolId, ctx.now());
  return [
    ...members.map((member) => ({
      sencoId: member.userId,
      id: member.membershipId,
      isSchoolSuperuser: member.isSchoolSuperuser,
      isSenco: member.isSenco,
      isInvitation: false,
      fullName: fullName(member),
      email: member.email,
    })),
    ...open.map((invitation) => ({
      sencoId: null,
      id: invitation.id,
      isSchoolSuperuser: invitation.isSchoolSuperuser,
      isSenco: false,
      isInvitation: true,
      fullName: '',
      email: invitation.email,
    })),
  ];
}

/** Ends a colleague's membership (and their group permissions there); the last superuser cannot be removed. */
export async function removeColleague(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: RemoveSencoRequest,
) {
  await ctx.db.transaction(async (tx) => {
    const superuserIds = await lockSuperuserIds(tx, schoolId);
    const membership = await findMembership(tx, schoolId, input.sencoId);
    if (!membership) throw notFound();
    if (membership.isSchoolSuperuser && superuserIds.length <= 1)
      throw badRequest(COLLEAGUE_ERRORS.lastSuperuser);
    await deleteMembership(tx, schoolId, input.sencoId);
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'membership.remove',
      entity: 'user',
      entityId: input.sencoId,
      at: ctx.now(),
    });
  });
  return { sencoId: input.sencoId, detail: 'Colleague removed from the school.' };
}

/** Sets a colleague's superuser (and optionally senco) flag; the last superuser cannot be demoted. */
export async function updateColleague(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: UpdateSencoRequest,
): Promise<Senco> {
  const updated = await ctx.db.transaction(async (tx) => {
    const superuserIds = await lockSuperuserIds(tx, schoolId);
    const membership = await findMembership(tx, schoolId, input.sencoId);
    if (!membership) throw notFound();
    if (membership.isSchoolSuperuser && !input.isSchoolSuperuser && superuserIds.length <= 1) {
      throw badRequest(COLLEAGUE_ERRORS.lastSuperuser, {
        isSchoolSuperuser: [COLLEAGUE_ERRORS.lastSuperuser],
      });
    }
    const values: { isSchoolSuperuser: boolean; isSenco?: boolean } = {
      isSchoolSuperuser: input.isSchoolSuperuser,
    };
    if (input.isSenco !== undefined) values.isSenco = input.isSenco;
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'membership.update',
      entity: 'user',
      entityId: input.sencoId,
      details: values,
      at: ctx.now(),
    });
    const changed = await updateMembership(tx, schoolId, input.sencoId, values);
    // Read in the transaction: a 503 on the read for the answer leaves the membership unchanged.
    const user = changed ? await findUserNameAndEmail(tx, changed.userId) : null;
    if (!changed || !user) throw notFound();
    return { ...changed, user };
  });
  const { user } = updated;
  return {
    sencoId: updated.userId,
    id: updated.id,
    isSchoolSuperuser: updated.isSchoolSuperuser,
    isSenco: updated.isSenco,
    isInvitation: false,
    fullName: fullName(user),
    email: user.email,
  };
}
