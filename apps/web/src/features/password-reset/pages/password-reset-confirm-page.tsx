import { passwordResetConfirmRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../../lib/password-field';
import { PublicFrame } from '../../../lib/public-frame';
import {
  fieldError,
  fieldErrorsOf,
  schemaFieldErrors,
  translateServerMessage,
  detailOf,
  type FieldErrors,
} from '../../../lib/server-errors';
import { useConfirmPasswordResetMutation } from '../api/password-reset';

export const PASSWORD_RESET_REQUEST_ROUTE = '/accounts/password_reset/';

/** /accounts/password_reset/confirm/{token}/: the page of the e-mailed link; sets the new password. */
export function PasswordResetConfirmPage() {
  const intl = useIntl();
  const token = useParams().token ?? '';
  const [values, setValues] = useState({ newPassword1: '', newPassword2: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const mutation = useConfirmPasswordResetMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = passwordResetConfirmRequestSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setGeneralError(null);
    mutation.mutate(parsed.data, {
      onError: (error) => {
        const serverErrors = fieldErrorsOf(error);
        setErrors(serverErrors);
        if (Object.keys(serverErrors).length === 0) {
          const detail = detailOf(error);
          setGeneralError(
            detail
              ? translateServerMessage(intl, detail)
              : intl.formatMessage({ id: 'passwordReset.failed' }),
          );
        }
      },
    });
  }

  const passwordField = (
    name: 'newPassword1' | 'newPassword2',
    label: 'passwordReset.new1' | 'passwordReset.new2',
  ) => (
    <PasswordField
      label={intl.formatMessage({ id: label })}
      name={name}
      autoComplete="new-password"
      required
      value={values[name]}
      error={fieldError(intl, errors, name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  const tokenError = fieldError(intl, errors, 'token');
  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="passwordReset.confirmTitle" />
      </Title>
      {mutation.isSuccess ? (
        <Stack>
          <Alert color="teal" role="status">
            <FormattedMessage id="passwordReset.done" />
          </Alert>
          <Anchor component={Link} to="/auth/login">
            <FormattedMessage id="passwordReset.toLogin" />
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="passwordReset.confirmIntro" />
            </Text>
            {(tokenError ?? generalError) && (
              <Alert color="red" role="alert">
                <Stack gap="xs">
                  <span>{tokenError ?? generalError}</span>
                  {tokenError && (
                    <Anchor component={Link} to={PASSWORD_RESET_REQUEST_ROUTE} size="sm">
                      <FormattedMessage id="passwordReset.requestAgain" />
                    </Anchor>
                  )}
                </Stack>
              </Alert>
            )}
            {passwordField('newPassword1', 'passwordReset.new1')}
            {passwordField('newPassword2', 'passwordReset.new2')}
            <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending}>
              <FormattedMessage id="passwordReset.save" />
            </Button>
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
