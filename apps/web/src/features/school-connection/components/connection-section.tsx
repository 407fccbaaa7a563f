import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useConnectionQuery, useUpdateConnection } from '../api/connection';

/**
 * "Koppeling met het leerlingadministratiesysteem": whether the link is active, who changed it when, and the
 * action the user may take: superusers switch it off (after a confirmation that says what follows), provider staff
 * also switch it on again (`mayActivate`: the school's activateConnection ability, as the server decides it).
 */
export function ConnectionSection({ schoolId, mayActivate }: { schoolId: number; mayActivate: boolean }) {
  const intl = useIntl();
  const { data } = useConnectionQuery(schoolId);
  const update = useUpdateConnection(schoolId);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<'suppressed' | string | null>(null);
  if (!data) return null;

  const change = async (active: boolean) => {
    setMessage(null);
    try {
      const result = await update.mutateAsync(active);
      if (isSuppressed(result)) setMessage('suppressed');
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      setMessage(firstErrorMessage(intl, error) ?? intl.formatMessage({ id: 'connection.failed' }));
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="connection-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id="connection-title">
            <FormattedMessage id="connection.title" />
          </Title>
          <Badge color={data.isConnectionActive ? 'green' : 'red'} variant="light" size="lg">
            <FormattedMessage id={data.isConnectionActive ? 'connection.active' : 'connection.inactive'} />
          </Badge>
        </Group>
        <Text size="sm">
          <FormattedMessage
            id={data.isConnectionActive ? 'connection.activeText' : 'connection.inactiveText'}
          />
        </Text>
        {data.changedAt !== null && (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id={data.isConnectionActive ? 'connection.activatedBy' : 'connection.deactivatedBy'}
              values={{
                name: data.changedBy ?? intl.formatMessage({ id: 'connection.someone' }),
                date: intl.formatDate(data.changedAt, { dateStyle: 'long', timeStyle: 'short' }),
              }}
            />
          </Text>
        )}
        {message === 'suppressed' && <ReadOnlyNotice />}
        {message !== null && message !== 'suppressed' && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Group>
          {data.isConnectionActive ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              <FormattedMessage id="connection.deactivate" />
            </Button>
          ) : mayActivate ? (
            <Button loading={update.isPending} onClick={() => void change(true)}>
              <FormattedMessage id="connection.activate" />
            </Button>
          ) : (
            <Text size="sm">
              <FormattedMessage id="connection.activateByProvider" />
            </Text>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'connection.confirm.title' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
      >
        <Stack>
          <Text size="sm">
            <FormattedMessage id="connection.confirm.intro" />
          </Text>
          <List size="sm" spacing="xs">
            <List.Item>
              <FormattedMessage id="connection.confirm.noUploads" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="connection.confirm.contact" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="connection.confirm.deletion" />
            </List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button color="red" loading={update.isPending} onClick={() => void change(false)}>
              <FormattedMessage id="connection.confirm.action" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
