import { acceptInvitationRequestSchema, type Invitation } from '@leerzicht/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordField } from '../../../lib/password-field';
import {
  detailOf,
  fieldError,
  fieldErrorsOf,
  schemaFieldErrors,
  translateServerMessage,
  type FieldErrors,
} from '../../../lib/server-errors';
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const mutation = useAcceptInvitationMutation(invitationKey);

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: fieldError(intl, errors, name),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || busy) return;
    const parsed = acceptInvitationRequestSchema.safeParse({ email: invitation.email, ...values });
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setGeneralError(null);
    mutation.mutate(parsed.data, {
      onSuccess: ({ username }) => onAccepted(username, values.password),
      onError: (error) => {
        const serverErrors = fieldErrorsOf(error);
        setErrors(serverErrors);
        const detail = detailOf(error);
        if (Object.keys(serverErrors).length === 0) {
          setGeneralError(
            detail ? translateServerMessage(intl, detail) : intl.formatMessage({ id: 'invite.failed' }),
          );
        }
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {generalError && (
          <Alert color="red" role="alert">
            {generalError}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'invite.email' })}
          value={invitation.email}
          readOnly
          variant="filled"
          error={fieldError(intl, errors, 'email')}
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
        <Button type="submit" disabled={mutation.isPending || busy} loading={mutation.isPending || busy}>
          <FormattedMessage id="invite.submit" />
        </Button>
      </Stack>
    </form>
  );
}
