import { authEndpoints } from '@leerzicht/contract';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { invalidate } from '../../../lib/query-keys';
import { useTotpStatusQuery } from '../api/totp';
import type { usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { ActivateTwoStepDialog } from './activate-two-step-dialog';
import { DeactivateTwoStepDialog } from './deactivate-two-step-dialog';

interface TwoStepSectionProps {
  withConfirmation: ReturnType<typeof usePasswordConfirmation>['withConfirmation'];
}

/** The two-step login status with the button that opens the activation or deactivation dialog. */
export function TwoStepSection({ withConfirmation }: TwoStepSectionProps) {
  const queryClient = useQueryClient();
  const { data: status, isError } = useTotpStatusQuery();
  const [dialog, setDialog] = useState<'activate' | 'deactivate' | null>(null);
  const [changed, setChanged] = useState<'activated' | 'deactivated' | null>(null);

  function done(result: 'activated' | 'deactivated') {
    setChanged(result);
    void invalidate(queryClient, authEndpoints.totpStatus);
  }

  if (isError) {
    return (
      <Alert color="red" role="alert">
        <FormattedMessage id="account.loadFailed" />
      </Alert>
    );
  }
  if (!status) return <Loader size="sm" />;
  return (
    <Stack>
      {changed && (
        <Alert color="teal" role="status">
          <FormattedMessage id={changed === 'activated' ? 'twoStep.activated' : 'twoStep.deactivated'} />
        </Alert>
      )}
      <Text size="sm">
        <FormattedMessage id="twoStep.explanation" />
      </Text>
      <Group>
        <Badge color={status.active ? 'teal' : 'gray'} variant="light">
          <FormattedMessage id={status.active ? 'twoStep.statusActive' : 'twoStep.statusInactive'} />
        </Badge>
        {status.active ? (
          <Button variant="default" onClick={() => setDialog('deactivate')}>
            <FormattedMessage id="twoStep.deactivate.open" />
          </Button>
        ) : (
          <Button onClick={() => setDialog('activate')}>
            <FormattedMessage id="twoStep.activate.open" />
          </Button>
        )}
      </Group>
      <ActivateTwoStepDialog
        opened={dialog === 'activate'}
        onClose={() => setDialog(null)}
        onActivated={() => done('activated')}
        withConfirmation={withConfirmation}
      />
      <DeactivateTwoStepDialog
        opened={dialog === 'deactivate'}
        onClose={() => setDialog(null)}
        onDeactivated={() => done('deactivated')}
        withConfirmation={withConfirmation}
      />
    </Stack>
  );
}
