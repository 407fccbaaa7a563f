import { LOGIN_MARKERS, type LoginRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession } from '../../platform/sessions';
import { signSessionToken } from '../../platform/session-tokens';
import { matchTotpStep } from '../../platform/totp';
import { claimTotpStep, findUserByUsername, hasConnectedPayingSchool, recordLogin } from './repository';

export const GENERIC_LOGIN_FAILURE = 'Unable to log in with provided credentials.';

// Verifying against a fixed hash when the username is unknown keeps the answer time the same either way.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('leerzicht-timing-equaliser'));

export async function login(ctx: AppContext, input: LoginRequest): Promise<{ token: string }> {
  const user = await findUserByUsername(ctx.db, input.username);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!user || !passwordOk || !user.isActive) throw badRequest(GENERIC_LOGIN_FAILURE);

  if (!(await hasConnectedPayingSchool(ctx.db, user.id))) throw badRequest(LOGIN_MARKERS.noPayingSchool);

  const now = ctx.now();
  if (user.totpActive && user.totpSecretEnc) {
    if (!input.totpChallenge) throw badRequest(LOGIN_MARKERS.totpRequired);
    const step = matchTotpStep(ctx.secretBox.decrypt(user.totpSecretEnc), input.totpChallenge, now);
    if (step === null || !(await claimTotpStep(ctx.db, user.id, step)))
      throw badRequest(LOGIN_MARKERS.totpInvalid);
  }

  const rememberMe = input.rememberMe ?? false;
  const session = await createSession(ctx.db, { userId: user.id, rememberMe }, now);
  await recordLogin(ctx.db, user.id, now);
  const token = await signSessionToken(
    ctx.jwtSecret,
    { sessionId: session.sessionId, userId: user.id },
    session.expiresAt,
    now,
  );
  return { token };
}
