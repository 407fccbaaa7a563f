import { passwordResetConfirmRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PasswordField } from '../../../components/password-field';
import { PublicFrame } from '../../../components/public-frame';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useConfirmPasswordResetMutation } from '../api/password-reset';

export const PASSWORD_RESET_REQUEST_ROUTE = '/accounts/password_reset/';

/** /accounts/password_reset/confirm/{token}/: the page of the e-mailed link; sets the new password. */
export function PasswordResetConfirmPage() {
  const intl = useIntl();
  const token = useParams().token ?? '';
  const [values, setValues] = useState({ newPassword1: '', newPassword2: '' });
  const form = useContractForm({
    schema: passwordResetConfirmRequestSchema,
    mutation: useConfirmPasswordResetMutation(),
    failureMessage: 'passwordReset.failed',
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit({ token, ...values });
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
      error={form.fieldError(name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  const tokenError = form.fieldError('token');
  const generalError = form.generalError;
  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="passwordReset.confirmTitle" />
      </Title>
      {form.outcome === 'saved' ? (
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
            {form.outcome === 'suppressed' && <ReadOnlyNotice />}
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
            <Button type="submit" loading={form.pending} disabled={form.pending}>
              <FormattedMessage id="passwordReset.save" />
            </Button>
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
