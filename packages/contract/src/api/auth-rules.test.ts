import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth';
import { isCompleteLogin, LOGIN_LIMITS } from './auth-rules';

const cases: Array<[string, { username: string; password: string }, boolean]> = [
  ['a username and a password', { username: 'leerkracht', password: 'welkom-leerzicht' }, true],
  ['an empty username', { username: '', password: 'geheim' }, false],
  ['a username of spaces only', { username: '   ', password: 'geheim' }, false],
  ['a username with spaces around it', { username: '  leerkracht ', password: 'geheim' }, true],
  ['an empty password', { username: 'leerkracht', password: '' }, false],
  ['a password of one space', { username: 'leerkracht', password: ' ' }, true],
  ['the longest username', { username: 'a'.repeat(LOGIN_LIMITS.username), password: 'x' }, true],
  ['a username one too long', { username: 'a'.repeat(LOGIN_LIMITS.username + 1), password: 'x' }, false],
  [
    'the longest username once trimmed',
    { username: ` ${'a'.repeat(LOGIN_LIMITS.username)} `, password: 'x' },
    true,
  ],
  ['the longest password', { username: 'a', password: 'p'.repeat(LOGIN_LIMITS.password) }, true],
  ['a password one too long', { username: 'a', password: 'p'.repeat(LOGIN_LIMITS.password + 1) }, false],
  ['a NUL in the username', { username: 'leer\u0000kracht', password: 'geheim' }, false],
  ['a tab in the username', { username: 'leerkracht\t', password: 'geheim' }, false],
  ['a line feed in the password', { username: 'leerkracht', password: 'geheim\n' }, false],
  ['a lone surrogate in the password', { username: 'leerkracht', password: 'geh\uD800eim' }, false],
  ['an emoji in the password', { username: 'leerkracht', password: 'geheim 🙂' }, true],
];

describe('isCompleteLogin', () => {
  it.each(cases)('answers %s as loginRequestSchema does', (_, credentials, expected) => {
    const request = { ...credentials, rememberMe: true };
    expect(loginRequestSchema.safeParse(request).success).toBe(expected);
    expect(isCompleteLogin(credentials)).toBe(expected);
  });
});
