import { passwordChangeRequestSchema } from '@leerzicht/contract';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PasswordField } from '../../../components/password-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
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
  const form = useContractForm({
    schema: passwordChangeRequestSchema,
    mutation: useChangePasswordMutation(),
    failureMessage: 'account.saveFailed',
    onSaved: () => setValues(EMPTY),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(values);
  }

  const passwordField = (name: PasswordFieldName) => (
    <PasswordField
      key={name}
      label={intl.formatMessage({ id: LABELS[name] })}
      name={name}
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      required
      value={values[name]}
      error={form.fieldError(name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {form.outcome === 'suppressed' && <ReadOnlyNotice />}
        {form.outcome === 'saved' && (
          <Alert color="teal" role="status">
            <FormattedMessage id="account.password.saved" />
          </Alert>
        )}
        {form.generalError && (
          <Alert color="red" role="alert">
            {form.generalError}
          </Alert>
        )}
        {passwordField('oldPassword')}
        {passwordField('newPassword1')}
        {passwordField('newPassword2')}
        <Group>
          <Button type="submit" loading={form.pending}>
            <FormattedMessage id="account.password.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
