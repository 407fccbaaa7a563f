import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

interface ConfirmButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  label: string;
  title: MessageId;
  text: MessageId;
  onConfirm: () => Promise<unknown>;
}

/** A red button that asks first: the question in a dialog, Cancel or the same action again. */
export function ConfirmButton({
  label,
  title,
  text,
  onConfirm,
  size = 'compact-xs',
  variant = 'subtle',
}: ConfirmButtonProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <>
      <Button size={size} variant={variant} color="red" onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={intl.formatMessage({ id: title })}>
        <Stack>
          <Text size="sm">{intl.formatMessage({ id: text })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {intl.formatMessage({ id: 'notes.cancel' })}
            </Button>
            <Button
              color="red"
              loading={pending}
              onClick={() => {
                setPending(true);
                void onConfirm().finally(() => {
                  setPending(false);
                  setOpened(false);
                });
              }}
            >
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
