import { COMMON_PASSWORDS } from './common-passwords';

/** Length rules for a new password; no composition rules (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1000;

export const PASSWORD_RULE_MESSAGES = {
  tooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `This password is too long. It may contain at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooCommon: 'This password is too common.',
  tooPersonal: 'This password is too similar to your username or e-mail address.',
} as const;

/** What a password may not resemble: the account's own names. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

const COMMON = new Set(COMMON_PASSWORDS);
const normalise = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function personalParts(owner: PasswordOwner): string[] {
  const email = owner.email?.trim() ?? '';
  const parts = [owner.username ?? '', email, email.split('@')[0] ?? ''];
  return parts.map(normalise).filter((part) => part.length >= 4);
}

/**
 * The problems of a new password, as messages (empty when it is acceptable): at least
 * PASSWORD_MIN_LENGTH characters, not a common password, and not containing the username, the e-mail
 * address or its local part. The server applies exactly this; the web may use it for early hints.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_RULE_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_RULE_MESSAGES.tooLong);
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || COMMON.has(lower.trim())) problems.push(PASSWORD_RULE_MESSAGES.tooCommon);
  const plain = normalise(password);
  if (personalParts(owner).some((part) => plain.includes(part))) {
    problems.push(PASSWORD_RULE_MESSAGES.tooPersonal);
  }
  return problems;
}
