import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

interface ConfirmRemoveModalProps {
  /** The name or address shown in the question; null keeps the dialog closed. */
  subject: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a colleague or an invitation is removed from the school. */
export function ConfirmRemoveModal({ subject, busy, onConfirm, onCancel }: ConfirmRemoveModalProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={subject !== null}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'permissions.remove.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <Stack>
        <Text size="sm">
          <FormattedMessage id="permissions.remove.question" values={{ name: subject ?? '' }} />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            <FormattedMessage id="permissions.remove.confirm" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
