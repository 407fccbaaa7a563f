import {
  IMPERSONATION_MINUTES,
  type ImpersonateRequest,
  type ImpersonateResponse,
  type ProviderStaffRequest,
  type ProviderStaffResponse,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import { isProviderEmail } from '../../platform/provider-staff';
import { createSession, revokeImpersonationsBy, type ActiveSession } from '../../platform/sessions';
import { signSessionToken } from '../../platform/session-tokens';
import type { AllowedImpersonation, AllowedStaffRoleChange } from './access';
import { setProviderStaff } from './repository';

/**
 * `POST /impersonate/`: provider staff open a read-only session as the member of a school the route's policy
 * allowed (access.ts), for a stated support reason. The session reads only that school, ends after
 * IMPERSONATION_MINUTES or with the staff member's own session (see platform/sessions.ts), and the start is
 * audited with who, whom and why.
 */
export async function impersonate(
  ctx: AppContext,
  session: ActiveSession,
  { staff, target }: AllowedImpersonation,
  input: ImpersonateRequest,
): Promise<ImpersonateResponse> {
  const now = ctx.now();
  // The session and its audit row, all or nothing: no impersonation without its account of why.
  const created = await ctx.db.transaction(async (tx) => {
    const made = await createSession(
      tx,
      {
        userId: target.id,
        rememberMe: false,
        impersonation: {
          impersonatorId: staff.id,
          impersonatorSessionId: session.sessionId,
          schoolId: input.schoolId,
          expiresAt: new Date(now.getTime() + IMPERSONATION_MINUTES * 60_000),
        },
      },
      now,
    );
    await writeAudit(tx, {
      schoolId: input.schoolId,
      actorUserId: staff.id,
      impersonatorId: staff.id,
      action: 'impersonation.start',
      entity: 'user',
      entityId: target.id,
      // The support reason is the staff member's own text, kept so that every impersonation can be accounted for.
      details: { reason: input.reason, minutes: IMPERSONATION_MINUTES },
      at: now,
    });
    return made;
  });
  const token = await signSessionToken(
    ctx.jwtSecret,
    { sessionId: created.sessionId, userId: target.id },
    created.expiresAt,
    now,
  );
  return { token };
}

/**
 * `PUT /provider_staff/{userId}/`: provider staff grant or take away the staff role. Only accounts with an
 * address in the provider's domain can receive it; taking it away ends the impersonations that user started.
 */
export async function setProviderStaffRole(
  ctx: AppContext,
  { staff, target }: AllowedStaffRoleChange,
  input: ProviderStaffRequest,
): Promise<ProviderStaffResponse> {
  if (input.isProviderStaff && !isProviderEmail(target.email, ctx.config.PROVIDER_DOMAIN))
    throw badRequest('Invalid input.', {
      isProviderStaff: ["Only accounts with an address in the provider's domain can be provider staff."],
    });
  const now = ctx.now();
  // The role, the impersonations it ends and the audit row, all or nothing.
  await ctx.db.transaction(async (tx) => {
    await setProviderStaff(tx, target.id, input.isProviderStaff);
    if (!input.isProviderStaff) await revokeImpersonationsBy(tx, target.id, now);
    await writeAudit(tx, {
      actorUserId: staff.id,
      action: input.isProviderStaff ? 'provider_staff.grant' : 'provider_staff.revoke',
      entity: 'user',
      entityId: target.id,
      at: now,
    });
  });
  return { userId: target.id, isProviderStaff: input.isProviderStaff };
}
