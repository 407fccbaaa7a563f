/*
 * The messages of the pages outside the signed-in frame (login, invitation, password reset, e-mail confirmation,
 * the error views): each catalogue is built in two chunks, these and the rest, so the login page loads only these.
 * public-messages.test.ts checks that those pages use no other message. Also read by vite.config.ts.
 */
const PUBLIC_PREFIXES = [
  'app.',
  'auth.',
  'common.',
  'emailConfirm.',
  'errors.',
  'form.',
  'invite.',
  'login.',
  'passwordReset.',
  'readOnly.',
  'serverError.',
];
const PUBLIC_KEYS = ['shell.language', 'twoStep.codeInvalid'];

export function isPublicMessage(id: string): boolean {
  return PUBLIC_KEYS.includes(id) || PUBLIC_PREFIXES.some((prefix) => id.startsWith(prefix));
}
