import { SINGLE_LINE } from './input-rules';

/*
 * What the login page needs before anyone logs in, without zod (the schemas in auth.ts apply the same rules):
 * the page loads zod only once a login is sent.
 */

/** Markers a failed login carries in `detail` (spec sections 7 and 8). */
export const LOGIN_MARKERS = {
  totpRequired: 'TOTP challenge is required',
  totpInvalid: 'TOTP challenge is invalid',
  noPayingSchool: 'NO_CONNECTED_PAYING_SCHOOL_ERROR',
} as const;

/** Longest username and password a login request may carry. */
export const LOGIN_LIMITS = { username: 150, password: 1000 } as const;

/**
 * True when loginRequestSchema accepts these credentials (without a two-step code): a username of 1 to 150
 * characters once trimmed and a password of 1 to 1000, neither with control characters.
 */
export function isCompleteLogin({ username, password }: { username: string; password: string }): boolean {
  const trimmed = username.trim().length;
  return (
    SINGLE_LINE.test(username) &&
    trimmed >= 1 &&
    trimmed <= LOGIN_LIMITS.username &&
    SINGLE_LINE.test(password) &&
    password.length >= 1 &&
    password.length <= LOGIN_LIMITS.password
  );
}

/**
 * The e-mailed sign-in link (`POST /login/link/`): how long it works, and the web page it opens, whose `{token}` the
 * server fills in. Here rather than in sign-in-link.ts because the login page offers the link without loading zod.
 */
export const SIGN_IN_LINK_VALID_MINUTES = 15;
export const SIGN_IN_LINK_PATH = '/auth/sign-in-link/{token}/';
