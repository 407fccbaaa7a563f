import type { AppContext } from '../../context';
import { authorizeSchool, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canManageInvitations } from './policy';
import { findInvitation, type InvitationRow } from './repository';

/** An invitation whose school the caller manages invitations of. */
export interface AllowedInvitation {
  access: SchoolAccess;
  invitation: InvitationRow;
}

/** The school's superusers invite (404 outside the user's schools, 403 for other members). */
export const authorizeInviting = (ctx: AppContext, session: ActiveSession, schoolId: number) =>
  authorizeSchool(ctx.db, session, schoolId, canManageInvitations);

/** An invitation of a school the caller manages invitations of; unknown answers 404, as another school's does. */
export async function authorizeInvitation(
  ctx: AppContext,
  session: ActiveSession,
  invitationId: number,
): Promise<AllowedInvitation> {
  const invitation = await findInvitation(ctx.db, invitationId);
  if (!invitation) throw notFound();
  const access = await authorizeInviting(ctx, session, invitation.schoolId);
  return { access, invitation };
}
