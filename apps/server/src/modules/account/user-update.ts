import { ACCOUNT_ERRORS, type Profile, type UpdateUserRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, unauthorized } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
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
 * `PATCH /rest-auth/user/`: changes any of e-mail, names, username and language. Username and e-mail
 * stay unique case-insensitively (per-field errors, nothing stored on any error); a new e-mail address
 * needs a fresh password confirmation. Answers the updated profile.
 */
export async function updateUser(
  ctx: AppContext,
  session: ActiveSession,
  input: UpdateUserRequest,
): Promise<Profile> {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();

  const changes: UserChanges = {};
  if (input.firstName !== undefined && input.firstName !== user.firstName)
    changes.firstName = input.firstName;
  if (input.lastName !== undefined && input.lastName !== user.lastName) changes.lastName = input.lastName;
  if (input.language !== undefined && input.language !== user.language) changes.language = input.language;
  if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
  if (input.email !== undefined && input.email !== user.email) changes.email = input.email;

  const errors: Record<string, string[]> = {};
  const conflicts = await findAccountConflicts(ctx.db, user.id, {
    username: changes.username,
    email: changes.email,
  });
  if (conflicts.username) errors.username = [ACCOUNT_ERRORS.usernameTaken];
  if (conflicts.email) errors.email = [ACCOUNT_ERRORS.emailTaken];
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
  if (changes.email !== undefined) await requireRecentPasswordConfirmation(ctx, session);

  if (Object.keys(changes).length > 0) {
    try {
      await updateUserFields(ctx.db, user.id, changes);
    } catch (error) {
      // Another account took the name or address between the check and the write.
      if (!isUniqueViolation(error)) throw error;
      const field = changes.email !== undefined && changes.username === undefined ? 'email' : 'username';
      throw badRequest('Invalid input.', {
        [field]: [field === 'email' ? ACCOUNT_ERRORS.emailTaken : ACCOUNT_ERRORS.usernameTaken],
      });
    }
    await writeAudit(ctx.db, {
      actorUserId: user.id,
      action: 'account.update',
      entity: 'user',
      entityId: user.id,
      details: { fields: Object.keys(changes) },
      at: ctx.now(),
    });
  }
  return getProfile(ctx, session);
}
