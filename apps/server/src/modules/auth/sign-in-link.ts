import type { FastifyBaseLogger } from 'fastify';
import {
  LOGIN_MARKERS,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_PATH,
  SIGN_IN_LINK_REQUESTED_DETAIL,
  SIGN_IN_LINK_VALID_MINUTES,
  type SignInLinkConfirmRequest,
  type SignInLinkRequest,
  type SignInLinkResponse,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import { hashLinkKey, linkUrl, newLinkKey, sendAfterAnswer } from '../../platform/mailed-links';
import type { AttemptSource } from '../../platform/password-attempts';
import { LIMITS, releaseWrites, reserveAttempt } from '../../platform/rate-limit';
import { canReceiveSignInLink, canSignIn, needsSecondStep } from './policy';
import { findUserByUsername, hasConnectedPayingSchool } from './repository';
import { checkTotpCode, finishSignIn, type SignedIn } from './service';
import { signInLinkMail } from './sign-in-link-mail';
import {
  claimSignInLink,
  findUsableSignInLink,
  insertSignInLink,
  retireSignInLinksWrite,
} from './sign-in-link-repository';

/*
 * Sign-in by a link mailed to the account's address: the owner's way in from a new address while the account's
 * failed passwords make such addresses wait (platform/rate-limit.ts), for accounts without two-step login (those
 * can send password and code together). Whoever opens the link has the owner's mailbox, as a password reset link
 * asks; unlike a reset it leaves the password and the other sessions alone, and still asks for the two-step code.
 */

const LINK_VALID_MS = SIGN_IN_LINK_VALID_MINUTES * 60_000;

/**
 * `POST /login/link/`: the same answer whether or not the username has an account (rate limited per username and
 * per client address). An active, non-demo account gets a single-use link valid SIGN_IN_LINK_VALID_MINUTES; only
 * the key's SHA-256 is stored. The mail goes out after the answer, so the answer time does not tell either.
 */
export async function requestSignInLink(
  ctx: AppContext,
  input: SignInLinkRequest,
  source: AttemptSource,
  log: FastifyBaseLogger,
): Promise<{ detail: string }> {
  const now = ctx.now();
  await reserveAttempt(
    ctx.db,
    [
      { limit: LIMITS.linkPerAccount, subject: input.username },
      { limit: LIMITS.linkPerAddress, subject: source.ip },
    ],
    now,
  );
  const user = await findUserByUsername(ctx.db, input.username);
  if (user && canReceiveSignInLink(user)) {
    const link = newLinkKey();
    await insertSignInLink(ctx.db, {
      userId: user.id,
      tokenHash: link.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_VALID_MS),
    });
    const message = signInLinkMail({
      to: user.email,
      language: user.language,
      firstName: user.firstName,
      username: user.username,
      link: linkUrl(ctx.config.APP_URL, SIGN_IN_LINK_PATH, link.key),
    });
    sendAfterAnswer(ctx.mailer, message, log, 'sign-in link mail');
  }
  return { detail: SIGN_IN_LINK_REQUESTED_DETAIL };
}

/**
 * `POST /login/link/confirm/`: signs in through a valid link as a login does (school with a licence, the two-step
 * code when the account has it), makes the client address known for the account and gives the browser a device
 * token (device-token.ts), so that its password works from there again. The link is used up only by a complete
 * sign-in, so asking for the code does not spend it; using it retires the account's other open links.
 */
export async function confirmSignInLink(
  ctx: AppContext,
  input: SignInLinkConfirmRequest,
  source: AttemptSource,
  deviceTokens: readonly string[],
): Promise<SignInLinkResponse & SignedIn> {
  const now = ctx.now();
  const reservation = await reserveAttempt(
    ctx.db,
    [{ limit: LIMITS.linkUsePerAddress, subject: source.ip }],
    now,
  );
  const invalid = () => badRequest('Invalid input.', { token: [SIGN_IN_LINK_INVALID] });
  const found = await findUsableSignInLink(ctx.db, hashLinkKey(input.token), now);
  if (!found || !canSignIn(found.user)) throw invalid();
  const { linkId, user } = found;
  if (!(await hasConnectedPayingSchool(ctx.db, user.id))) throw badRequest(LOGIN_MARKERS.noPayingSchool);
  if (needsSecondStep(user)) {
    const code = input.totpChallenge;
    if (!code) throw badRequest(LOGIN_MARKERS.totpRequired);
    const codeOk = await checkTotpCode(ctx, { id: user.id, totpSecretEnc: user.totpSecretEnc }, code, source);
    if (!codeOk) throw badRequest(LOGIN_MARKERS.totpInvalid);
  }
  if (!(await claimSignInLink(ctx.db, linkId, now))) throw invalid();
  await writeAudit(ctx.db, {
    actorUserId: user.id,
    action: 'login.sign_in_link',
    entity: 'user',
    entityId: user.id,
    at: now,
  });
  const signedIn = await finishSignIn(ctx, user, {
    rememberMe: input.rememberMe ?? false,
    source,
    deviceTokens,
    also: [retireSignInLinksWrite(ctx.db, user.id, now), ...releaseWrites(ctx.db, reservation)],
  });
  return { ...signedIn, username: user.username };
}
