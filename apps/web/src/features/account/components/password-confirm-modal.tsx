import { passwordConfirmRequestSchema } from '@leerzicht/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PasswordField } from '../../../components/password-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useConfirmPasswordMutation } from '../api/account';

interface PasswordConfirmModalProps {
  opened: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the current password before a change of e-mail address or two-step login. */
export function PasswordConfirmModal({ opened, onConfirmed, onCancel }: PasswordConfirmModalProps) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const form = useContractForm({
    schema: passwordConfirmRequestSchema,
    mutation: useConfirmPasswordMutation(),
    // A refusal without a field error is still about the password.
    failureMessage: 'serverError.wrongPassword',
    onSaved: () => {
      setPassword('');
      onConfirmed();
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit({ password });
  }

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'account.confirmPassword.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
      zIndex={400}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm">
            <FormattedMessage id="account.confirmPassword.intro" />
          </Text>
          {form.outcome === 'suppressed' && <ReadOnlyNotice />}
          <PasswordField
            label={intl.formatMessage({ id: 'account.confirmPassword.label' })}
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={form.fieldError('password') ?? form.generalError ?? undefined}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" loading={form.pending}>
              <FormattedMessage id="account.confirmPassword.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
