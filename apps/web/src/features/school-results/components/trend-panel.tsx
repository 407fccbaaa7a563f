import { SUBJECT_TREND_VIEWS, type SubjectTrendView } from '@leerzicht/contract';
import {
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChartTable } from '../../../components/charts/chart-table';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentProfile } from '../../../lib/current-profile';
import { useSubjectTrendsQuery } from '../api/get-subject-trends';
import { formatScore, SettingsToggles, useUserSettings } from '../../../entities/results';
import {
  defaultTrendSelection,
  MAX_TREND_SERIES,
  TREND_MEASURES,
  trendChartSpec,
  trendSeriesLabel,
  trendSummary,
  type TrendLabels,
  type TrendMeasure,
} from '../lib/trend-series';

const TrendChart = lazy(() => import('./trend-chart'));

/**
 * The subject over the years per cohort, grade or group (the user chooses), at most six series at once, each with
 * its own colour, line pattern and marker; as a chart or a table, with a summary in words for screen readers.
 */
export function TrendPanel({
  schoolId,
  subjectId,
  subject,
}: {
  schoolId: number;
  subjectId: number;
  subject: string;
}) {
  const intl = useIntl();
  const { currentSchoolYear } = useCurrentProfile();
  const settings = useUserSettings();
  const [view, setView] = useState<SubjectTrendView>('cohort');
  const [measure, setMeasure] = useState<TrendMeasure>('ability');
  const [display, setDisplay] = useState<'chart' | 'table'>('chart');
  const [chosen, setChosen] = useState<Partial<Record<SubjectTrendView, string[]>>>({});
  const summaryId = useId();
  const pickerId = useId();
  const [picking, setPicking] = useState(false);
  const { data: trends } = useSubjectTrendsQuery(schoolId, {
    subjectId,
    view,
    schoolYear: currentSchoolYear ?? null,
  });

  const labels: TrendLabels = {
    cohort: (cohort, gradeNow) =>
      intl.formatMessage({ id: 'results.trends.cohort' }, { cohort, grade: gradeNow }),
    cohortLeft: (cohort, leftYear) =>
      intl.formatMessage(
        { id: 'results.trends.cohortLeft' },
        { cohort, year: `${leftYear}-${leftYear + 1}` },
      ),
    grade: (grade) => intl.formatMessage({ id: 'results.series.grade' }, { grade }),
    national: intl.formatMessage({ id: 'results.series.national' }),
    norm: (label) => intl.formatMessage({ id: 'results.trends.norm' }, { series: label }),
  };
  const current = trends?.view === view ? trends : undefined;
  const selected = current ? (chosen[view] ?? defaultTrendSelection(current)) : [];
  const spec = current ? trendChartSpec(current, selected, measure, settings, labels) : null;
  const title = intl.formatMessage({ id: 'results.trends.title' }, { subject, view, measure });
  const summary = spec
    ? trendSummary(spec, (values) =>
        intl.formatMessage(
          { id: 'results.trends.summary' },
          {
            ...values,
            first: formatScore(intl.locale, values.first),
            last: formatScore(intl.locale, values.last),
          },
        ),
      )
    : [];

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'results.trends.heading' }, { subject })}
        </Title>
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={intl.formatMessage({ id: 'results.trends.viewLabel' })}
            value={view}
            onChange={(value) => {
              const next = SUBJECT_TREND_VIEWS.find((item) => item === value);
              if (next) setView(next);
            }}
            data={SUBJECT_TREND_VIEWS.map((item) => ({
              value: item,
              label: intl.formatMessage({ id: 'results.trends.view' }, { view: item }),
            }))}
          />
          <SegmentedControl
            size="xs"
            aria-label={intl.formatMessage({ id: 'results.trends.measureLabel' })}
            value={measure}
            onChange={(value) => {
              const next = TREND_MEASURES.find((item) => item === value);
              if (next) setMeasure(next);
            }}
            data={TREND_MEASURES.map((item) => ({
              value: item,
              label: intl.formatMessage({ id: 'results.trends.measure' }, { measure: item }),
            }))}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'results.trends.viewHelp' }, { view })}
        </Text>
        <SettingsToggles withAggregation={false} />
        {!current || !spec ? (
          <PageLoader />
        ) : current.series.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage({ id: 'charts.noData' })}</Text>
        ) : (
          <>
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                aria-expanded={picking}
                aria-controls={pickerId}
                onClick={() => setPicking((open) => !open)}
              >
                {intl.formatMessage(
                  { id: 'results.trends.pickToggle' },
                  { chosen: selected.length, total: current.series.length, open: String(picking) },
                )}
              </Button>
              {picking && (
                <div id={pickerId}>
                  <Checkbox.Group
                    label={intl.formatMessage({ id: 'results.trends.pick' }, { max: MAX_TREND_SERIES })}
                    value={selected}
                    onChange={(keys) => setChosen((previous) => ({ ...previous, [view]: keys }))}
                  >
                    <Group gap="sm" mt={4} wrap="wrap">
                      {current.series.map((series) => (
                        <Checkbox
                          key={series.key}
                          value={series.key}
                          size="xs"
                          label={trendSeriesLabel(series, current.calendarYear, labels)}
                          disabled={!selected.includes(series.key) && selected.length >= MAX_TREND_SERIES}
                        />
                      ))}
                    </Group>
                  </Checkbox.Group>
                </div>
              )}
            </div>
            <SegmentedControl
              size="xs"
              w="fit-content"
              value={display}
              onChange={(value) => setDisplay(value === 'table' ? 'table' : 'chart')}
              aria-label={intl.formatMessage({ id: 'charts.viewToggle' }, { title })}
              data={[
                { value: 'chart', label: intl.formatMessage({ id: 'charts.view.chart' }) },
                { value: 'table', label: intl.formatMessage({ id: 'charts.view.table' }) },
              ]}
            />
            {spec.rows.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage({ id: 'results.trends.noneChosen' })}</Text>
            ) : display === 'chart' ? (
              <>
                <Suspense fallback={<PageLoader />}>
                  <TrendChart spec={spec} label={title} describedBy={summaryId} />
                </Suspense>
                <VisuallyHidden id={summaryId}>{summary.join(' ')}</VisuallyHidden>
              </>
            ) : (
              <ChartTable
                spec={spec}
                caption={title}
                categoryLabel={intl.formatMessage({ id: 'results.column.moment' })}
              />
            )}
            {measure === 'ability' && settings.showNationalAverage && (
              <Text size="xs" c="dimmed">
                {intl.formatMessage({ id: 'results.trends.normNote' })}
              </Text>
            )}
            {measure === 'ability' && (
              <Text size="xs" c="dimmed">
                {intl.formatMessage({ id: 'results.trends.abilityNote' })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
