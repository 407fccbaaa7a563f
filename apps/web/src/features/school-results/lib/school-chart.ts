import {
  ALPHABETICAL_LEVELS,
  NATIONAL_LEVEL_SHARES,
  ROMAN_LEVELS,
  SCORE_RANGES,
  type AnalyticsGrowth,
  type AnalyticsMoment,
  type SchoolAnalytics,
  type UserSettings,
} from '@leerzicht/contract';
import type { ChartRow, ChartSeries, ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS, shortMomentLabel, testLabel } from '../../../entities/results';

/*
 * The school page's figures per subject, from `GET /schools/{id}/analytics/`: the level distribution per moment,
 * the shares at or above the ambition band and the growth per half-year. Shares are percentages with one decimal.
 */

/** Percentage of `part` in `whole`, one decimal; null when the whole is 0. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
}

/**
 * Which levels a moment's results carry: I..V (Leerling in beeld and the like) or A..E (Cito's older LOVS tests,
 * with other national shares). A moment with both is shown twice, once per scheme.
 */
export type LevelScheme = 'levels' | 'letters';

/** A level's place from the top (0 = I or A, 4 = V or E): the series of the distribution chart. */
export const LEVEL_RANKS = [0, 1, 2, 3, 4] as const;
export type LevelRank = (typeof LEVEL_RANKS)[number];

export interface DistributionRow {
  category: string;
  scheme: LevelScheme;
  /** The level names of the scheme, top first. */
  names: readonly string[];
  counts: number[];
  total: number;
  /** Per rank the share of the results (percent, one decimal). */
  shares: (number | null)[];
  /** Per rank the national share (20% each for I..V; 25/25/25/15/10 for A..E). */
  national: number[];
}

function distributionRow(moment: AnalyticsMoment, scheme: LevelScheme, withScheme: boolean): DistributionRow {
  const names = scheme === 'levels' ? ROMAN_LEVELS : ALPHABETICAL_LEVELS;
  const counts =
    scheme === 'levels'
      ? ROMAN_LEVELS.map((level) => moment.levels[level])
      : ALPHABETICAL_LEVELS.map((letter) => moment.letters[letter]);
  const national =
    scheme === 'levels'
      ? ROMAN_LEVELS.map((level) => NATIONAL_LEVEL_SHARES.levels[level])
      : ALPHABETICAL_LEVELS.map((letter) => NATIONAL_LEVEL_SHARES.letters[letter]);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const label = shortMomentLabel(moment);
  return {
    category: withScheme && scheme === 'letters' ? `${label} (A-E)` : label,
    scheme,
    names,
    counts,
    total,
    shares: counts.map((count) => share(count, total)),
    national,
  };
}

/** One row per moment and level scheme with results at a level, by year then time. */
export function distributionRows(analytics: SchoolAnalytics): DistributionRow[] {
  const both =
    analytics.moments.some((m) => ROMAN_LEVELS.some((level) => m.levels[level] > 0)) &&
    analytics.moments.some((m) => ALPHABETICAL_LEVELS.some((letter) => m.letters[letter] > 0));
  return analytics.moments.flatMap((moment) =>
    (['letters', 'levels'] as const)
      .map((scheme) => distributionRow(moment, scheme, both))
      .filter((row) => row.total > 0),
  );
}

export interface AmbitionLabels {
  low: string;
  high: string;
  nationalLow: string;
  nationalHigh: string;
}

/**
 * The shares of the results with a percentile at or above the ambition's low and high score per moment (bars, or
 * lines without `showBarAverage`), and with `showNationalAverage` the national shares at or above the same
 * percentiles (100 - score: a percentile p has p% of the norm group below it).
 */
export function ambitionChart(
  analytics: SchoolAnalytics,
  settings: Pick<UserSettings, 'showBarAverage' | 'showNationalAverage'>,
  labels: AmbitionLabels,
): ChartSpec {
  const { ambition } = analytics;
  if (!ambition) return { rows: [], series: [] };
  const kind = settings.showBarAverage ? 'bar' : 'line';
  const series: ChartSeries[] = [
    { key: 'low', label: labels.low, kind, color: CHART_COLOURS.schoolPage.low },
    { key: 'high', label: labels.high, kind, color: CHART_COLOURS.schoolPage.high },
  ];
  if (settings.showNationalAverage) {
    series.push(
      { key: 'nationalLow', label: labels.nationalLow, kind: 'dashed', color: CHART_COLOURS.schoolPage.low },
      {
        key: 'nationalHigh',
        label: labels.nationalHigh,
        kind: 'dashed',
        color: CHART_COLOURS.schoolPage.high,
      },
    );
  }
  const rows: ChartRow[] = analytics.moments
    .filter((moment) => moment.percentileCount > 0)
    .map((moment) => ({
      category: shortMomentLabel(moment),
      values: {
        low: share(moment.atOrAboveLow ?? 0, moment.percentileCount),
        high: share(moment.atOrAboveHigh ?? 0, moment.percentileCount),
        nationalLow: SCORE_RANGES.percentile.max - ambition.lowScore,
        nationalHigh: SCORE_RANGES.percentile.max - ambition.highScore,
      },
    }));
  return { rows, series, yDomain: [0, 100] };
}

export interface GrowthLabels {
  school: string;
  national: string;
  halfYear: (from: string, to: string) => string;
}

/** "M 24-25 – E 24-25", with the test when the subject's growth spans several tests. */
function growthCategory(row: AnalyticsGrowth, labels: GrowthLabels, withTest: boolean): string {
  const category = labels.halfYear(shortMomentLabel(row.from), shortMomentLabel(row.to));
  return withTest ? `${category} (${testLabel(row)})` : category;
}

/**
 * The school's mean ability growth per half-year (bars, or a line without `showBarAverage`) and with
 * `showNationalAverage` the norm's expected growth over the same moments and grades (a dashed line).
 */
export function growthChart(
  analytics: SchoolAnalytics,
  settings: Pick<UserSettings, 'showBarAverage' | 'showNationalAverage'>,
  labels: GrowthLabels,
): ChartSpec {
  const withTest = new Set(analytics.growth.map((row) => testLabel(row))).size > 1;
  const series: ChartSeries[] = [
    {
      key: 'school',
      label: labels.school,
      kind: settings.showBarAverage ? 'bar' : 'line',
      color: CHART_COLOURS.schoolPage.high,
    },
  ];
  if (settings.showNationalAverage)
    series.push({
      key: 'national',
      label: labels.national,
      kind: 'dashed',
      color: CHART_COLOURS.schoolPage.national,
    });
  // Bars grow from 0: the axis always shows it (growth can be negative).
  const values = analytics.growth.flatMap((row) => [row.meanGrowth, row.nationalGrowth ?? 0]);
  return {
    rows: analytics.growth.map((row) => ({
      category: growthCategory(row, labels, withTest),
      values: { school: row.meanGrowth, national: row.nationalGrowth },
    })),
    series,
    yDomain: [Math.min(0, Math.floor(Math.min(...values))), Math.max(1, Math.ceil(Math.max(...values)))],
  };
}

/** School years shown unless the user asks for all: enough for a trend, few enough to read on a phone. */
export const RECENT_YEARS = 3;

/** The analyses limited to the last `years` school years with results (moments by year, growth by its end). */
export function recentYears(analytics: SchoolAnalytics, years: number): SchoolAnalytics {
  const last = Math.max(...analytics.moments.map((moment) => moment.calendarYear));
  if (!Number.isFinite(last)) return analytics;
  const from = last - years + 1;
  return {
    ...analytics,
    moments: analytics.moments.filter((moment) => moment.calendarYear >= from),
    growth: analytics.growth.filter((row) => row.to.calendarYear >= from),
  };
}

/** The number of school years with results. */
export function yearCount(analytics: SchoolAnalytics): number {
  return new Set(analytics.moments.map((moment) => moment.calendarYear)).size;
}
