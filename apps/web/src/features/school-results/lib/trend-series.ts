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
import { CHART_COLOURS, shortMomentLabel, testLabel } from '../../../entities/results';

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
  /** Earlier pieces of a series (before a change of test) share its legend entry. */
  legend: boolean;
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

/**
 * A series' points cut where the test (provider or version) changes: ability scores of different tests are on
 * different scales, so their lines must not join. Points with several tests have no mean ability and are left out.
 */
function testSegments(points: readonly SubjectTrendPoint[]): SubjectTrendPoint[][] {
  const segments: SubjectTrendPoint[][] = [];
  let previous: string | null = null;
  for (const point of points) {
    if (point.tests.length !== 1) continue;
    const test = point.tests.map(testLabel).join();
    if (test !== previous) segments.push([]);
    segments[segments.length - 1]?.push(point);
    previous = test;
  }
  return segments;
}

const valueOf = (point: SubjectTrendPoint, measure: TrendMeasure) =>
  measure === 'ability' ? point.meanAbilityScore : point.meanPercentile;

/**
 * The chosen series (at most six, in the server's order) as a chart: one row per moment any of them has, a line
 * (or bars with `showBarAverage`) per series in its own colour, pattern and marker, for ability scores cut where
 * the test changes; with `showNational` the national average (percentile 50) or, for ability scores, each series'
 * norm as a thin dashed line of its colour.
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
  const values = new Map<string, Map<string, number | null>>();
  const add = (key: string, entry: ChartSeries, style: TrendStyle, points: Map<string, number | null>) => {
    series.push({ ...entry, key });
    styles[key] = style;
    values.set(key, points);
  };
  chosen.forEach((entry, slot) => {
    const color = CHART_COLOURS.cohorts[slot % CHART_COLOURS.cohorts.length] ?? CHART_COLOURS.pupil;
    const label = trendSeriesLabel(entry, trends.calendarYear, labels);
    const style = {
      dash: TREND_DASHES[slot % TREND_DASHES.length] ?? '',
      marker: TREND_MARKERS[slot % TREND_MARKERS.length] ?? null,
      thin: false,
      legend: true,
    };
    const segments = measure === 'ability' ? testSegments(entry.points) : [entry.points];
    const pieceKey = (index: number) => (index === segments.length - 1 ? entry.key : `${entry.key}@${index}`);
    const pieceName = (points: readonly SubjectTrendPoint[]) =>
      segments.length > 1 ? `${label} · ${points[0]?.tests.map(testLabel).join(', ') ?? ''}` : label;
    // Bars never join two points, so they need no cut; lines (the series' and its norm) do.
    if (settings.showBarAverage)
      add(
        entry.key,
        { key: entry.key, label, kind: 'bar', color },
        style,
        new Map(entry.points.map((point) => [momentKey(point), valueOf(point, measure)])),
      );
    else
      segments.forEach((points, index) =>
        add(
          pieceKey(index),
          { key: pieceKey(index), label: pieceName(points), kind: 'line', color },
          { ...style, legend: index === segments.length - 1 },
          new Map(points.map((point) => [momentKey(point), valueOf(point, measure)])),
        ),
      );
    if (settings.showNationalAverage && measure === 'ability')
      segments.forEach((points, index) =>
        add(
          `${pieceKey(index)}-norm`,
          { key: `${pieceKey(index)}-norm`, label: labels.norm(pieceName(points)), kind: 'dashed', color },
          { dash: '3 3', marker: null, thin: true, legend: false },
          new Map(points.map((point) => [momentKey(point), point.nationalAbilityScore])),
        ),
      );
  });
  if (settings.showNationalAverage && measure === 'percentile')
    add(
      'national',
      { key: 'national', label: labels.national, kind: 'dashed', color: CHART_COLOURS.national },
      { dash: '6 4', marker: null, thin: false, legend: true },
      new Map(sortedMoments.map((moment) => [momentKey(moment), NATIONAL_AVERAGE.percentile])),
    );

  const rows: ChartRow[] = sortedMoments.map((moment) => ({
    category: shortMomentLabel(moment),
    values: Object.fromEntries(
      series.map(({ key }) => [key, values.get(key)?.get(momentKey(moment)) ?? null]),
    ),
  }));
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
