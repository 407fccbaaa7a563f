import { ACCOUNT_ERRORS, INVITATION_ERRORS } from '@leerzicht/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordField } from '../../../lib/password-field';
import { fieldError, fieldErrorsOf, type FieldErrors } from '../../../lib/server-errors';
import { confirmPassword } from '../api/account';

interface PasswordConfirmModalProps {
  opened: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the current password before a change of e-mail address or two-step login. */
export function PasswordConfirmModal({ opened, onConfirmed, onCancel }: PasswordConfirmModalProps) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password.length === 0) {
      setErrors({ password: [INVITATION_ERRORS.required] });
      return;
    }
    setBusy(true);
    try {
      await confirmPassword({ password });
      setPassword('');
      setErrors({});
      onConfirmed();
    } catch (error) {
      const serverErrors = fieldErrorsOf(error);
      setErrors(
        Object.keys(serverErrors).length > 0 ? serverErrors : { password: [ACCOUNT_ERRORS.wrongPassword] },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'account.confirmPassword.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
      zIndex={400}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack>
          <Text size="sm">
            <FormattedMessage id="account.confirmPassword.intro" />
          </Text>
          <PasswordField
            label={intl.formatMessage({ id: 'account.confirmPassword.label' })}
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={fieldError(intl, errors, 'password')}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" loading={busy}>
              <FormattedMessage id="account.confirmPassword.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
