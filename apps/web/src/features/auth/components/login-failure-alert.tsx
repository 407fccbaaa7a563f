import { Alert, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { tooManyAttemptsMessage } from '../../../lib/too-many-attempts';
import type { LoginFailure } from '../lib/login-failure';

interface LoginFailureAlertProps {
  failure: Exclude<LoginFailure, 'totpRequired'>;
  /** The wait a 429 asked for, in seconds. */
  waitSeconds?: number | null;
}

/** The error box of a failed login (spec section 8). */
export function LoginFailureAlert({ failure, waitSeconds = null }: LoginFailureAlertProps) {
  const intl = useIntl();
  if (failure === 'failed') {
    return (
      <Alert color="red" role="alert" title={intl.formatMessage({ id: 'login.error.failed' })}>
        <Text size="sm">
          <FormattedMessage id="login.error.hintPassword" />
        </Text>
        <Text size="sm">
          <FormattedMessage id="login.error.hintUsername" />
        </Text>
      </Alert>
    );
  }
  if (failure === 'tooManyAttempts') {
    return (
      <Alert color="red" role="alert">
        <Text size="sm">{tooManyAttemptsMessage(intl, waitSeconds)}</Text>
      </Alert>
    );
  }
  const messageId = {
    totpInvalid: 'login.error.codeInvalid',
    noPayingSchool: 'login.error.noPayingSchool',
  } as const;
  return (
    <Alert color="red" role="alert">
      <Text size="sm">
        <FormattedMessage id={messageId[failure]} />
      </Text>
    </Alert>
  );
}
