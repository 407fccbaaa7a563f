import type { ImpersonateRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { allowOr403 } from '../../platform/access/index';
import { badRequest, notFound, unauthorized } from '../../platform/http-errors';
import { isActiveProviderStaff } from '../../platform/provider-staff';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import { canActAsStaff, canImpersonate } from './policy';
import { findActiveMember } from './repository';

/** The provider staff member's own account. */
export type StaffMember = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** A member of the school the staff member may impersonate. */
export interface AllowedImpersonation {
  staff: StaffMember;
  target: { id: number };
}

/** An account whose staff role the staff member may change. */
export interface AllowedStaffRoleChange {
  staff: StaffMember;
  target: { id: number; email: string };
}

/** The signed-in provider staff member behind the session (403 for everyone else, and for impersonated sessions). */
export async function requireStaff(ctx: AppContext, session: ActiveSession): Promise<StaffMember> {
  const staff = await findUserById(ctx.db, session.userId);
  if (!staff) throw unauthorized();
  allowOr403(
    canActAsStaff({
      id: staff.id,
      isStaff: isActiveProviderStaff(staff, ctx.config.PROVIDER_DOMAIN),
      impersonated: session.impersonatorId !== null,
    }),
  );
  return staff;
}

/**
 * Staff impersonate an active member of the school (404 otherwise, as for any school outside reach) who is not
 * staff and not themselves: that refusal answers 400 on the `userId` field, as the form shows it.
 */
export async function authorizeImpersonation(
  ctx: AppContext,
  session: ActiveSession,
  input: ImpersonateRequest,
): Promise<AllowedImpersonation> {
  const staff = await requireStaff(ctx, session);
  const target = await findActiveMember(ctx.db, input.userId, input.schoolId);
  if (!target && input.userId !== staff.id) throw notFound();
  const actor = { id: staff.id, isStaff: true, impersonated: false };
  if (!target || !canImpersonate(actor, target)) {
    const why =
      input.userId === staff.id
        ? 'You cannot impersonate yourself.'
        : 'Provider staff cannot be impersonated.';
    throw badRequest('Invalid input.', { userId: [why] });
  }
  return { staff, target };
}

/** Staff grant or take away the staff role of an account that exists (404 otherwise). */
export async function authorizeStaffRoleChange(
  ctx: AppContext,
  session: ActiveSession,
  userId: number,
): Promise<AllowedStaffRoleChange> {
  const staff = await requireStaff(ctx, session);
  const target = await findUserById(ctx.db, userId);
  if (!target) throw notFound();
  return { staff, target };
}
