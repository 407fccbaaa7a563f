import { passwordChangeRequestSchema } from '@leerzicht/contract';
import { Alert, Button, Group, Stack } from '@mantine/core';
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
import { useChangePasswordMutation } from '../api/account';

const EMPTY = { oldPassword: '', newPassword1: '', newPassword2: '' };
type PasswordFieldName = keyof typeof EMPTY;

const LABELS = {
  oldPassword: 'account.password.old',
  newPassword1: 'account.password.new1',
  newPassword2: 'account.password.new2',
} as const;

/** Current password and the new one twice; per-field errors; the fields empty out only after success. */
export function PasswordChangeForm() {
  const intl = useIntl();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<'saved' | string | null>(null);
  const mutation = useChangePasswordMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setResult(null);
    const parsed = passwordChangeRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setResult('saved');
      },
      onError: (error) => {
        const serverErrors = fieldErrorsOf(error);
        setErrors(serverErrors);
        const detail = detailOf(error);
        if (Object.keys(serverErrors).length === 0) {
          setResult(
            detail ? translateServerMessage(intl, detail) : intl.formatMessage({ id: 'account.saveFailed' }),
          );
        }
      },
    });
  }

  const passwordField = (name: PasswordFieldName) => (
    <PasswordField
      key={name}
      label={intl.formatMessage({ id: LABELS[name] })}
      name={name}
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      required
      value={values[name]}
      error={fieldError(intl, errors, name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {result === 'saved' && (
          <Alert color="teal" role="status">
            <FormattedMessage id="account.password.saved" />
          </Alert>
        )}
        {result !== null && result !== 'saved' && (
          <Alert color="red" role="alert">
            {result}
          </Alert>
        )}
        {passwordField('oldPassword')}
        {passwordField('newPassword1')}
        {passwordField('newPassword2')}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            <FormattedMessage id="account.password.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
