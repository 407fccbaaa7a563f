import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_RULE_MESSAGES, passwordProblems } from './password-rules';

describe('passwordProblems', () => {
  it('accepts a long password without composition rules', () => {
    expect(passwordProblems('paarden eten graag hooi')).toEqual([]);
    expect(passwordProblems('aaaaaaaaaaaaaaab')).toEqual([]);
  });

  it('refuses passwords shorter than ten characters', () => {
    expect(passwordProblems('kort-ww9')).toEqual([PASSWORD_RULE_MESSAGES.tooShort]);
  });

  it('refuses common passwords in any case', () => {
    expect(passwordProblems('Wachtwoord123')).toEqual([PASSWORD_RULE_MESSAGES.tooCommon]);
    expect(passwordProblems('QWERTYUIOP')).toEqual([PASSWORD_RULE_MESSAGES.tooCommon]);
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    expect(COMMON_PASSWORDS.every((entry) => entry === entry.toLowerCase())).toBe(true);
  });

  it('refuses a password that holds the username or e-mail address', () => {
    const owner = { username: 'j.devries', email: 'jan.devries@school.example' };
    expect(passwordProblems('J.deVries-2026!', owner)).toEqual([PASSWORD_RULE_MESSAGES.tooPersonal]);
    expect(passwordProblems('jan.devries@school.example', owner)).toEqual([
      PASSWORD_RULE_MESSAGES.tooPersonal,
    ]);
    expect(passwordProblems('een heel ander wachtwoord', owner)).toEqual([]);
  });

  it('ignores very short usernames', () => {
    expect(passwordProblems('janneke op de fiets', { username: 'jan' })).toEqual([]);
  });
});
