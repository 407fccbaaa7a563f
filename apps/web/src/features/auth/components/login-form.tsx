import { loginRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLoginMutation } from '../api/login';

export const PASSWORD_RESET_URL = '/accounts/password_reset/';

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const loginMutation = useLoginMutation();

  const request = loginRequestSchema.safeParse({ username, password, rememberMe });
  const canSubmit = request.success && !loginMutation.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request.success || loginMutation.isPending) return;
    loginMutation.mutate(request.data, { onSuccess: onLoggedIn });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {loginMutation.isError && (
          <Alert color="red" role="alert" title={intl.formatMessage({ id: 'login.error.failed' })}>
            <Text size="sm">
              <FormattedMessage id="login.error.hintPassword" />
            </Text>
            <Text size="sm">
              <FormattedMessage id="login.error.hintUsername" />
            </Text>
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'login.username' })}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'login.password' })}
          name="password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage({ id: 'login.togglePassword' }) }}
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'login.rememberMe' })}
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.currentTarget.checked)}
        />
        <Button type="submit" disabled={!canSubmit} loading={loginMutation.isPending}>
          <FormattedMessage id="login.submit" />
        </Button>
        <Anchor href={PASSWORD_RESET_URL} size="sm">
          <FormattedMessage id="login.forgotPassword" />
        </Anchor>
      </Stack>
    </form>
  );
}
