import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGES } from '../password-rules';
import { INVITATION_ERRORS, acceptInvitationRequestSchema, isValidInvitationEmail } from './invitations';

const valid = {
  email: 'nieuw@example.org',
  firstName: 'Nieuwe',
  lastName: 'Collega',
  password: 'een lang wachtwoord',
  passwordConfirmation: 'een lang wachtwoord',
};

const fieldErrors = (input: unknown) => {
  const result = acceptInvitationRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};

describe('invitation contract', () => {
  it('accepts addresses with surrounding spaces and any case, refuses others', () => {
    expect(isValidInvitationEmail(' Juf.Anna@School.NL ')).toBe(true);
    for (const value of ['', 'geen-adres', 'a@', '@b.nl', 'a b@c.nl'])
      expect(isValidInvitationEmail(value)).toBe(false);
  });

  it('reports every missing field as required', () => {
    expect(fieldErrors({})).toEqual({
      email: [INVITATION_ERRORS.required],
      firstName: [INVITATION_ERRORS.required],
      lastName: [INVITATION_ERRORS.required],
      password: [INVITATION_ERRORS.required],
      passwordConfirmation: [INVITATION_ERRORS.required],
    });
  });

  it('checks length and the confirmation, also next to other field errors', () => {
    expect(fieldErrors(valid)).toEqual({});
    expect(fieldErrors({ ...valid, password: 'kort', passwordConfirmation: 'kort' })).toEqual({
      password: [PASSWORD_RULE_MESSAGES.tooShort],
    });
    expect(fieldErrors({ ...valid, firstName: ' ', passwordConfirmation: 'iets anders dan dat' })).toEqual({
      firstName: [INVITATION_ERRORS.required],
      passwordConfirmation: [INVITATION_ERRORS.passwordMismatch],
    });
  });
});
