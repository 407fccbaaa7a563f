import {
  ACCOUNT_ERRORS,
  apiErrorSchema,
  COLLEAGUE_ERRORS,
  DOORSTROOMTOETS_ERRORS,
  GROUP_PLAN_ERRORS,
  INVITATION_ERRORS,
  NOTE_CATEGORY_ERRORS,
  OTP_ERRORS,
  PASSWORD_RULE_MESSAGES,
  RETENTION_ERRORS,
  SERVICE_UNAVAILABLE_DETAIL,
} from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';
import type { z } from 'zod';
import type { MessageId } from '../i18n/messages';
import { isApiError } from './api-error';

export type FieldErrors = Record<string, string[]>;

/** The per-field messages of a 400 answer (`errors`), or an empty object. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error, 400)) return {};
  const body = apiErrorSchema.safeParse(error.body);
  return body.success ? (body.data.errors ?? {}) : {};
}

/** The `detail` of an error answer, or null. */
export function detailOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const body = apiErrorSchema.safeParse(error.body);
  return body.success ? body.data.detail : null;
}

/** Server messages the app knows, shown in the interface language; others are shown as the server wrote them. */
const KNOWN_MESSAGES: Record<string, MessageId> = {
  [ACCOUNT_ERRORS.usernameTaken]: 'serverError.usernameTaken',
  [ACCOUNT_ERRORS.emailTaken]: 'serverError.emailTaken',
  [ACCOUNT_ERRORS.usernameInvalid]: 'serverError.usernameInvalid',
  [ACCOUNT_ERRORS.wrongPassword]: 'serverError.wrongPassword',
  [ACCOUNT_ERRORS.passwordMismatch]: 'serverError.passwordMismatch',
  [ACCOUNT_ERRORS.resetTokenInvalid]: 'serverError.resetTokenInvalid',
  [ACCOUNT_ERRORS.emailChangeInvalid]: 'serverError.emailChangeInvalid',
  [INVITATION_ERRORS.invalidEmail]: 'serverError.invalidEmail',
  [INVITATION_ERRORS.alreadyMember]: 'serverError.alreadyMember',
  [INVITATION_ERRORS.alreadyInvited]: 'serverError.alreadyInvited',
  [INVITATION_ERRORS.mailFailed]: 'serverError.mailFailed',
  [SERVICE_UNAVAILABLE_DETAIL]: 'serverError.unavailable',
  [INVITATION_ERRORS.required]: 'form.required',
  [INVITATION_ERRORS.passwordMismatch]: 'serverError.passwordMismatch',
  [INVITATION_ERRORS.emailMismatch]: 'serverError.emailMismatch',
  [INVITATION_ERRORS.existingAccountPassword]: 'serverError.existingAccountPassword',
  [PASSWORD_RULE_MESSAGES.tooShort]: 'serverError.passwordTooShort',
  [PASSWORD_RULE_MESSAGES.tooLong]: 'serverError.passwordTooLong',
  [PASSWORD_RULE_MESSAGES.tooCommon]: 'serverError.passwordTooCommon',
  [PASSWORD_RULE_MESSAGES.tooPersonal]: 'serverError.passwordTooPersonal',
  [OTP_ERRORS.invalidCode]: 'twoStep.codeInvalid',
  [COLLEAGUE_ERRORS.lastSuperuser]: 'serverError.lastSuperuser',
  [GROUP_PLAN_ERRORS.evaluation]: 'serverError.evaluationTooLong',
  [GROUP_PLAN_ERRORS.endBeforeStart]: 'serverError.endBeforeStart',
  [NOTE_CATEGORY_ERRORS.hasNotes]: 'serverError.categoryHasNotes',
  [NOTE_CATEGORY_ERRORS.cycle]: 'serverError.categoryCycle',
  [RETENTION_ERRORS.notDue]: 'serverError.notDueForRemoval',
  [DOORSTROOMTOETS_ERRORS.test]: 'serverError.doorstroomtoets.test',
  [DOORSTROOMTOETS_ERRORS.date]: 'serverError.doorstroomtoets.date',
  [DOORSTROOMTOETS_ERRORS.earlyDate]: 'serverError.doorstroomtoets.earlyDate',
  [DOORSTROOMTOETS_ERRORS.futureDate]: 'serverError.doorstroomtoets.futureDate',
  [DOORSTROOMTOETS_ERRORS.level]: 'serverError.doorstroomtoets.level',
  [DOORSTROOMTOETS_ERRORS.advice]: 'serverError.doorstroomtoets.advice',
  'This invitation has already been used.': 'serverError.invitationUsed',
  'This invitation has expired. Ask your school for a new invitation.': 'serverError.invitationExpired',
};

/** The server's 429 detail starts with this; the rest says how long to wait. */
const TOO_MANY_ATTEMPTS = 'Too many attempts.';

export function translateServerMessage(intl: IntlShape, message: string): string {
  if (message.startsWith(TOO_MANY_ATTEMPTS)) return intl.formatMessage({ id: 'serverError.tooManyAttempts' });
  const id = KNOWN_MESSAGES[message];
  return id ? intl.formatMessage({ id }) : message;
}

/** The first message of a refused request (any field, else its detail), translated; null when there is none. */
export function firstErrorMessage(intl: IntlShape, error: unknown): string | null {
  const first = Object.values(fieldErrorsOf(error)).flat()[0] ?? detailOf(error);
  return first ? translateServerMessage(intl, first) : null;
}

/** One field's messages, translated and joined, for a Mantine `error` prop; undefined when there are none. */
export function fieldError(intl: IntlShape, errors: FieldErrors, field: string): string | undefined {
  const messages = errors[field];
  if (!messages || messages.length === 0) return undefined;
  return messages.map((message) => translateServerMessage(intl, message)).join(' ');
}

/** A zod issue's message in the server's words, so the same translations apply. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
    return INVITATION_ERRORS.required;
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return INVITATION_ERRORS.invalidEmail;
  return issue.message;
}

/** Client-side validation with a contract schema: the first issue of each field, in the server's shape. */
export function schemaFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    // The first problem of a field is the one to fix (an empty password is not also "too short").
    errors[field] ??= [issueMessage(issue)];
  }
  return errors;
}
