import {
  NATIONAL_AVERAGE,
  ROMAN_LEVELS,
  SCORE_RANGES,
  YEAR_TIME_ORDER,
  YEAR_TIMES,
  type GradeGrowth,
  type YearGrade,
} from '@leerzicht/contract';
import type { ChartRow, ChartSeries, ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS, levelShares, shortMomentLabel, yearLabel } from '../../../entities/results';

/** The cohorts a grade's charts compare: the latest six with results in the subject (more cannot be told apart). */
export const MAX_COHORTS = 6;

export interface CohortSettings {
  showNationalAverage: boolean;
  showBarAverage: boolean;
}

function cohortsWithResults(yearGrade: YearGrade, subjectId: number) {
  return [...yearGrade.cohorts]
    .filter((cohort) =>
      cohort.results.some((result) => result.subjectId === subjectId && result.pupilCount > 0),
    )
    .sort((a, b) => a.calendarYear - b.calendarYear)
    .slice(-MAX_COHORTS);
}

/**
 * Per grade and subject, the cohorts compared: one row per moment of the school year (B, X, M, E), one series per
 * school year's cohort with its mean percentile (lines, or bars with `showBarAverage`), and the national average
 * with `showNationalAverage`.
 */
export function cohortChart(
  yearGrade: YearGrade,
  subjectId: number,
  labels: { national: string },
  settings: CohortSettings,
): ChartSpec {
  const cohorts = cohortsWithResults(yearGrade, subjectId);
  const times = [...YEAR_TIMES]
    .filter((time) =>
      cohorts.some((cohort) => cohort.results.some((r) => r.subjectId === subjectId && r.yearTime === time)),
    )
    .sort((a, b) => YEAR_TIME_ORDER[a] - YEAR_TIME_ORDER[b]);
  const series: ChartSeries[] = cohorts.map((cohort, index) => ({
    key: `y${cohort.calendarYear}`,
    label: yearLabel(cohort.calendarYear),
    kind: settings.showBarAverage ? 'bar' : 'line',
    color: CHART_COLOURS.cohorts[index % CHART_COLOURS.cohorts.length] ?? CHART_COLOURS.pupil,
  }));
  if (settings.showNationalAverage)
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

/**
 * The cohorts' distributions over levels I-V as stacked percentages: one bar per cohort and moment with I-V levels,
 * and with `showNationalAverage` the national distribution (20% per level) as the last bar.
 */
export function cohortLevelChart(
  yearGrade: YearGrade,
  subjectId: number,
  labels: { national: string },
  settings: Pick<CohortSettings, 'showNationalAverage'>,
): ChartSpec {
  const rows: ChartRow[] = cohortsWithResults(yearGrade, subjectId).flatMap((cohort) =>
    cohort.results
      // Older tests give levels A-E only: such moments have no I-V distribution to show.
      .filter(
        (result) => result.subjectId === subjectId && ROMAN_LEVELS.some((level) => result.levels[level] > 0),
      )
      .sort((a, b) => YEAR_TIME_ORDER[a.yearTime] - YEAR_TIME_ORDER[b.yearTime])
      .map((result) => ({
        category: shortMomentLabel({ calendarYear: cohort.calendarYear, yearTime: result.yearTime }),
        values: levelShares(result.levels),
      })),
  );
  if (settings.showNationalAverage)
    rows.push({
      category: labels.national,
      values: Object.fromEntries(ROMAN_LEVELS.map((level) => [level, NATIONAL_AVERAGE.levelShare])),
    });
  return {
    rows,
    series: ROMAN_LEVELS.map((level, index) => ({
      key: level,
      label: level,
      kind: 'stack' as const,
      color: CHART_COLOURS.levels[index] ?? CHART_COLOURS.national,
    })),
    yDomain: [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max],
  };
}

/**
 * The cohorts' mean ability growth from M to E (bars, or a line without `showBarAverage`), and with
 * `showNationalAverage` the norm's growth of the same tests. Categories name the school year and the number of
 * pupils with both results.
 */
export function cohortGrowthChart(
  growth: readonly GradeGrowth[],
  subjectId: number,
  labels: { growth: string; norm: string; category: (year: string, count: number) => string },
  settings: CohortSettings,
): ChartSpec {
  const own = growth
    .filter((item) => item.subjectId === subjectId)
    .sort((a, b) => a.calendarYear - b.calendarYear)
    .slice(-MAX_COHORTS);
  const series: ChartSeries[] = [
    {
      key: 'growth',
      label: labels.growth,
      kind: settings.showBarAverage ? 'bar' : 'line',
      color: CHART_COLOURS.cohorts[0] ?? CHART_COLOURS.school,
    },
  ];
  if (settings.showNationalAverage)
    series.push({ key: 'norm', label: labels.norm, kind: 'dashed', color: CHART_COLOURS.national });
  return {
    rows: own.map((item) => ({
      category: labels.category(yearLabel(item.calendarYear), item.pupilCount),
      values: { growth: item.meanGrowth, norm: item.normGrowth },
    })),
    series,
  };
}
