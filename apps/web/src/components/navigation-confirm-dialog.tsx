import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface NavigationConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  text: ReactNode;
  /** Stay on the page (also the close button and Escape). */
  onCancel: () => void;
  /** Leave anyway; without it the dialog only explains why the move is blocked. */
  onConfirm?: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/** The question before leaving a page: a title, a text, a close button, and stay or leave. */
export function NavigationConfirmDialog(props: NavigationConfirmDialogProps) {
  const { opened, title, text, onCancel, onConfirm, confirmLabel, cancelLabel } = props;
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'dialog.close' }) }}
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant={onConfirm ? 'default' : 'filled'} onClick={onCancel} data-autofocus>
            {cancelLabel ?? intl.formatMessage({ id: onConfirm ? 'leaveGuard.stay' : 'dialog.ok' })}
          </Button>
          {onConfirm && (
            <Button color="red" onClick={onConfirm}>
              {confirmLabel ?? intl.formatMessage({ id: 'leaveGuard.leave' })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
