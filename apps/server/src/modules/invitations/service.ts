import type { SchoolInvitation } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import type { AllowedInvitation } from './access';
import { deleteInvitation, setInvitationSuperuser, type InvitationRow } from './repository';

export {
  createInvitations,
  INVITATION_LIMITS,
  UNSENT_INVITATION_MS,
  type MailFailureLog,
} from './create-service';

export function toSchoolInvitation(row: InvitationRow): SchoolInvitation {
  return {
    id: row.id,
    schoolId: row.schoolId,
    email: row.email,
    isSchoolSuperuser: row.isSchoolSuperuser,
    accepted: row.acceptedAt !== null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** An accepted invitation is a membership now: it is no longer withdrawn or changed. */
function refuseAccepted(invitation: InvitationRow): void {
  if (invitation.acceptedAt) throw badRequest('This invitation has already been accepted.');
}

/** Withdraws the invitation the route's policy allowed, if it was not accepted; its key stops working at once. */
export async function removeInvitation(
  ctx: AppContext,
  session: ActiveSession,
  { invitation }: AllowedInvitation,
) {
  refuseAccepted(invitation);
  // With its audit entry, all or nothing: an answered error leaves the invitation as it was.
  await ctx.db.transaction(async (tx) => {
    await deleteInvitation(tx, invitation.schoolId, invitation.id);
    await writeAudit(tx, {
      schoolId: invitation.schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'invitation.remove',
      entity: 'invitation',
      entityId: invitation.id,
      at: ctx.now(),
    });
  });
  return { id: invitation.id, detail: 'Invitation removed.' };
}

export async function updateInvitation(
  ctx: AppContext,
  session: ActiveSession,
  { invitation }: AllowedInvitation,
  isSchoolSuperuser: boolean,
): Promise<SchoolInvitation> {
  refuseAccepted(invitation);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await setInvitationSuperuser(tx, invitation.schoolId, invitation.id, isSchoolSuperuser);
    if (!row) return null;
    await writeAudit(tx, {
      schoolId: invitation.schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'invitation.update',
      entity: 'invitation',
      entityId: invitation.id,
      details: { isSchoolSuperuser },
      at: ctx.now(),
    });
    return row;
  });
  if (!updated) throw badRequest('This invitation has already been accepted.');
  return toSchoolInvitation(updated);
}
