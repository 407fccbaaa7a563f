import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpCode, totpUri } from '../../src/platform/totp';

// RFC 6238 appendix B, SHA-1: the secret is the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('gives the RFC code at %i s with 8 digits', (seconds, code) => {
    expect(totpCode(RFC_SECRET, at(seconds), 8)).toBe(code);
  });

  it.each(VECTORS)('gives the last 6 digits at %i s and accepts them', (seconds, code) => {
    const six = code.slice(-6);
    expect(totpCode(RFC_SECRET, at(seconds))).toBe(six);
    expect(matchTotpStep(RFC_SECRET, six, at(seconds))).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step of drift either way and refuses two', () => {
    const now = at(1234567890);
    const step = Math.floor(1234567890 / 30);
    const codeAt = (offsetSteps: number) => totpCode(RFC_SECRET, at(1234567890 + offsetSteps * 30));
    expect(matchTotpStep(RFC_SECRET, codeAt(-1), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, codeAt(1), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, codeAt(-2), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, codeAt(2), now)).toBeNull();
  });

  it('refuses a wrong code', () => {
    const code = totpCode(RFC_SECRET, at(59));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(RFC_SECRET, wrong, at(59))).toBeNull();
  });

  it('makes fresh 160-bit secrets and an otpauth uri', () => {
    const first = newTotpSecret();
    expect(Secret.fromBase32(first).bytes.length).toBe(20);
    expect(newTotpSecret()).not.toBe(first);
    const uri = new URL(totpUri(first, 'juf.anna'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(first);
    expect(uri.searchParams.get('issuer')).toBe('Leerzicht');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
