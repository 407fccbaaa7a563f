import { Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordField } from '../../../components/password-field';
import type { LoginFlow } from '../hooks/use-login-flow';
import { LoginFailureAlert } from './login-failure-alert';
import { SignInLinkOffer } from './sign-in-link-offer';

export const PASSWORD_RESET_URL = '/accounts/password_reset/';

/** Username, password and remember me; the button stays disabled while a field is empty or a login runs. */
export function LoginForm({ flow }: { flow: LoginFlow }) {
  const intl = useIntl();
  const { credentials, setCredentials } = flow;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flow.submitCredentials();
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {flow.failure && <LoginFailureAlert failure={flow.failure} waitSeconds={flow.waitSeconds} />}
        {flow.failure === 'tooManyAttempts' && (
          <>
            <Anchor component="button" type="button" size="sm" onClick={flow.switchToCode}>
              <FormattedMessage id="login.code.now" />
            </Anchor>
            <SignInLinkOffer username={credentials.username} />
          </>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'login.username' })}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={credentials.username}
          onChange={(event) => {
            const username = event.currentTarget.value;
            setCredentials((current) => ({ ...current, username }));
          }}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'login.password' })}
          name="password"
          autoComplete="current-password"
          required
          value={credentials.password}
          onChange={(event) => {
            const password = event.currentTarget.value;
            setCredentials((current) => ({ ...current, password }));
          }}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'login.rememberMe' })}
          name="rememberMe"
          checked={credentials.rememberMe}
          onChange={(event) => {
            const rememberMe = event.currentTarget.checked;
            setCredentials((current) => ({ ...current, rememberMe }));
          }}
        />
        <Button type="submit" disabled={!flow.canSubmitCredentials} loading={flow.isPending}>
          <FormattedMessage id="login.submit" />
        </Button>
        <Anchor href={PASSWORD_RESET_URL} size="sm">
          <FormattedMessage id="login.forgotPassword" />
        </Anchor>
      </Stack>
    </form>
  );
}
