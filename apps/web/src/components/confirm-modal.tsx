import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';

export interface ConfirmModalProps {
  /** The name shown in the question; null keeps the dialog closed. */
  subject: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something is removed for good: the question names it, Cancel or the red action. */
export function ConfirmModal({
  subject,
  busy,
  onConfirm,
  onCancel,
  title,
  question,
  confirm,
}: ConfirmModalProps & { title: MessageId; question: MessageId; confirm: MessageId }) {
  const intl = useIntl();
  return (
    <Modal
      opened={subject !== null}
      onClose={onCancel}
      title={intl.formatMessage({ id: title })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <Stack>
        <Text size="sm">
          <FormattedMessage id={question} values={{ name: subject ?? '' }} />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            <FormattedMessage id={confirm} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
