import { Alert, Button, Code, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { activateTotp, verifyTotp } from '../api/totp';
import { useCodeSubmit } from '../hooks/use-code-submit';
import { ConfirmationCancelledError, type usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { CodeBox } from './code-box';
import { QrCode, secretOfUri } from './qr-code';

interface ActivateTwoStepDialogProps {
  opened: boolean;
  onClose: () => void;
  onActivated: () => void;
  withConfirmation: ReturnType<typeof usePasswordConfirmation>['withConfirmation'];
}

/** Guide steps: install an app, scan the QR code of the new secret, enter the first code. */
export function ActivateTwoStepDialog({
  opened,
  onClose,
  onActivated,
  withConfirmation,
}: ActivateTwoStepDialogProps) {
  const intl = useIntl();
  const [step, setStep] = useState(0);
  const [uri, setUri] = useState<string | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const [suppressed, setSuppressed] = useState(false);
  const [starting, setStarting] = useState(false);
  const codeBox = useCodeSubmit(verifyTotp, () => {
    onActivated();
    close();
  });

  function close() {
    setStep(0);
    setUri(null);
    setStartFailed(false);
    setSuppressed(false);
    codeBox.reset();
    onClose();
  }

  async function start() {
    setStarting(true);
    setStartFailed(false);
    try {
      const answer = await withConfirmation(activateTotp);
      if (isSuppressed(answer)) {
        setSuppressed(true);
        return;
      }
      setUri(answer.uri);
      setStep(1);
    } catch (error) {
      if (!(error instanceof ConfirmationCancelledError)) setStartFailed(true);
    } finally {
      setStarting(false);
    }
  }

  const secret = uri ? secretOfUri(uri) : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={intl.formatMessage({ id: 'twoStep.activate.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <Stepper active={step} size="sm">
        <Stepper.Step label={intl.formatMessage({ id: 'twoStep.step.install' })}>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="twoStep.install.text" />
            </Text>
            {suppressed && <ReadOnlyNotice />}
            {startFailed && (
              <Alert color="red" role="alert">
                <FormattedMessage id="account.saveFailed" />
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void start()} loading={starting}>
                <FormattedMessage id="twoStep.next" />
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={intl.formatMessage({ id: 'twoStep.step.scan' })}>
          <Stack align="center">
            <Text size="sm">
              <FormattedMessage id="twoStep.scan.text" />
            </Text>
            {uri && <QrCode value={uri} label={intl.formatMessage({ id: 'twoStep.scan.qrLabel' })} />}
            {secret && (
              <Text size="sm" ta="center">
                <FormattedMessage id="twoStep.scan.manual" /> <Code>{secret}</Code>
              </Text>
            )}
            <Group justify="flex-end" w="100%">
              <Button onClick={() => setStep(2)}>
                <FormattedMessage id="twoStep.next" />
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={intl.formatMessage({ id: 'twoStep.step.code' })}>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="twoStep.code.text" />
            </Text>
            <CodeBox
              value={codeBox.code}
              onChange={codeBox.change}
              error={codeBox.error}
              onSubmit={() => void codeBox.submit()}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>
                <FormattedMessage id="twoStep.back" />
              </Button>
              <Button onClick={() => void codeBox.submit()} loading={codeBox.busy}>
                <FormattedMessage id="twoStep.activate.submit" />
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
