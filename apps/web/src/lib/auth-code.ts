import { AUTH_CODE_LENGTH } from '@leerzicht/contract';

/** What a code field keeps of typed or pasted text: digits only, at most AUTH_CODE_LENGTH of them. */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, AUTH_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`).test(code);
}
