import {
  abilityAtPercentile,
  growthSincePrevious,
  isInMethodWindow,
  isInNationalWindow,
  SCORE_RANGES,
  VERDICT_BOUNDARY_PERCENTILES,
  type VerdictMeasure,
  sortMoments,
  type MethodScore,
  type NationalNorm,
  type NationalScore,
  type PupilDetail,
} from '@leerzicht/contract';
import { fitDomain } from '../../../components/charts/chart-domain';
import type { ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS, shortMomentLabel, testLabel } from '../../../entities/results';

export interface PupilScoreRow {
  score: NationalScore;
  /** The national norm (average and spread) at the result's provider, grade and moment; null when unknown. */
  norm: NationalNorm | null;
  growth: number | null;
}

export function normFor(norms: readonly NationalNorm[], score: NationalScore): NationalNorm | null {
  const norm = norms.find(
    (item) =>
      item.providerId === score.providerId &&
      item.subjectId === score.subjectId &&
      item.grade === score.grade &&
      item.yearTime === score.yearTime,
  );
  return norm ?? null;
}

/**
 * The pupil's national results of a subject within NATIONAL_WINDOW_MONTHS of today, one per moment (provider
 * the server counts by provider priority), ascending, with the national average and the growth since the previous moment.
 */
export function pupilNationalRows(pupil: PupilDetail, subjectId: number, today: Date): PupilScoreRow[] {
  const inWindow = pupil.scores.filter(
    (score) => score.subjectId === subjectId && score.isCounted && isInNationalWindow(score, today),
  );
  const series = sortMoments(inWindow);
  return series.map((score) => ({
    score,
    norm: normFor(pupil.norms, score),
    growth: growthSincePrevious(series, score),
  }));
}

/** The pupil's method results of a subject within METHOD_WINDOW_MONTHS of today, newest first. */
export function pupilMethodScores(pupil: PupilDetail, subjectId: number, today: Date): MethodScore[] {
  return pupil.methodScores
    .filter((score) => score.subjectId === subjectId && isInMethodWindow(score.testDate, today))
    .sort((a, b) => b.testDate.localeCompare(a.testDate) || b.id - a.id);
}

export interface PupilChartLabels {
  pupil: string;
  national: string;
  good: string;
  low: string;
  /** The shaded area between the low and the good threshold. */
  middle: string;
}

/** The series key of a test: one line per provider and version, so no line crosses a change of scale. */
const testKey = (score: NationalScore) => `pupil:${score.provider}:${score.testVersion}`;

/**
 * The ability score over time against the national average and the verdict's thresholds. The thresholds follow the
 * one verdict per result: per moment, the ability score at the verdict's boundary percentile of the norm group
 * (mean + z * sd; none where the norm has no spread). Each test (provider and version) is its own line.
 */
export function pupilSubjectChart(
  rows: readonly PupilScoreRow[],
  labels: PupilChartLabels,
  showNational: boolean,
  measure: VerdictMeasure,
): ChartSpec {
  const boundary = VERDICT_BOUNDARY_PERCENTILES[measure];
  const lineAt = (norm: NationalNorm | null, percentile: number) =>
    norm && norm.abilitySd !== null
      ? Math.round(
          abilityAtPercentile({ abilityScore: norm.abilityScore, abilitySd: norm.abilitySd }, percentile) *
            10,
        ) / 10
      : null;
  const tests = [...new Map(rows.map((row) => [testKey(row.score), row.score])).values()];
  const colours = [CHART_COLOURS.pupil, ...CHART_COLOURS.cohorts];
  const chartRows = rows.map((row) => ({
    category: shortMomentLabel(row.score),
    values: {
      ...Object.fromEntries(
        tests.map((test) => [
          testKey(test),
          testKey(row.score) === testKey(test) ? row.score.abilityScore : null,
        ]),
      ),
      national: row.norm?.abilityScore ?? null,
      good: lineAt(row.norm, boundary.good),
      low: lineAt(row.norm, boundary.low),
    },
  }));
  // The axis fits what is drawn (the national line only when shown), within the pupil's scale (0-120; the graph
  // scale 0-200 for tests whose ability scores go beyond it).
  const drawn = chartRows.flatMap((row) =>
    Object.entries(row.values)
      .filter(([key]) => showNational || key !== 'national')
      .map(([, value]) => value),
  );
  const range = drawn.some((value) => value !== null && value > SCORE_RANGES.abilityPupil.max)
    ? SCORE_RANGES.abilityGraph
    : SCORE_RANGES.abilityPupil;
  return {
    rows: chartRows,
    series: [
      ...tests.map((test, index) => ({
        key: testKey(test),
        label: tests.length > 1 ? `${labels.pupil} (${testLabel(test)})` : labels.pupil,
        kind: 'line' as const,
        color: colours[index % colours.length] ?? CHART_COLOURS.pupil,
      })),
      ...(showNational
        ? [
            {
              key: 'national',
              label: labels.national,
              kind: 'dashed' as const,
              color: CHART_COLOURS.national,
            },
          ]
        : []),
      { key: 'good', label: labels.good, kind: 'dashed' as const, color: CHART_COLOURS.good },
      { key: 'low', label: labels.low, kind: 'dashed' as const, color: CHART_COLOURS.low },
    ],
    areas: [{ lowKey: 'low', highKey: 'good', label: labels.middle, color: CHART_COLOURS.national }],
    yDomain: fitDomain(drawn, range),
  };
}
