import { PASSWORD_RESET_VALID_MINUTES, passwordResetRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PublicFrame } from '../../../components/public-frame';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useRequestPasswordResetMutation } from '../api/password-reset';

/** /accounts/password_reset/: asks for an e-mail address and always confirms the same way. */
export function PasswordResetRequestPage() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const form = useContractForm({
    schema: passwordResetRequestSchema,
    mutation: useRequestPasswordResetMutation(),
    failureMessage: 'passwordReset.failed',
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit({ email });
  }

  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="passwordReset.title" />
      </Title>
      {form.outcome === 'saved' ? (
        <Alert color="teal" role="status">
          <FormattedMessage id="passwordReset.requested" values={{ minutes: PASSWORD_RESET_VALID_MINUTES }} />
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="passwordReset.intro" />
            </Text>
            {form.outcome === 'suppressed' && <ReadOnlyNotice />}
            {form.generalError && (
              <Alert color="red" role="alert">
                {form.generalError}
              </Alert>
            )}
            <TextInput
              label={intl.formatMessage({ id: 'passwordReset.email' })}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              error={form.fieldError('email')}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={form.pending} disabled={form.pending}>
              <FormattedMessage id="passwordReset.submit" />
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/auth/login" size="sm">
        <FormattedMessage id="passwordReset.toLogin" />
      </Anchor>
    </PublicFrame>
  );
}
