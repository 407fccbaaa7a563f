import { Alert, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LoginFailure } from '../lib/login-failure';

/** The error box of a failed login (spec section 8). */
export function LoginFailureAlert({ failure }: { failure: Exclude<LoginFailure, 'totpRequired'> }) {
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
  const messageId = {
    totpInvalid: 'login.error.codeInvalid',
    noPayingSchool: 'login.error.noPayingSchool',
    tooManyAttempts: 'serverError.tooManyAttempts',
  } as const;
  return (
    <Alert color="red" role="alert">
      <Text size="sm">
        <FormattedMessage id={messageId[failure]} />
      </Text>
    </Alert>
  );
}
