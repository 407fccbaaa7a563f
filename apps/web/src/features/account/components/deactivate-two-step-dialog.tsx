import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { deactivateTotp } from '../api/totp';
import { useCodeSubmit } from '../hooks/use-code-submit';
import type { usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { CodeBox } from './code-box';

interface DeactivateTwoStepDialogProps {
  opened: boolean;
  onClose: () => void;
  onDeactivated: () => void;
  withConfirmation: ReturnType<typeof usePasswordConfirmation>['withConfirmation'];
}

/** Turning two-step login off takes a current code from the app. */
export function DeactivateTwoStepDialog({
  opened,
  onClose,
  onDeactivated,
  withConfirmation,
}: DeactivateTwoStepDialogProps) {
  const intl = useIntl();
  const codeBox = useCodeSubmit(
    (code) => withConfirmation(() => deactivateTotp(code)),
    () => {
      onDeactivated();
      close();
    },
  );

  function close() {
    codeBox.reset();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={intl.formatMessage({ id: 'twoStep.deactivate.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <Stack>
        <Text size="sm">
          <FormattedMessage id="twoStep.deactivate.text" />
        </Text>
        <CodeBox
          value={codeBox.code}
          onChange={codeBox.change}
          error={codeBox.error}
          onSubmit={() => void codeBox.submit()}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button color="red" onClick={() => void codeBox.submit()} loading={codeBox.busy}>
            <FormattedMessage id="twoStep.deactivate.submit" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
