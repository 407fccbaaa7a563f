import type { AppContext } from '../../context';
import { authorizeSchool, type SchoolAccess } from '../../platform/access/index';
import { isProviderStaff } from '../../platform/provider-staff';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import { canChangeConnection, canReadConnection } from './policy';

/** Whether the session acts as provider staff: its own account is staff, and it is not an impersonated session. */
export async function actsAsProviderStaff(ctx: AppContext, session: ActiveSession): Promise<boolean> {
  if (session.impersonatorId !== null) return false;
  const user = await findUserById(ctx.db, session.userId);
  return user !== null && isProviderStaff(user, ctx.config.PROVIDER_DOMAIN);
}

/** Superusers and provider staff who are members read the link (404 outside the school, 403 for other members). */
export async function authorizeConnectionRead(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SchoolAccess> {
  const staff = await actsAsProviderStaff(ctx, session);
  return authorizeSchool(ctx.db, session, schoolId, (access) => canReadConnection(access, staff));
}

/** Switching the link off as reading it; switching it on is provider staff's alone (403). */
export async function authorizeConnectionChange(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
  activate: boolean,
): Promise<SchoolAccess> {
  const staff = await actsAsProviderStaff(ctx, session);
  return authorizeSchool(ctx.db, session, schoolId, (access) => canChangeConnection(access, staff, activate));
}
