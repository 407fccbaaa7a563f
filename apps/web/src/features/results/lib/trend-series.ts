import {
  compareMoments,
  HIGHEST_GRADE,
  momentKey,
  NATIONAL_AVERAGE,
  SCORE_RANGES,
  type MomentLike,
  type SubjectTrendPoint,
  type SubjectTrendSeries,
  type SubjectTrends,
} from '@leerzicht/contract';
import type { ChartRow, ChartSeries, ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS } from './colours';
import { shortMomentLabel } from './format';

/** At most this many series at once: more lines cannot be told apart. */
export const MAX_TREND_SERIES = 6;

export const TREND_MEASURES = ['ability', 'percentile'] as const;
export type TrendMeasure = (typeof TREND_MEASURES)[number];

/** Line patterns and point shapes, one per slot, so that series differ without colour too. */
export const TREND_DASHES = ['', '8 4', '2 4', '12 4 2 4', '4 2', '16 6'] as const;
export const TREND_MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'] as const;
export type TrendMarker = (typeof TREND_MARKERS)[number];

export interface TrendStyle {
  dash: string;
  marker: TrendMarker | null;
  /** Norm lines are thin and unmarked. */
  thin: boolean;
}

/** A chart spec (drawn by trend-chart, read as a table by ChartTable) with each series' line pattern and marker. */
export interface TrendSpec extends ChartSpec {
  styles: Record<string, TrendStyle>;
}

export interface TrendLabels {
  cohort: (cohort: number, gradeNow: number) => string;
  cohortLeft: (cohort: number, leftYear: number) => string;
  grade: (grade: number) => string;
  national: string;
  norm: (label: string) => string;
}

/**
 * A series' name: "Cohort 2019 (nu groep 7)" for a cohort (the school year it was in groep 1 and its grade in
 * `calendarYear`, or the school year it finished groep 8), "Groep 5" for a grade, the group's name for a group.
 */
export function trendSeriesLabel(
  series: SubjectTrendSeries,
  calendarYear: number,
  labels: Pick<TrendLabels, 'cohort' | 'cohortLeft' | 'grade'>,
): string {
  if (series.cohort !== null) {
    const gradeNow = calendarYear - series.cohort + 1;
    return gradeNow > HIGHEST_GRADE
      ? labels.cohortLeft(series.cohort, series.cohort + HIGHEST_GRADE - 1)
      : labels.cohort(series.cohort, gradeNow);
  }
  if (series.yearClassName !== null) return series.yearClassName;
  return labels.grade(series.grade ?? 0);
}

/**
 * The series shown before the user chooses: the six latest cohorts (those at school now, groep 3-8), the six
 * highest grades, or the first six groups (by grade, as the server orders them).
 */
export function defaultTrendSelection(trends: SubjectTrends): string[] {
  const keys = trends.series.map((series) => series.key);
  if (trends.view === 'group') return keys.slice(0, MAX_TREND_SERIES);
  return keys.slice(-MAX_TREND_SERIES);
}

const valueOf = (point: SubjectTrendPoint, measure: TrendMeasure) =>
  measure === 'ability' ? point.meanAbilityScore : point.meanPercentile;

/**
 * The chosen series (at most six, in the server's order) as a chart: one row per moment any of them has, a line
 * (or bars with `showBarAverage`) per series in its own colour, pattern and marker; with `showNational` the
 * national average (percentile 50) or, for ability scores, each series' norm as a thin dashed line of its colour.
 */
export function trendChartSpec(
  trends: SubjectTrends,
  selected: readonly string[],
  measure: TrendMeasure,
  settings: { showNationalAverage: boolean; showBarAverage: boolean },
  labels: TrendLabels,
): TrendSpec {
  const chosen = trends.series.filter((series) => selected.includes(series.key)).slice(0, MAX_TREND_SERIES);
  const moments = new Map<string, MomentLike>();
  for (const series of chosen) for (const point of series.points) moments.set(momentKey(point), point);
  const sortedMoments = [...moments.values()].sort(compareMoments);

  const series: ChartSeries[] = [];
  const styles: Record<string, TrendStyle> = {};
  chosen.forEach((entry, slot) => {
    const color = CHART_COLOURS.cohorts[slot % CHART_COLOURS.cohorts.length] ?? CHART_COLOURS.pupil;
    const label = trendSeriesLabel(entry, trends.calendarYear, labels);
    series.push({ key: entry.key, label, kind: settings.showBarAverage ? 'bar' : 'line', color });
    styles[entry.key] = {
      dash: TREND_DASHES[slot % TREND_DASHES.length] ?? '',
      marker: TREND_MARKERS[slot % TREND_MARKERS.length] ?? null,
      thin: false,
    };
    if (settings.showNationalAverage && measure === 'ability') {
      series.push({ key: `${entry.key}-norm`, label: labels.norm(label), kind: 'dashed', color });
      styles[`${entry.key}-norm`] = { dash: '3 3', marker: null, thin: true };
    }
  });
  if (settings.showNationalAverage && measure === 'percentile') {
    series.push({ key: 'national', label: labels.national, kind: 'dashed', color: CHART_COLOURS.national });
    styles.national = { dash: '6 4', marker: null, thin: false };
  }

  const rows: ChartRow[] = sortedMoments.map((moment) => {
    const values: ChartRow['values'] = {};
    for (const entry of chosen) {
      const point = entry.points.find((item) => compareMoments(item, moment) === 0);
      values[entry.key] = point ? valueOf(point, measure) : null;
      if (settings.showNationalAverage && measure === 'ability')
        values[`${entry.key}-norm`] = point?.nationalAbilityScore ?? null;
    }
    if (settings.showNationalAverage && measure === 'percentile')
      values.national = NATIONAL_AVERAGE.percentile;
    return { category: shortMomentLabel(moment), values };
  });
  return {
    rows,
    series,
    styles,
    yDomain:
      measure === 'percentile' ? [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max] : undefined,
  };
}

/** One sentence per series for screen readers: its first and last value and moment. */
export function trendSummary(
  spec: TrendSpec,
  sentence: (values: { series: string; from: string; first: number; to: string; last: number }) => string,
): string[] {
  return spec.series.flatMap((series) => {
    if (spec.styles[series.key]?.thin) return [];
    const points = spec.rows.flatMap((row) => {
      const value = row.values[series.key];
      return value === null || value === undefined ? [] : [{ category: row.category, value }];
    });
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) return [];
    return [
      sentence({
        series: series.label,
        from: first.category,
        first: first.value,
        to: last.category,
        last: last.value,
      }),
    ];
  });
}
