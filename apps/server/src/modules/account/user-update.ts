import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_ERRORS, type Profile, type UpdateUserRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, unauthorized } from '../../platform/http-errors';
import type { MailMessage } from '../../platform/mail';
import type { ActiveSession } from '../../platform/sessions';
import { sendEmailChangeMails, storeEmailChange } from './email-change';
import { requireRecentPasswordConfirmation } from './password-confirmation';
import {
  findAccountConflicts,
  findUser,
  isUniqueViolation,
  updateUserFields,
  type UserChanges,
} from './repository';
import { getProfile } from './service';

/**
 * `PATCH /rest-auth/user/`: changes any of names, username and language at once (username unique
 * case-insensitively, per-field errors, nothing stored on any error). A new e-mail address needs a fresh
 * password confirmation, checked before anything else, and takes effect only once the link mailed to it is
 * opened (see email-change.ts); the answer is the profile with the new address under `pendingEmail`.
 */
export async function updateUser(
  ctx: AppContext,
  session: ActiveSession,
  input: UpdateUserRequest,
  log: FastifyBaseLogger,
): Promise<Profile> {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();

  const changes: UserChanges = {};
  if (input.firstName !== undefined && input.firstName !== user.firstName)
    changes.firstName = input.firstName;
  if (input.lastName !== undefined && input.lastName !== user.lastName) changes.lastName = input.lastName;
  if (input.language !== undefined && input.language !== user.language) changes.language = input.language;
  if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
  // Another spelling of the same mailbox (case only) needs no confirmation link.
  const sameMailbox = input.email !== undefined && input.email.toLowerCase() === user.email.toLowerCase();
  if (sameMailbox && input.email !== user.email) changes.email = input.email;
  const newEmail = input.email !== undefined && !sameMailbox ? input.email : undefined;

  // The password comes first, so that a signed-in caller cannot probe other accounts' addresses without it.
  if (newEmail !== undefined) await requireRecentPasswordConfirmation(ctx, session);
  const conflicts = await findAccountConflicts(ctx.db, user.id, { username: changes.username });
  if (conflicts.username) throw badRequest('Invalid input.', { username: [ACCOUNT_ERRORS.usernameTaken] });

  // The changes, their audit row, a requested address change and the profile read for the answer in one
  // transaction: a request that fails on any of them (a lost connection answers 503) stores nothing. The mails
  // of an address change go out only after the commit.
  const { profile, mails } = await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) {
      try {
        await updateUserFields(tx, user.id, changes);
      } catch (error) {
        // Another account took the name between the check and the write.
        if (!isUniqueViolation(error)) throw error;
        throw badRequest('Invalid input.', { username: [ACCOUNT_ERRORS.usernameTaken] });
      }
      await writeAudit(tx, {
        actorUserId: user.id,
        action: 'account.update',
        entity: 'user',
        entityId: user.id,
        details: { fields: Object.keys(changes) },
        at: ctx.now(),
      });
    }
    const toSend: MailMessage[] =
      newEmail === undefined ? [] : await storeEmailChange(ctx, tx, user, newEmail);
    return { profile: await getProfile(ctx, session, tx), mails: toSend };
  });
  sendEmailChangeMails(ctx, log, mails);
  return profile;
}
