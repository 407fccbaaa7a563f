import { z } from 'zod';
import { idSchema, text } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGES } from '../password-rules';

/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 14;
/** Addresses one invitation request may carry. */
export const INVITATION_MAX_EMAILS = 50;

/** Messages of the per-address and per-field errors, so the web app can map them to its own texts. */
export const INVITATION_ERRORS = {
  invalidEmail: 'Enter a valid e-mail address.',
  alreadyMember: 'This person is already a member of this school.',
  alreadyInvited: 'This person has already been invited.',
  mailFailed: 'The invitation e-mail could not be sent.',
  required: 'Field is required',
  passwordMismatch: 'The passwords do not match.',
  emailMismatch: 'Use the e-mail address this invitation was sent to.',
  existingAccountPassword: 'An account with this e-mail address exists: enter the password of that account.',
} as const;

const email = text().trim().toLowerCase().pipe(z.email());

/** True for an address the invitation endpoint accepts (the same rule the server applies per address). */
export function isValidInvitationEmail(value: string): boolean {
  return email.safeParse(value).success && value.trim().length <= 254;
}

export const createInvitationsRequestSchema = z.object({
  schoolId: idSchema,
  emails: z.array(text().max(1000)).min(1).max(INVITATION_MAX_EMAILS),
  isSchoolSuperuser: z.boolean().optional().default(false),
});
export type CreateInvitationsRequest = z.input<typeof createInvitationsRequestSchema>;

export const invitationResultSchema = z.object({
  email: z.string(),
  /** Empty when the invitation was stored and sent; then `id` names it. */
  errors: z.array(z.string()),
  id: z.number().int().optional(),
});
export const createInvitationsResponseSchema = z.object({ invitations: z.array(invitationResultSchema) });
export type CreateInvitationsResponse = z.infer<typeof createInvitationsResponseSchema>;

export const invitationKeyParamSchema = z.object({ key: text().min(1).max(200) });

/** What the accept screen reads by key (public). Expired open keys answer 404; used keys answer accepted. */
export const invitationSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  email: z.string(),
  isSchoolSuperuser: z.boolean(),
  accepted: z.boolean(),
  expiresAt: z.iso.datetime(),
  /** An account with this address exists: accepting joins the school and needs that account's password. */
  existingAccount: z.boolean(),
  /** The account's username once the invitation was accepted (for the login redirect), else null. */
  username: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const requiredText = (max: number) =>
  text({ error: INVITATION_ERRORS.required }).trim().min(1, INVITATION_ERRORS.required).max(max);

const acceptFields = z.object({
  email: requiredText(254),
  firstName: requiredText(150),
  lastName: requiredText(150),
  password: text({ error: INVITATION_ERRORS.required })
    .min(1, INVITATION_ERRORS.required)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGES.tooLong),
  passwordConfirmation: text({ error: INVITATION_ERRORS.required }).min(1, INVITATION_ERRORS.required),
});

const passwords = acceptFields.pick({ password: true, passwordConfirmation: true });

export const acceptInvitationRequestSchema = acceptFields.refine(
  (value) => value.password === value.passwordConfirmation,
  {
    path: ['passwordConfirmation'],
    message: INVITATION_ERRORS.passwordMismatch,
    // Also report a mismatch when another field (a name) is missing.
    when: (payload) => passwords.safeParse(payload.value).success,
  },
);
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

export const acceptInvitationResponseSchema = z.object({ username: z.string() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

export const removeInvitationRequestSchema = z.object({ id: idSchema });
export const updateInvitationRequestSchema = z.object({ isSchoolSuperuser: z.boolean() });
export type UpdateInvitationRequest = z.infer<typeof updateInvitationRequestSchema>;

/** An open invitation as its school's superusers see it (after an update). */
export const schoolInvitationSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  email: z.string(),
  isSchoolSuperuser: z.boolean(),
  accepted: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type SchoolInvitation = z.infer<typeof schoolInvitationSchema>;

export const removedInvitationResponseSchema = z.object({ id: z.number().int(), detail: z.string() });
