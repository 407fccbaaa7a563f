import { PASSWORD_RESET_VALID_MINUTES, passwordResetRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { PublicFrame } from '../../../lib/public-frame';
import { fieldError, schemaFieldErrors, type FieldErrors } from '../../../lib/server-errors';
import { useRequestPasswordResetMutation } from '../api/password-reset';

/** /accounts/password_reset/: asks for an e-mail address and always confirms the same way. */
export function PasswordResetRequestPage() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useRequestPasswordResetMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="passwordReset.title" />
      </Title>
      {mutation.isSuccess ? (
        <Alert color="teal" role="status">
          <FormattedMessage id="passwordReset.requested" values={{ minutes: PASSWORD_RESET_VALID_MINUTES }} />
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="passwordReset.intro" />
            </Text>
            {mutation.isError && (
              <Alert color="red" role="alert">
                <FormattedMessage
                  id={
                    isApiError(mutation.error, 429) ? 'serverError.tooManyAttempts' : 'passwordReset.failed'
                  }
                />
              </Alert>
            )}
            <TextInput
              label={intl.formatMessage({ id: 'passwordReset.email' })}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              error={fieldError(intl, errors, 'email')}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending}>
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
