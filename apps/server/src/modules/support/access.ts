import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireSchoolAccess, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import { readSupportMessage, type ReceivedMessage } from './intake';
import { canReadTickets } from './policy';

/** A support message read from its form, and the access to the school the form names. */
export interface AllowedSupportMessage {
  access: SchoolAccess;
  message: ReceivedMessage;
}

/**
 * Any member of the school named in the form sends a message (404 otherwise). The school is in the multipart form,
 * so the policy reads the form (once, whole, with its own 400 and 413 answers) and hands it on with the access.
 */
export async function authorizeSupportMessage(
  ctx: AppContext,
  session: ActiveSession,
  request: FastifyRequest,
): Promise<AllowedSupportMessage> {
  const message = await readSupportMessage(request);
  const access = await requireSchoolAccess(ctx.db, session, message.fields.school_id);
  return { access, message };
}

/** Provider staff in their own session; everyone else 404. */
export async function requireTicketReader(ctx: AppContext, session: ActiveSession): Promise<void> {
  const user = await findUserById(ctx.db, session.userId);
  if (!canReadTickets(session, user, ctx.config.PROVIDER_DOMAIN)) throw notFound();
}
