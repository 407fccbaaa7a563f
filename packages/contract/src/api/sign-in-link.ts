import { z } from 'zod';
import { text } from './common';
import { LOGIN_LIMITS } from './auth-rules';

/*
 * Sign-in by e-mailed link, the owner's way in while the account makes new addresses wait after many failed
 * passwords (README, "Login limits"). `POST /login/link/` `{ username }` always answers the same 200 body; an
 * active account with that username gets an e-mail with the link `{APP_URL}/auth/sign-in-link/{token}/`, valid
 * SIGN_IN_LINK_VALID_MINUTES and usable once. That page sends `POST /login/link/confirm/` `{ token }`, which
 * answers like a login: the session token, or 400 with LOGIN_MARKERS.totpRequired when the account has two-step
 * login (send the code as `totpChallenge` with the same token: the link is used up only by a complete sign-in).
 */

export const signInLinkRequestSchema = z.object({
  username: text().trim().min(1).max(LOGIN_LIMITS.username),
});
export type SignInLinkRequest = z.input<typeof signInLinkRequestSchema>;

export const SIGN_IN_LINK_REQUESTED_DETAIL =
  'If an account with this username exists, an e-mail with a sign-in link has been sent to its address.';

export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, has expired or was already used.';

export const signInLinkConfirmRequestSchema = z.object({
  token: text().min(1).max(200),
  rememberMe: z.boolean().optional().default(false),
  totpChallenge: text()
    .regex(/^\d{6}$/)
    .optional(),
});
export type SignInLinkConfirmRequest = z.input<typeof signInLinkConfirmRequestSchema>;

/** A login's answer, with the username the web keeps beside the session (the link page did not ask for it). */
export const signInLinkResponseSchema = z.object({ token: z.string(), username: z.string() });
export type SignInLinkResponse = z.infer<typeof signInLinkResponseSchema>;
