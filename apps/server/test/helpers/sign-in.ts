import type { AppContext } from '../../src/context';
import { findUserByUsername, storeSignIn } from '../../src/modules/auth/repository';
import { newSession } from '../../src/platform/sessions';
import { signSessionToken } from '../../src/platform/session-tokens';

/**
 * A session token for a user (or a username), made the way a successful login makes one (session row, last
 * login, signed token) but without the password check, the rate limits or the school and two-step checks: for
 * tests that need someone signed in, not tests of login itself (those go through POST /login/).
 */
export async function signIn(
  t: { ctx: AppContext },
  user: { id: number } | string,
  options: { rememberMe?: boolean } = {},
): Promise<string> {
  const { ctx } = t;
  const userId = typeof user === 'string' ? await userIdOf(ctx, user) : user.id;
  const now = ctx.now();
  const session = newSession(ctx.db, { userId, rememberMe: options.rememberMe ?? false }, now);
  await storeSignIn(ctx.db, { session: session.insert.getSQL(), userId, now, also: [] });
  return signSessionToken(ctx.jwtSecret, { sessionId: session.sessionId, userId }, session.expiresAt, now);
}

async function userIdOf(ctx: AppContext, username: string): Promise<number> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}
