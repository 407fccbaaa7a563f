import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

interface ConfirmDeleteModalProps {
  /** The template's name; null keeps the dialog closed. */
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a template is deleted (plans made from it stay). */
export function ConfirmDeleteModal({ name, busy, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={name !== null}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'templates.delete.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <Stack>
        <Text size="sm">
          <FormattedMessage id="templates.delete.question" values={{ name: name ?? '' }} />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            <FormattedMessage id="templates.delete.confirm" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
