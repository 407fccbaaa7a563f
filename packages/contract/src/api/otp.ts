import { z } from 'zod';
import { text } from './common';
import { AUTH_CODE_LENGTH } from '../constants';

/**
 * Two-step login (TOTP, RFC 6238: SHA-1, 6 digits, 30-second step, one step of drift either way).
 * `GET /otp/totp/` status; `GET /otp/totp/activate` stores a fresh secret (not yet active) and answers
 * its otpauth:// uri for the QR code; `GET /otp/totp/verify/{code}` activates on the first valid code;
 * `GET /otp/totp/deactivate/{code}` turns it off with a valid code. Activate and deactivate need a
 * fresh password confirmation (see api/account.ts). Wrong codes answer 400 with OTP_ERRORS in `detail`
 * and count towards the code-attempt limit (429 with Retry-After).
 */
export const OTP_ERRORS = {
  invalidCode: 'The entered code is not valid',
  alreadyActive: 'Two-step login is already active.',
  notActive: 'Two-step login is not active.',
  notStarted: 'Start the activation first: no two-step secret is waiting for a code.',
} as const;

export const totpStatusSchema = z.object({ active: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const totpActivateResponseSchema = z.object({ uri: z.string() });
export type TotpActivateResponse = z.infer<typeof totpActivateResponseSchema>;

export const totpCodeParamSchema = z.object({
  code: text().regex(new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`), OTP_ERRORS.invalidCode),
});

export const totpResultSchema = z.object({ result: z.boolean() });
export type TotpResult = z.infer<typeof totpResultSchema>;
