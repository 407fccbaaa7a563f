import type { SchoolInspection, Subject } from '@leerzicht/contract';
import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ChartPanel } from '../../../components/charts/chart-panel';
import type { MessageId } from '../../../i18n/messages';
import { useSchoolInspectionQuery } from '../api/school-inspection';
import { formatScore, yearLabel } from '../../../entities/results';
import { inspectionChart, signalState, type SignalState } from '../lib/inspection';
import { InspectionComparison, SignalSourceLine } from './inspection-comparison';
import { SchoolwegingForm } from './schoolweging-form';
import { useSubjectName } from '../../../lib/subject-name';

const STATE_MESSAGE: Record<SignalState, MessageId> = {
  above: 'results.inspection.above',
  below: 'results.inspection.below',
  unknown: 'results.inspection.unknown',
};
const STATE_COLOUR: Record<SignalState, string> = { above: 'teal', below: 'red', unknown: 'gray' };

function SignalBadge({ state }: { state: SignalState }) {
  const intl = useIntl();
  return (
    <Badge color={STATE_COLOUR[state]} variant="light" data-state={state}>
      {intl.formatMessage({ id: STATE_MESSAGE[state] })}
    </Badge>
  );
}

interface InspectionPanelProps {
  schoolId: number;
  subjects: readonly Subject[];
  canEditWeging: boolean;
}

/**
 * The inspectorate's view for superusers and sencos: groep 8 at 1F and 1S/2F over the last three school years,
 * per subject and together, against the inspectorate's own signaleringswaarden (imported from its open data or
 * entered from its letter; without them no verdict), and the inspectorate's published figures beside the
 * product's, per year and over three years.
 */
export function InspectionPanel({ schoolId, subjects, canEditWeging }: InspectionPanelProps) {
  const intl = useIntl();
  const { data, isError } = useSchoolInspectionQuery(schoolId, true);
  if (isError)
    return (
      <Alert color="red" variant="light">
        {intl.formatMessage({ id: 'results.inspection.loadFailed' })}
      </Alert>
    );
  if (!data) return null;
  return (
    <Card withBorder data-testid="inspection-panel">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'results.inspection.title' })}
        </Title>
        {data.calendarYears.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage({ id: 'results.inspection.none' })}</Text>
        ) : (
          <InspectionFigures inspection={data} subjects={subjects} />
        )}
        <SignalSourceLine inspection={data} />
        <InspectionComparison inspection={data} />
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'results.inspection.caveat' })}
        </Text>
        {canEditWeging ? (
          <SchoolwegingForm
            key={`${data.schoolweging ?? 'none'}-${data.signalTarget ?? 'none'}`}
            schoolId={schoolId}
            current={{ schoolweging: data.schoolweging, signalTarget: data.signalTarget }}
          />
        ) : (
          <Text size="sm">
            {intl.formatMessage(
              { id: 'results.inspection.weging.value' },
              {
                value:
                  data.schoolweging === null
                    ? intl.formatMessage({ id: 'results.inspection.unknown' })
                    : formatScore(intl.locale, data.schoolweging, 2),
              },
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function InspectionFigures({
  inspection,
  subjects,
}: {
  inspection: SchoolInspection;
  subjects: readonly Subject[];
}) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const nameOf = (subjectId: number) => {
    const subject = subjects.find((item) => item.id === subjectId);
    return subject ? subjectName(subject) : String(subjectId);
  };
  const pct = (value: number | null) => (value === null ? '–' : `${formatScore(intl.locale, value)}%`);
  const years = inspection.calendarYears;
  const first = years[0];
  const last = years[years.length - 1];
  return (
    <Stack gap="sm">
      <Text size="sm">
        {intl.formatMessage(
          { id: 'results.inspection.scope' },
          {
            from: first === undefined ? '' : yearLabel(first),
            to: last === undefined ? '' : yearLabel(last),
            pupils: inspection.pupilCount,
            excluded: inspection.excludedPupilCount,
          },
        )}
      </Text>
      <Text size="sm" data-testid="inspection-year-sources">
        {intl.formatMessage(
          { id: 'results.inspection.yearSources' },
          {
            years: inspection.perYear
              .map(
                (year) =>
                  `${yearLabel(year.calendarYear)}: ${intl.formatMessage({
                    id: `results.inspection.figureSource.${year.source}`,
                  })}`,
              )
              .join('; '),
          },
        )}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped captionSide="top">
          <Table.Caption>{intl.formatMessage({ id: 'results.inspection.caption' })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.subject' })}</Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.inspection.results' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.share1F' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.inspection.shareTarget' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inspection.subjects.map((subject) => (
              <Table.Tr key={subject.subjectId}>
                <Table.Th scope="row" fw={500}>
                  {`${nameOf(subject.subjectId)} (${subject.targetLevel})`}
                </Table.Th>
                <Table.Td ta="right">{subject.resultCount}</Table.Td>
                <Table.Td ta="right">{pct(subject.share1F)}</Table.Td>
                <Table.Td ta="right">{pct(subject.shareTarget)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={600} data-testid="inspection-combined">
              <Table.Th scope="row">{intl.formatMessage({ id: 'results.inspection.combined' })}</Table.Th>
              <Table.Td />
              <Table.Td ta="right">{pct(inspection.share1F)}</Table.Td>
              <Table.Td ta="right">{pct(inspection.shareTarget)}</Table.Td>
            </Table.Tr>
            <Table.Tr data-testid="inspection-signals">
              <Table.Th scope="row">{intl.formatMessage({ id: 'results.inspection.signal' })}</Table.Th>
              <Table.Td />
              <Table.Td ta="right">
                <Group justify="flex-end" gap={6}>
                  {pct(inspection.signal1F)}
                  <SignalBadge state={signalState(inspection.share1F, inspection.signal1F)} />
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Group justify="flex-end" gap={6}>
                  {pct(inspection.signalTarget)}
                  <SignalBadge state={signalState(inspection.shareTarget, inspection.signalTarget)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ChartPanel
        spec={inspectionChart(inspection, {
          share1F: intl.formatMessage({ id: 'results.column.share1F' }),
          shareTarget: intl.formatMessage({ id: 'results.inspection.shareTarget' }),
          signal1F: intl.formatMessage({ id: 'results.inspection.signal1F' }),
          signalTarget: intl.formatMessage({ id: 'results.inspection.signalTarget' }),
          subjectName: nameOf,
          combined: intl.formatMessage({ id: 'results.inspection.combined' }),
        })}
        title={intl.formatMessage({ id: 'results.inspection.chartTitle' })}
        categoryLabel={intl.formatMessage({ id: 'results.column.subject' })}
        height={240}
        defaultView="chart"
      />
    </Stack>
  );
}
