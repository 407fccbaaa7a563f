import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useRemovePupils, useRetentionQuery, useRetentionSettings } from '../api/retention';
import { RetentionSettings } from './retention-settings';

type Message = { kind: 'suppressed' } | { kind: 'error'; text: string } | { kind: 'removed'; count: number };

/**
 * "Bewaartermijn": pupils who left more than the chosen number of school years ago are listed (sorted on the word
 * after the particle, as the server sends them) and removed with all their data after a confirmation that names
 * the count; the school can also let a daily job remove them.
 */
export function RetentionSection({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const { data } = useRetentionQuery(schoolId);
  const save = useRetentionSettings(schoolId);
  const remove = useRemovePupils(schoolId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  if (!data) return null;

  const due = data.pupils;
  const chosen = due.filter((pupil) => selected.has(pupil.id)).map((pupil) => pupil.id);
  const allChosen = due.length > 0 && chosen.length === due.length;
  const fail = (error: unknown) =>
    setMessage({
      kind: 'error',
      text: firstErrorMessage(intl, error) ?? intl.formatMessage({ id: 'retention.failed' }),
    });

  const saveSettings = async (settings: { retentionYears: number; autoRemoveLeftPupils: boolean }) => {
    setMessage(null);
    try {
      if (isSuppressed(await save.mutateAsync(settings))) setMessage({ kind: 'suppressed' });
      setSelected(new Set());
    } catch (error) {
      fail(error);
    }
  };
  const removeChosen = async () => {
    setMessage(null);
    try {
      const result = await remove.mutateAsync(chosen);
      setConfirming(false);
      if (isSuppressed(result)) setMessage({ kind: 'suppressed' });
      else {
        setSelected(new Set());
        setMessage({ kind: 'removed', count: result.removed });
      }
    } catch (error) {
      setConfirming(false);
      fail(error);
    }
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="retention-title">
      <Stack>
        <Title order={2} size="h3" id="retention-title">
          <FormattedMessage id="retention.title" />
        </Title>
        <Text size="sm" maw={760}>
          <FormattedMessage id="retention.intro" />
        </Text>
        <RetentionSettings
          key={`${data.retentionYears}-${String(data.autoRemoveLeftPupils)}`}
          retentionYears={data.retentionYears}
          autoRemoveLeftPupils={data.autoRemoveLeftPupils}
          busy={save.isPending}
          onSave={(settings) => void saveSettings(settings)}
        />
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="retention.cutoff"
            values={{ date: intl.formatDate(`${data.cutoffDate}T12:00:00`, { dateStyle: 'long' }) }}
          />
        </Text>
        {message?.kind === 'suppressed' && <ReadOnlyNotice />}
        {message?.kind === 'error' && (
          <Alert color="red" role="alert">
            {message.text}
          </Alert>
        )}
        {message?.kind === 'removed' && (
          <Alert color="green" role="status">
            <FormattedMessage id="retention.removed" values={{ count: message.count }} />
          </Alert>
        )}
        {due.length === 0 ? (
          <Text>
            <FormattedMessage id="retention.none" />
          </Text>
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" aria-live="polite">
                <FormattedMessage
                  id="retention.selected"
                  values={{ count: chosen.length, total: due.length }}
                />
              </Text>
              <Button color="red" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
                <FormattedMessage id="retention.remove" values={{ count: chosen.length }} />
              </Button>
            </Group>
            <Table.ScrollContainer minWidth={560} maxHeight={520}>
              <Table striped stickyHeader aria-label={intl.formatMessage({ id: 'retention.list' })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={intl.formatMessage({ id: 'retention.selectAll' })}
                        checked={allChosen}
                        indeterminate={chosen.length > 0 && !allChosen}
                        onChange={(event) =>
                          setSelected(
                            new Set(event.currentTarget.checked ? due.map((pupil) => pupil.id) : []),
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="retention.name" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="retention.lastGroup" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="retention.dateLeft" />
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {due.map((pupil) => (
                    <Table.Tr key={pupil.id} aria-label={pupil.sortName}>
                      <Table.Td>
                        <Checkbox
                          aria-label={intl.formatMessage({ id: 'retention.select' }, { name: pupil.name })}
                          checked={selected.has(pupil.id)}
                          onChange={(event) => toggle(pupil.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>{pupil.sortName}</Table.Td>
                      <Table.Td>{pupil.lastGroupName ?? '–'}</Table.Td>
                      <Table.Td>
                        <FormattedDate value={`${pupil.dateLeft}T12:00:00`} dateStyle="medium" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      <ConfirmModal
        subject={
          confirming ? intl.formatMessage({ id: 'retention.pupilCount' }, { count: chosen.length }) : null
        }
        busy={remove.isPending}
        onConfirm={() => void removeChosen()}
        onCancel={() => setConfirming(false)}
        title="retention.confirm.title"
        question="retention.confirm.question"
        confirm="retention.confirm.action"
      />
    </Paper>
  );
}
