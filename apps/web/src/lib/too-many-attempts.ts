import type { IntlShape } from 'react-intl';

/** "Too many attempts", with the wait from Retry-After when the answer gave one (seconds under a minute). */
export function tooManyAttemptsMessage(intl: IntlShape, retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null || retryAfterSeconds <= 0) {
    return intl.formatMessage({ id: 'serverError.tooManyAttempts' });
  }
  if (retryAfterSeconds < 60) {
    return intl.formatMessage({ id: 'serverError.tooManyAttemptsSeconds' }, { seconds: retryAfterSeconds });
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return intl.formatMessage({ id: 'serverError.tooManyAttemptsMinutes' }, { minutes });
}
