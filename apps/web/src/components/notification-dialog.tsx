import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface NotificationDialogProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** An extra action left of the close button, e.g. "don't show again". */
  secondaryAction?: { label: ReactNode; onClick: () => void };
}

/** A notice the user acknowledges: a title, a text, a close button (and Escape); focus stays inside. */
export function NotificationDialog({
  opened,
  title,
  children,
  onClose,
  secondaryAction,
}: NotificationDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'dialog.close' }) }}
    >
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          {secondaryAction && (
            <Button variant="default" onClick={secondaryAction.onClick}>
              {secondaryAction.label}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            <FormattedMessage id="dialog.ok" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
