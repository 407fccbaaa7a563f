import { SegmentedControl, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { PageLoader } from '../page-loader';
import { ChartTable } from './chart-table';
import type { ChartSpec } from './chart-types';

const ResultsChart = lazy(() => import('./results-chart'));

export type ChartView = 'chart' | 'table';

interface ChartPanelProps {
  spec: ChartSpec;
  /** Names the chart and captions its table. */
  title: string;
  categoryLabel: string;
  height?: number;
  defaultView?: ChartView;
}

/** A chart (Recharts, its own lazily loaded chunk) with a toggle to read the same figures as a table. */
export function ChartPanel({ spec, title, categoryLabel, height, defaultView = 'chart' }: ChartPanelProps) {
  const intl = useIntl();
  const [view, setView] = useState<ChartView>(defaultView);
  if (spec.rows.length === 0) {
    return <Text c="dimmed">{intl.formatMessage({ id: 'charts.noData' })}</Text>;
  }
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={view}
        onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
        aria-label={intl.formatMessage({ id: 'charts.viewToggle' }, { title })}
        data={[
          { value: 'chart', label: intl.formatMessage({ id: 'charts.view.chart' }) },
          { value: 'table', label: intl.formatMessage({ id: 'charts.view.table' }) },
        ]}
      />
      {view === 'chart' ? (
        <Suspense fallback={<PageLoader />}>
          <ResultsChart spec={spec} height={height} label={title} />
        </Suspense>
      ) : (
        <ChartTable spec={spec} caption={title} categoryLabel={categoryLabel} />
      )}
    </Stack>
  );
}
