import { Secret, TOTP } from 'otpauth';

/** RFC 6238: 30-second step, 6 digits, SHA-1; one step of drift either way. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

export function createTotp(base32Secret: string, label = 'Leerzicht'): TOTP {
  return new TOTP({
    issuer: 'Leerzicht',
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** The time step a valid code belongs to, or null; callers refuse a step at or before the last one used. */
export function matchTotpStep(base32Secret: string, code: string, now: Date): number | null {
  const totp = createTotp(base32Secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
