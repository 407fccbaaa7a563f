import { INVITATION_ERRORS, updateUserRequestSchema, type Profile } from '@leerzicht/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import type { FieldErrors } from '../../../lib/server-errors';
import { useUpdateUserMutation } from '../api/account';
import { ConfirmationCancelledError, type usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { splitFullName } from '../lib/split-full-name';

/** The form asks for one full name: errors of first and last name show under it. */
function underFullName(errors: FieldErrors): FieldErrors {
  const { firstName, lastName, ...rest } = errors;
  if (!firstName && !lastName) return errors;
  const messages = [...(rest.fullName ?? []), ...(firstName ?? []), ...(lastName ?? [])];
  return { ...rest, fullName: [...new Set(messages)] };
}

interface ProfileFormProps {
  profile: Profile;
  withConfirmation: ReturnType<typeof usePasswordConfirmation>['withConfirmation'];
}

/** Full name (split into first and last name on save), username and e-mail address. */
export function ProfileForm({ profile, withConfirmation }: ProfileFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState({
    fullName: profile.fullName || `${profile.firstName} ${profile.lastName}`.trim(),
    username: profile.username,
    email: profile.email,
  });
  const form = useContractForm({
    schema: updateUserRequestSchema,
    mutation: useUpdateUserMutation(),
    failureMessage: 'account.saveFailed',
    mapErrors: underFullName,
    send: withConfirmation,
    isCancellation: (error) => error instanceof ConfirmationCancelledError,
  });

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { firstName, lastName } = splitFullName(values.fullName);
    const candidate = { firstName, lastName, username: values.username, email: values.email };
    void form.submit(candidate, firstName ? {} : { fullName: [INVITATION_ERRORS.required] });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {form.outcome === 'suppressed' && <ReadOnlyNotice />}
        {form.outcome === 'saved' && (
          <Alert color="teal" role="status">
            <FormattedMessage id="account.profile.saved" />
          </Alert>
        )}
        {profile.pendingEmail && (
          <Alert color="blue" role="status">
            <FormattedMessage
              id="account.profile.pendingEmail"
              values={{ email: profile.pendingEmail, current: profile.email }}
            />
          </Alert>
        )}
        {form.generalError && (
          <Alert color="red" role="alert">
            {form.generalError}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.fullName' })}
          autoComplete="name"
          required
          error={form.fieldError('fullName')}
          {...field('fullName')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.username' })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={form.fieldError('username')}
          {...field('username')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.email' })}
          type="email"
          autoComplete="email"
          required
          error={form.fieldError('email')}
          {...field('email')}
        />
        <Group>
          <Button type="submit" loading={form.pending}>
            <FormattedMessage id="account.profile.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
