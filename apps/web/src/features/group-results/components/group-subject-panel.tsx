import {
  compareMoments,
  momentKey,
  NATIONAL_AVERAGE,
  SCORE_RANGES,
  type YearClassResult,
} from '@leerzicht/contract';
import { NativeSelect, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChartPanel } from '../../../components/charts/chart-panel';
import type { ChartSpec } from '../../../components/charts/chart-types';
import {
  CHART_COLOURS,
  EmptyState,
  shortMomentLabel,
  useUserSettings,
  yearLabel,
} from '../../../entities/results';
import { subjectMoments } from '../lib/group-results';
import { GroupSubjectTable } from './group-subject-table';
import { MomentNotes } from './moment-notes';
import { MethodResultsTable } from './method-results-table';

interface GroupSubjectPanelProps {
  schoolId: number;
  result: YearClassResult;
  subjectId: number;
  subjectName: string;
  today: Date;
}

/** One subject of a group: its pupils at the latest (or a chosen earlier) moment, the group's trend, method results. */
export function GroupSubjectPanel({
  schoolId,
  result,
  subjectId,
  subjectName,
  today,
}: GroupSubjectPanelProps) {
  const intl = useIntl();
  const settings = useUserSettings();
  const moments = useMemo(() => subjectMoments(result, subjectId), [result, subjectId]);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const moment = moments.find((item) => momentKey(item) === chosenKey) ?? moments[moments.length - 1] ?? null;
  const label = (item: { calendarYear: number; yearTime: string }) =>
    intl.formatMessage(
      { id: 'results.moment' },
      { yearTime: item.yearTime, year: yearLabel(item.calendarYear) },
    );

  const trend: ChartSpec = {
    rows: result.citoScores
      .filter((aggregate) => aggregate.subjectId === subjectId && aggregate.pupilCount > 0)
      .sort(compareMoments)
      .map((aggregate) => ({
        category: shortMomentLabel(aggregate),
        values: { group: aggregate.meanPercentile, national: NATIONAL_AVERAGE.percentile },
      })),
    series: [
      {
        key: 'group',
        label: intl.formatMessage({ id: 'results.series.groupPercentile' }),
        kind: settings.showBarAverage ? 'bar' : 'line',
        color: CHART_COLOURS.school,
      },
      ...(settings.showNationalAverage
        ? [
            {
              key: 'national',
              label: intl.formatMessage({ id: 'results.series.national' }),
              kind: 'dashed' as const,
              color: CHART_COLOURS.national,
            },
          ]
        : []),
    ],
    yDomain: [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max],
  };

  return (
    <Stack gap="md">
      {moment === null ? (
        <EmptyState id="results.empty.noResults" />
      ) : (
        <>
          <NativeSelect
            w={260}
            label={intl.formatMessage({ id: 'results.group.moment' })}
            value={momentKey(moment)}
            onChange={(event) => setChosenKey(event.currentTarget.value)}
            data={[...moments].reverse().map((item) => ({ value: momentKey(item), label: label(item) }))}
          />
          <GroupSubjectTable
            schoolId={schoolId}
            result={result}
            subjectId={subjectId}
            moment={moment}
            caption={intl.formatMessage(
              { id: 'results.group.tableCaption' },
              { subject: subjectName, moment: label(moment) },
            )}
          />
          <MomentNotes result={result} subjectId={subjectId} moment={moment} momentLabel={label(moment)} />
          <Title order={3} size="h4">
            {intl.formatMessage({ id: 'results.group.trendTitle' }, { subject: subjectName })}
          </Title>
          <ChartPanel
            spec={trend}
            title={intl.formatMessage({ id: 'results.group.trendTitle' }, { subject: subjectName })}
            categoryLabel={intl.formatMessage({ id: 'results.column.moment' })}
            height={220}
          />
        </>
      )}
      <Title order={3} size="h4">
        {intl.formatMessage({ id: 'results.method.title' }, { subject: subjectName })}
      </Title>
      <MethodResultsTable
        result={result}
        subjectId={subjectId}
        today={today}
        caption={intl.formatMessage({ id: 'results.method.caption' }, { subject: subjectName })}
      />
    </Stack>
  );
}
