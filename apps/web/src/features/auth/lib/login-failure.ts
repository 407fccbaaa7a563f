import { LOGIN_MARKERS } from '@leerzicht/contract';
import { isApiError } from '../../../lib/api-error';
import { detailOf } from '../../../lib/server-errors';

/** Why a login did not succeed, as the login screen tells it (spec sections 4 and 8). */
export type LoginFailure = 'totpRequired' | 'totpInvalid' | 'noPayingSchool' | 'tooManyAttempts' | 'failed';

export function loginFailureOf(error: unknown): LoginFailure {
  if (isApiError(error, 429)) return 'tooManyAttempts';
  const detail = detailOf(error) ?? '';
  if (detail.includes(LOGIN_MARKERS.totpRequired)) return 'totpRequired';
  if (detail.includes(LOGIN_MARKERS.totpInvalid)) return 'totpInvalid';
  if (detail.includes(LOGIN_MARKERS.noPayingSchool)) return 'noPayingSchool';
  return 'failed';
}
