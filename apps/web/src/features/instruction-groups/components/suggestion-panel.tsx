import { fullName, ROMAN_LEVELS, type RomanLevel } from '@leerzicht/contract';
import { Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useApproachSuggestion, useSaveApproaches } from '../api/approaches';
import { APPROACH_LABEL } from './approach-board';

const isRoman = (value: string): value is RomanLevel => ROMAN_LEVELS.some((level) => level === value);

/**
 * "Suggest from results": levels I..enrichedFrom enriched, intensiveFrom..V intensive, the rest basic, from each
 * pupil's latest counted national result. The teacher reviews the proposal, then saves or discards it.
 */
export function SuggestionPanel({ yearClassId, subjectId }: { yearClassId: number; subjectId: number }) {
  const intl = useIntl();
  const [enrichedFrom, setEnrichedFrom] = useState<RomanLevel>('II');
  const [intensiveFrom, setIntensiveFrom] = useState<RomanLevel>('IV');
  const [asked, setAsked] = useState<{ enrichedFrom: RomanLevel; intensiveFrom: RomanLevel } | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'suppressed' | null>(null);
  const suggestion = useApproachSuggestion(yearClassId, subjectId, asked);
  const save = useSaveApproaches();
  const invalidOrder = ROMAN_LEVELS.indexOf(enrichedFrom) >= ROMAN_LEVELS.indexOf(intensiveFrom);
  const changes = (suggestion.data?.pupils ?? []).filter(
    (row) => row.suggestedApproach !== row.currentApproach,
  );
  const levelOptions = ROMAN_LEVELS.map((level) => ({ value: level, label: level }));

  const submit = async () => {
    const result = await save.mutateAsync({
      yearclassId: yearClassId,
      subjectId,
      approaches: changes.map((row) => ({ pupilId: row.pupilId, approach: row.suggestedApproach })),
    });
    setOutcome(isSuppressed(result) ? 'suppressed' : 'saved');
    setAsked(null);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'approaches.suggest.title' })}
        </Title>
        <Group align="flex-end">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'approaches.suggest.enrichedFrom' })}
            value={enrichedFrom}
            onChange={(event) =>
              isRoman(event.currentTarget.value) && setEnrichedFrom(event.currentTarget.value)
            }
            data={levelOptions}
          />
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'approaches.suggest.intensiveFrom' })}
            value={intensiveFrom}
            onChange={(event) =>
              isRoman(event.currentTarget.value) && setIntensiveFrom(event.currentTarget.value)
            }
            data={levelOptions}
            error={invalidOrder ? intl.formatMessage({ id: 'approaches.suggest.order' }) : undefined}
          />
          <Button
            size="xs"
            variant="light"
            disabled={invalidOrder}
            onClick={() => {
              setOutcome(null);
              setAsked({ enrichedFrom, intensiveFrom });
            }}
          >
            {intl.formatMessage({ id: 'approaches.suggest.make' })}
          </Button>
        </Group>
        {outcome === 'saved' && (
          <Text size="sm" c="teal" role="status">
            {intl.formatMessage({ id: 'approaches.suggest.saved' })}
          </Text>
        )}
        {outcome === 'suppressed' && <ReadOnlyNotice inline />}
        {asked && suggestion.data && (
          <>
            <Text size="sm">
              {intl.formatMessage({ id: 'approaches.suggest.summary' }, { count: changes.length })}
            </Text>
            <Table striped data-testid="approach-suggestion">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.pupil' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.suggest.current' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.suggest.proposed' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.suggest.basis' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {suggestion.data.pupils.map((row) => (
                  <Table.Tr
                    key={row.pupilId}
                    fw={row.suggestedApproach !== row.currentApproach ? 600 : undefined}
                  >
                    <Table.Th scope="row">{fullName(row)}</Table.Th>
                    <Table.Td>{intl.formatMessage({ id: APPROACH_LABEL[row.currentApproach] })}</Table.Td>
                    <Table.Td>{intl.formatMessage({ id: APPROACH_LABEL[row.suggestedApproach] })}</Table.Td>
                    <Table.Td>
                      {row.basedOn
                        ? `${row.basedOn.level} · ${row.basedOn.provider} ${row.basedOn.yearTime} ${row.basedOn.calendarYear}-${row.basedOn.calendarYear + 1}`
                        : intl.formatMessage({ id: 'approaches.suggest.noResult' })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                size="xs"
                onClick={() => void submit()}
                disabled={changes.length === 0}
                loading={save.isPending}
              >
                {intl.formatMessage({ id: 'approaches.suggest.save' })}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setAsked(null)}>
                {intl.formatMessage({ id: 'approaches.suggest.discard' })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
