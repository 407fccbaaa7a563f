import { acceptInvitationRequestSchema, type Invitation } from '@leerzicht/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PasswordField } from '../../../components/password-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useAcceptInvitationMutation } from '../api/accept-invitation';

interface AcceptInvitationFormProps {
  invitationKey: string;
  invitation: Invitation;
  /** Called with the username and the typed password once the invitation is accepted. */
  onAccepted: (username: string, password: string) => void;
  /** True while the page logs in after acceptance. */
  busy?: boolean;
}

/** Invited e-mail (read-only), first and last name, password twice; server errors show next to their fields. */
export function AcceptInvitationForm({
  invitationKey,
  invitation,
  onAccepted,
  busy = false,
}: AcceptInvitationFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    password: '',
    passwordConfirmation: '',
  });
  const form = useContractForm({
    schema: acceptInvitationRequestSchema,
    mutation: useAcceptInvitationMutation(invitationKey),
    failureMessage: 'invite.failed',
    onSaved: ({ username }, request) => onAccepted(username, request.password),
  });

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: form.fieldError(name),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    void form.submit({ email: invitation.email, ...values });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {form.outcome === 'suppressed' && <ReadOnlyNotice />}
        {form.generalError && (
          <Alert color="red" role="alert">
            {form.generalError}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'invite.email' })}
          value={invitation.email}
          readOnly
          variant="filled"
          error={form.fieldError('email')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'invite.firstName' })}
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'invite.lastName' })}
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'invite.password' })}
          autoComplete={invitation.existingAccount ? 'current-password' : 'new-password'}
          required
          {...field('password')}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'invite.passwordConfirmation' })}
          autoComplete={invitation.existingAccount ? 'current-password' : 'new-password'}
          required
          {...field('passwordConfirmation')}
        />
        <Button type="submit" disabled={form.pending || busy} loading={form.pending || busy}>
          <FormattedMessage id="invite.submit" />
        </Button>
      </Stack>
    </form>
  );
}
