import type { ImpersonateRequest, ImpersonateResponse } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/http-errors';
import { createSession, type ActiveSession } from '../../platform/sessions';
import { signSessionToken } from '../../platform/session-tokens';
import { findUser } from '../account/repository';
import { isProviderEmail } from '../account/service';
import { findActiveMember } from './repository';

/**
 * `POST /impersonate/`: provider staff open a read-only session as a member of a school. Staff need not
 * belong to that school; the target must be an active member of it (404 otherwise, as for any school
 * outside reach). The session carries impersonator_id, so the write guard refuses its writes, and the
 * start is audited (ids only).
 */
export async function impersonate(
  ctx: AppContext,
  session: ActiveSession,
  input: ImpersonateRequest,
): Promise<ImpersonateResponse> {
  const staff = await findUser(ctx.db, session.userId);
  if (!staff) throw unauthorized();
  if (!isProviderEmail(staff.email, ctx.config.PROVIDER_DOMAIN)) throw forbidden();
  if (input.userId === staff.id)
    throw badRequest('Invalid input.', { userId: ['You cannot impersonate yourself.'] });
  if (!(await findActiveMember(ctx.db, input.userId, input.schoolId))) throw notFound();

  const now = ctx.now();
  const created = await createSession(
    ctx.db,
    { userId: input.userId, rememberMe: false, impersonatorId: staff.id },
    now,
  );
  await writeAudit(ctx.db, {
    schoolId: input.schoolId,
    actorUserId: staff.id,
    impersonatorId: staff.id,
    action: 'impersonation.start',
    entity: 'user',
    entityId: input.userId,
    at: now,
  });
  const token = await signSessionToken(
    ctx.jwtSecret,
    { sessionId: created.sessionId, userId: input.userId },
    created.expiresAt,
    now,
  );
  return { token };
}
