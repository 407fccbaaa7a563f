import {
  DOORSTROOMTOETS_TESTS,
  doorstroomtoetsInputSchema,
  OUTFLOW_ADVICES,
  REFERENCE_RESULTS,
  type DoorstroomtoetsResult,
  type DoorstroomtoetsTest,
} from '@leerzicht/contract';
import { Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import {
  detailOf,
  fieldError,
  fieldErrorsOf,
  schemaFieldErrors,
  type FieldErrors,
} from '../../../lib/server-errors';
import { useDoorstroomtoetsQuery, useSaveDoorstroomtoets } from '../api/doorstroomtoets';

/** The test's name as schools know it. */
export const TEST_NAMES: Record<DoorstroomtoetsTest, string> = {
  CITO: 'Cito',
  IEP: 'IEP',
  ROUTE8: 'ROUTE 8',
  DIA: 'DIA',
  AMN: 'AMN',
  OTHER: '',
};

const LEVEL_FIELDS = ['lezen', 'taalverzorging', 'rekenen'] as const;

/** The form's values as typed: every field a string, '' for nothing chosen (advice '' is "no advice"). */
interface Draft {
  test: string;
  testDate: string;
  lezen: string;
  taalverzorging: string;
  rekenen: string;
  advice: string;
}

const EMPTY: Draft = { test: '', testDate: '', lezen: '', taalverzorging: '', rekenen: '', advice: '' };

const draftOf = (result: DoorstroomtoetsResult): Draft => ({
  test: result.test,
  testDate: result.testDate,
  lezen: result.lezen,
  taalverzorging: result.taalverzorging,
  rekenen: result.rekenen,
  advice: result.advice ?? '',
});

/**
 * The pupil's doorstroomtoets results (what the inspectorate judges), shown beside the school's advice, with a
 * form to enter or correct one for users the server allows to (`abilities.write` of the list).
 */
export function DoorstroomtoetsPanel({ pupilId }: { pupilId: number }) {
  const intl = useIntl();
  const query = useDoorstroomtoetsQuery(pupilId);
  const [editing, setEditing] = useState<{ resultId: number | null; draft: Draft } | null>(null);
  const testName = (test: DoorstroomtoetsTest) =>
    test === 'OTHER' ? intl.formatMessage({ id: 'results.doorstroomtoets.test.other' }) : TEST_NAMES[test];

  return (
    <Card withBorder data-testid="doorstroomtoets-panel">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'results.doorstroomtoets.title' })}
        </Title>
        {query.isError && (
          <Text size="sm" c="red">
            {intl.formatMessage({ id: 'results.doorstroomtoets.loadFailed' })}
          </Text>
        )}
        {query.data && query.data.results.length === 0 && (
          <Text size="sm">{intl.formatMessage({ id: 'results.doorstroomtoets.none' })}</Text>
        )}
        {query.data && query.data.results.length > 0 && (
          <Table withTableBorder>
            <Table.Caption>{intl.formatMessage({ id: 'results.doorstroomtoets.caption' })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage({ id: 'results.doorstroomtoets.test' })}</Table.Th>
                <Table.Th>{intl.formatMessage({ id: 'results.doorstroomtoets.date' })}</Table.Th>
                {LEVEL_FIELDS.map((field) => (
                  <Table.Th key={field}>
                    {intl.formatMessage({ id: `results.doorstroomtoets.${field}` })}
                  </Table.Th>
                ))}
                <Table.Th>{intl.formatMessage({ id: 'results.doorstroomtoets.advice' })}</Table.Th>
                {query.data.abilities.write && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.results.map((result) => (
                <Table.Tr key={result.id}>
                  <Table.Td>{testName(result.test)}</Table.Td>
                  <Table.Td>
                    {intl.formatDate(`${result.testDate}T12:00:00Z`, { dateStyle: 'medium' })}
                  </Table.Td>
                  {LEVEL_FIELDS.map((field) => (
                    <Table.Td key={field}>{result[field]}</Table.Td>
                  ))}
                  <Table.Td>{result.advice ?? '–'}</Table.Td>
                  {query.data.abilities.write && (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setEditing({ resultId: result.id, draft: draftOf(result) })}
                      >
                        {intl.formatMessage({ id: 'results.doorstroomtoets.correct' })}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {query.data?.abilities.write && editing === null && (
          <Group>
            <Button variant="light" onClick={() => setEditing({ resultId: null, draft: EMPTY })}>
              {intl.formatMessage({ id: 'results.doorstroomtoets.add' })}
            </Button>
          </Group>
        )}
        {editing && (
          <DoorstroomtoetsForm
            key={editing.resultId ?? 'new'}
            pupilId={pupilId}
            resultId={editing.resultId}
            initial={editing.draft}
            onDone={() => setEditing(null)}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The small form: test, date, three levels and the test's advice; errors shown at their fields. */
export function DoorstroomtoetsForm({
  pupilId,
  resultId,
  initial,
  onDone,
}: {
  pupilId: number;
  resultId: number | null;
  initial: Draft;
  onDone: () => void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  const mutation = useSaveDoorstroomtoets();
  const set = (field: keyof Draft) => (value: string) =>
    setDraft((before) => ({ ...before, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSuppressed(false);
    const parsed = doorstroomtoetsInputSchema.safeParse({
      ...draft,
      advice: draft.advice === '' ? null : draft.advice,
    });
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(
      { pupilId, resultId, body: parsed.data },
      {
        onSuccess: (result) => {
          if (isSuppressed(result)) setSuppressed(true);
          else onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length > 0) return;
          setFailure(
            isApiError(error, 403)
              ? intl.formatMessage({ id: 'results.doorstroomtoets.forbidden' })
              : (detailOf(error) ?? intl.formatMessage({ id: 'results.doorstroomtoets.failed' })),
          );
        },
      },
    );
  };

  const choose = intl.formatMessage({ id: 'results.doorstroomtoets.choose' });
  const levelOptions = [
    { value: '', label: choose },
    ...REFERENCE_RESULTS.map((level) => ({ value: level, label: level })),
  ];
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({
        id: resultId === null ? 'results.doorstroomtoets.formNew' : 'results.doorstroomtoets.formCorrect',
      })}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <NativeSelect
            w={160}
            label={intl.formatMessage({ id: 'results.doorstroomtoets.test' })}
            value={draft.test}
            onChange={(event) => set('test')(event.currentTarget.value)}
            error={fieldError(intl, errors, 'test')}
            data={[
              { value: '', label: choose },
              ...DOORSTROOMTOETS_TESTS.map((test) => ({
                value: test,
                label:
                  test === 'OTHER'
                    ? intl.formatMessage({ id: 'results.doorstroomtoets.test.other' })
                    : TEST_NAMES[test],
              })),
            ]}
          />
          <TextInput
            type="date"
            w={180}
            label={intl.formatMessage({ id: 'results.doorstroomtoets.date' })}
            value={draft.testDate}
            onChange={(event) => set('testDate')(event.currentTarget.value)}
            error={fieldError(intl, errors, 'testDate')}
          />
          {LEVEL_FIELDS.map((field) => (
            <NativeSelect
              key={field}
              w={130}
              label={intl.formatMessage({ id: `results.doorstroomtoets.${field}` })}
              value={draft[field]}
              onChange={(event) => set(field)(event.currentTarget.value)}
              error={fieldError(intl, errors, field)}
              data={levelOptions}
            />
          ))}
          <NativeSelect
            w={180}
            label={intl.formatMessage({ id: 'results.doorstroomtoets.advice' })}
            value={draft.advice}
            onChange={(event) => set('advice')(event.currentTarget.value)}
            error={fieldError(intl, errors, 'advice')}
            data={[
              { value: '', label: intl.formatMessage({ id: 'results.doorstroomtoets.noAdvice' }) },
              ...OUTFLOW_ADVICES.map((advice) => ({ value: advice, label: advice })),
            ]}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={mutation.isPending}>
            {intl.formatMessage({ id: 'results.doorstroomtoets.save' })}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {intl.formatMessage({ id: 'results.doorstroomtoets.cancel' })}
          </Button>
          {suppressed && <ReadOnlyNotice inline />}
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
