import { INVITATION_ERRORS, updateUserRequestSchema, type Profile } from '@leerzicht/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  detailOf,
  fieldError,
  fieldErrorsOf,
  schemaFieldErrors,
  translateServerMessage,
  type FieldErrors,
} from '../../../lib/server-errors';
import { useUpdateUserMutation } from '../api/account';
import { ConfirmationCancelledError, type usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { splitFullName } from '../lib/split-full-name';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<'saved' | string | null>(null);
  const mutation = useUpdateUserMutation();

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
    if (mutation.isPending) return;
    setResult(null);
    const { firstName, lastName } = splitFullName(values.fullName);
    const parsed = updateUserRequestSchema.safeParse({
      firstName,
      lastName,
      username: values.username,
      email: values.email,
    });
    if (!firstName || !parsed.success) {
      const found = parsed.success ? {} : schemaFieldErrors(parsed.error);
      setErrors(firstName ? found : { ...found, fullName: [INVITATION_ERRORS.required] });
      return;
    }
    setErrors({});
    withConfirmation(() => mutation.mutateAsync(parsed.data)).then(
      () => setResult('saved'),
      (error: unknown) => {
        if (error instanceof ConfirmationCancelledError) return;
        const serverErrors = fieldErrorsOf(error);
        if (serverErrors.firstName || serverErrors.lastName) {
          serverErrors.fullName = [...(serverErrors.firstName ?? []), ...(serverErrors.lastName ?? [])];
        }
        setErrors(serverErrors);
        const detail = detailOf(error);
        if (Object.keys(serverErrors).length === 0) {
          setResult(
            detail ? translateServerMessage(intl, detail) : intl.formatMessage({ id: 'account.saveFailed' }),
          );
        }
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {result === 'saved' && (
          <Alert color="teal" role="status">
            <FormattedMessage id="account.profile.saved" />
          </Alert>
        )}
        {result !== null && result !== 'saved' && (
          <Alert color="red" role="alert">
            {result}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.fullName' })}
          autoComplete="name"
          required
          error={fieldError(intl, errors, 'fullName')}
          {...field('fullName')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.username' })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={fieldError(intl, errors, 'username')}
          {...field('username')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.email' })}
          type="email"
          autoComplete="email"
          required
          error={fieldError(intl, errors, 'email')}
          {...field('email')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            <FormattedMessage id="account.profile.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
