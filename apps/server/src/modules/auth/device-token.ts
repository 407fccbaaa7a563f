import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { beginPasswordAttempt, type AttemptSource } from '../../platform/password-attempts';
import { releaseWrites } from '../../platform/rate-limit';
import {
  issueDeviceTokenWrites,
  releaseDeviceAttemptWrite,
  reserveDeviceAttempt,
  validTokensOfOthers,
} from './device-token-repository';

/*
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"). A successful sign-in gives the
 * browser a random token bound to the account; a password attempt on that account that brings it skips the login
 * backoffs (per account and address, per account, per address: platform/rate-limit.ts), so someone hammering the
 * account from the same school address cannot keep its owner out. The token has a limit of its own instead: after
 * DEVICE_TOKEN_MAX_FAILURES wrong passwords it no longer helps, so a stolen cookie buys only that many guesses,
 * and every sign-in with it replaces it (a copy taken earlier stops working). The answers are those of a login
 * without it: only the limits that apply differ.
 *
 * Why a cookie and not a value in localStorage sent in the login body: the session is a JWT header, not a cookie,
 * but only the login calls need the device token, so an HttpOnly cookie with the login path keeps it away from
 * scripts (an injected script cannot carry it to another machine) and out of every other request. SameSite=Strict
 * keeps other sites from sending it, so a forged cross-site login can neither use it nor wear down its limit; with
 * no other cookie and no cookie-based session there is nothing else for cross-site requests to ride on. The web app
 * needs no change: fetch sends and keeps same-origin cookies.
 */

export const DEVICE_COOKIE = 'leerzicht_device';
/** The login calls (`/login/`, `/login/link/confirm/`): the browser sends the cookie with nothing else. */
export const DEVICE_COOKIE_PATH = '/api/1.0/login';
export const DEVICE_TOKEN_MAX_FAILURES = 10;
export const DEVICE_TOKEN_VALID_MS = 90 * 24 * 60 * 60_000;
/** Tokens one browser keeps, newest first: teachers who share a classroom computer each keep theirs. */
const TOKENS_PER_COOKIE = 5;
/** Tokens one account keeps (a demo account signs in from many browsers); older ones are deleted. */
const TOKENS_PER_ACCOUNT = 20;
/** 32 random bytes in base64url; the tokens in the cookie are joined with dots. */
const TOKEN_PATTERN = /^[\w-]{43}$/;

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The tokens the request's cookie brings (at most TOKENS_PER_COOKIE, malformed ones left out). */
export function presentedDeviceTokens(request: FastifyRequest): string[] {
  const header = request.headers.cookie ?? '';
  const prefix = `${DEVICE_COOKIE}=`;
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!value) return [];
  return value
    .split('.')
    .filter((token) => TOKEN_PATTERN.test(token))
    .slice(0, TOKENS_PER_COOKIE);
}

/** The Set-Cookie header for the browser's tokens; Secure when the app is served over HTTPS. */
export function deviceCookieHeader(tokens: readonly string[], secure: boolean): string {
  const maxAge = Math.floor(DEVICE_TOKEN_VALID_MS / 1000);
  const attributes = [`Path=${DEVICE_COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  return [`${DEVICE_COOKIE}=${tokens.join('.')}`, ...attributes, ...(secure ? ['Secure'] : [])].join('; ');
}

/** A login's password attempt, counted on a device token of the account or on the backoffs. */
export interface LoginAttempt {
  /** See PasswordAttempt (platform/password-attempts.ts); never with a device token. */
  codeRequired: boolean;
  /** Gives the attempt back when the password was right but the sign-in stops short (second step, no school). */
  giveBack: SQL[];
  /** Gives it back with the sign-in's writes; the device token is replaced then, so it needs nothing. */
  giveBackOnSignIn: SQL[];
}

/**
 * Counts a login's password attempt before the password is checked: on a valid device token of the account when
 * the browser brought one, else on the backoffs (429 when one refuses).
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  username: string,
  source: AttemptSource,
  options: { codeOffered: boolean; deviceTokens: readonly string[] },
): Promise<LoginAttempt> {
  const tokenId = await reserveDeviceAttempt(ctx.db, {
    username,
    tokenHashes: options.deviceTokens.map(hashDeviceToken),
    now: ctx.now(),
    maxFailures: DEVICE_TOKEN_MAX_FAILURES,
  });
  if (tokenId !== null) {
    const giveBack = [releaseDeviceAttemptWrite(ctx.db, tokenId)];
    return { codeRequired: false, giveBack, giveBackOnSignIn: [] };
  }
  const attempt = await beginPasswordAttempt(ctx, username, source, { codeOffered: options.codeOffered });
  const giveBack = releaseWrites(ctx.db, attempt.reservation);
  return { codeRequired: attempt.codeRequired, giveBack, giveBackOnSignIn: giveBack };
}

/**
 * A new device token for the account at sign-in: the writes that store it (run with the sign-in's) and the tokens
 * the browser keeps afterwards, the new one first and then those it brought that are valid for other accounts.
 */
export async function issueDeviceToken(
  ctx: AppContext,
  userId: number,
  presented: readonly string[],
  now: Date,
): Promise<{ writes: SQL[]; tokens: string[] }> {
  const token = randomBytes(32).toString('base64url');
  const hashes = presented.map(hashDeviceToken);
  const others = await validTokensOfOthers(ctx.db, {
    userId,
    tokenHashes: hashes,
    now,
    maxFailures: DEVICE_TOKEN_MAX_FAILURES,
  });
  const kept = presented.filter((presentedToken) => others.has(hashDeviceToken(presentedToken)));
  const writes = issueDeviceTokenWrites(
    ctx.db,
    {
      userId,
      tokenHash: hashDeviceToken(token),
      now,
      expiresAt: new Date(now.getTime() + DEVICE_TOKEN_VALID_MS),
      replaces: hashes,
    },
    TOKENS_PER_ACCOUNT,
  );
  return { writes, tokens: [token, ...kept].slice(0, TOKENS_PER_COOKIE) };
}
