import { Secret, TOTP } from 'otpauth';

/** RFC 6238: 30-second step, 6 digits, SHA-1; one step of drift either way. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Leerzicht';
/** 160 bits, the RFC 4226 recommendation for SHA-1. */
const SECRET_BYTES = 20;

export function createTotp(base32Secret: string, label = TOTP_ISSUER, digits = TOTP_DIGITS): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** A fresh random secret (base32), to be sealed with the secret box before it is stored. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// uri an authenticator app reads from the QR code. */
export function totpUri(base32Secret: string, accountLabel: string): string {
  return createTotp(base32Secret, accountLabel).toString();
}

/** The code for a moment (tests and tools; the server only validates). */
export function totpCode(base32Secret: string, at: Date, digits = TOTP_DIGITS): string {
  return createTotp(base32Secret, TOTP_ISSUER, digits).generate({ timestamp: at.getTime() });
}

/** The time step a valid code belongs to, or null; callers refuse a step at or before the last one used. */
export function matchTotpStep(base32Secret: string, code: string, now: Date): number | null {
  const totp = createTotp(base32Secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
