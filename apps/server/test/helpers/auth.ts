import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import type { users } from '../../src/db/schema/index';
import type { SecretBox } from '../../src/platform/secret-box';
import { newTotpSecret, totpCode } from '../../src/platform/totp';
import { api, authed } from './app';
import { TEST_PASSWORD, addMember, createSchool, createUser } from './factories';

/** A user who can log in: a member of a paying school. */
export async function createMember(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const school = await createSchool(db);
  const user = await createUser(db, values);
  await addMember(db, school.id, user.id);
  return { user, school };
}

/** A member with two-step login switched on; `code(at)` gives the code for a moment. */
export async function createTotpMember(
  db: Db,
  secretBox: SecretBox,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const secret = newTotpSecret();
  const member = await createMember(db, {
    ...values,
    totpActive: true,
    totpSecretEnc: secretBox.encrypt(secret),
  });
  return { ...member, secret, code: (at: Date) => totpCode(secret, at) };
}

export function postLogin(
  app: FastifyInstance,
  payload: { username: string; password: string; rememberMe?: boolean; totpChallenge?: string },
  remoteAddress = '127.0.0.1',
) {
  return app.inject({ method: 'POST', url: api('/login/'), payload, remoteAddress });
}

/** Re-enters the password for the session, as the web app does before e-mail and two-step changes. */
export async function confirmPassword(
  app: FastifyInstance,
  token: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const response = await app.inject(
    authed(token, { method: 'POST', url: api('/rest-auth/password/confirm/'), payload: { password } }),
  );
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
}

/** A 6-digit code that is not `code` (for wrong-code tests). */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
