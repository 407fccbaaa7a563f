import {
  NATIONAL_AVERAGE,
  SCORE_RANGES,
  YEAR_TIME_ORDER,
  YEAR_TIMES,
  type YearGrade,
} from '@leerzicht/contract';
import type { ChartSeries, ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS } from './colours';
import { yearLabel } from './format';

/**
 * Per grade and subject, the cohorts compared: one row per moment of the school year (B, X, M, E), one series per
 * school year's cohort with its mean percentile, and the national average.
 */
export function cohortChart(
  yearGrade: YearGrade,
  subjectId: number,
  labels: { national: string },
  showNational: boolean,
): ChartSpec {
  const cohorts = [...yearGrade.cohorts]
    .filter((cohort) =>
      cohort.results.some((result) => result.subjectId === subjectId && result.pupilCount > 0),
    )
    .sort((a, b) => a.calendarYear - b.calendarYear);
  const times = [...YEAR_TIMES]
    .filter((time) =>
      cohorts.some((cohort) => cohort.results.some((r) => r.subjectId === subjectId && r.yearTime === time)),
    )
    .sort((a, b) => YEAR_TIME_ORDER[a] - YEAR_TIME_ORDER[b]);
  const series: ChartSeries[] = cohorts.map((cohort, index) => ({
    key: `y${cohort.calendarYear}`,
    label: yearLabel(cohort.calendarYear),
    kind: 'line',
    color: CHART_COLOURS.cohorts[index % CHART_COLOURS.cohorts.length] ?? CHART_COLOURS.pupil,
  }));
  if (showNational)
    series.push({ key: 'national', label: labels.national, kind: 'dashed', color: CHART_COLOURS.national });
  return {
    rows: times.map((time) => ({
      category: `${time}${yearGrade.grade}`,
      values: {
        national: NATIONAL_AVERAGE.percentile,
        ...Object.fromEntries(
          cohorts.map((cohort) => [
            `y${cohort.calendarYear}`,
            cohort.results.find((r) => r.subjectId === subjectId && r.yearTime === time)?.meanPercentile ??
              null,
          ]),
        ),
      },
    })),
    series,
    yDomain: [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max],
  };
}
