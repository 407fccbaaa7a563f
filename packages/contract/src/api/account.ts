import { z } from 'zod';
import { text } from './common';
import { LANGUAGES } from '../constants';
import { PASSWORD_MAX_LENGTH } from '../password-rules';

/**
 * Account calls (spec section 7, "Authentication and account").
 *
 * Password confirmation: changing the e-mail address or two-step login needs the current password.
 * The client first sends it to `POST /rest-auth/password/confirm/` `{ password }`; that stamps the
 * current session, and for PASSWORD_CONFIRMATION_VALID_MINUTES afterwards the session may change the
 * e-mail address (`PATCH /rest-auth/user/`) and start or stop two-step login (`GET /otp/totp/activate`,
 * `GET /otp/totp/deactivate/{code}`). Without a fresh confirmation those answer 400 with the marker
 * PASSWORD_CONFIRMATION_REQUIRED in `detail`: ask for the password, confirm, and repeat the call.
 * (A stamp on the session rather than a password field, because the two-step calls are body-less GETs.)
 *
 * A new e-mail address is not taken over at once: the answer is the profile with the old `email` and the new
 * address in `pendingEmail`; a link valid EMAIL_CHANGE_VALID_HOURS goes to the new address
 * (`{APP_URL}/accounts/email/confirm/{token}/`, which sends `POST /rest-auth/user/email/confirm/` `{ token }`)
 * and the old address is told. The answer is the same whether or not the new address belongs to another
 * account, so the call cannot be used to find out who has an account.
 *
 * Password change and reset use camelCase names after Django rest-auth's: `oldPassword`,
 * `newPassword1`, `newPassword2`. Per-field errors come back under those names.
 *
 * Password reset: `POST /rest-auth/password/reset/` `{ email }` always answers the same 200 body; an
 * active account with that address gets an e-mail with the link
 * `{APP_URL}/accounts/password_reset/confirm/{token}/`, valid PASSWORD_RESET_VALID_MINUTES and usable
 * once. That page sends `POST /rest-auth/password/reset/confirm/` `{ token, newPassword1, newPassword2 }`;
 * success signs out every session of the account, and two-step login still applies at the next login.
 */
export const PASSWORD_CONFIRMATION_REQUIRED = 'PASSWORD_CONFIRMATION_REQUIRED';
export const PASSWORD_CONFIRMATION_VALID_MINUTES = 10;
export const PASSWORD_RESET_VALID_MINUTES = 60;
export const EMAIL_CHANGE_VALID_HOURS = 48;
/** The web route of the e-mail confirmation link; `{token}` is filled in by the server. */
export const EMAIL_CHANGE_CONFIRM_PATH = '/accounts/email/confirm/{token}/';
/** The web route of the reset link; `{token}` is filled in by the server. */
export const PASSWORD_RESET_CONFIRM_PATH = '/accounts/password_reset/confirm/{token}/';

export const ACCOUNT_ERRORS = {
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that e-mail address already exists.',
  usernameInvalid: 'Enter a valid username: letters, digits and @ . + - _ only.',
  wrongPassword: 'The password is not correct.',
  passwordMismatch: "The two password fields didn't match.",
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  emailChangeInvalid: 'This link to confirm an e-mail address is invalid, has expired or was already used.',
} as const;

const name = text().trim().max(150);

export const updateUserRequestSchema = z.object({
  email: text().trim().max(254).pipe(z.email()).optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  username: text()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[\p{L}\p{N}.@+_-]+$/u, ACCOUNT_ERRORS.usernameInvalid)
    .optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

const password = text().min(1).max(PASSWORD_MAX_LENGTH);

export const passwordConfirmRequestSchema = z.object({ password });
export type PasswordConfirmRequest = z.input<typeof passwordConfirmRequestSchema>;
export const passwordConfirmResponseSchema = z.object({
  detail: z.string(),
  /** Until when the session may change e-mail and two-step login without asking again. */
  confirmedUntil: z.iso.datetime(),
});
export type PasswordConfirmResponse = z.infer<typeof passwordConfirmResponseSchema>;

/** newPassword1/2 are checked by the server rules (passwordProblems) and per field, not by length here. */
export const passwordChangeRequestSchema = z.object({
  oldPassword: password,
  newPassword1: password,
  newPassword2: password,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: text().trim().min(1).max(254) });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmRequestSchema = z.object({
  token: text().min(1).max(200),
  newPassword1: password,
  newPassword2: password,
});
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmRequestSchema>;

/** The answer of calls that only report success. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

export const PASSWORD_RESET_REQUESTED_DETAIL =
  'If an account with this e-mail address exists, an e-mail with a reset link has been sent.';

export const emailChangeConfirmRequestSchema = z.object({ token: text().min(1).max(200) });
export type EmailChangeConfirmRequest = z.input<typeof emailChangeConfirmRequestSchema>;
export const EMAIL_CHANGE_CONFIRMED_DETAIL = 'Your e-mail address has been changed.';
