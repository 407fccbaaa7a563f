import {
  GOOD_THRESHOLDS,
  growthSincePrevious,
  isInMethodWindow,
  isInNationalWindow,
  LOW_THRESHOLDS,
  SCORE_RANGES,
  sortMoments,
  type MethodScore,
  type NationalNorm,
  type NationalScore,
  type PupilDetail,
} from '@leerzicht/contract';
import type { ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS } from './colours';
import { shortMomentLabel } from './format';

export interface PupilScoreRow {
  score: NationalScore;
  /** The national average ability score at the result's provider, grade and moment; null when unknown. */
  norm: number | null;
  growth: number | null;
}

export function normFor(norms: readonly NationalNorm[], score: NationalScore): number | null {
  const norm = norms.find(
    (item) =>
      item.providerId === score.providerId &&
      item.subjectId === score.subjectId &&
      item.grade === score.grade &&
      item.yearTime === score.yearTime,
  );
  return norm ? norm.abilityScore : null;
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
}

/** The ability score over time against the national average and the good and low thresholds (section 9). */
export function pupilSubjectChart(
  rows: readonly PupilScoreRow[],
  labels: PupilChartLabels,
  showNational: boolean,
): ChartSpec {
  const highest = Math.max(SCORE_RANGES.abilityPupil.max, ...rows.map((row) => row.score.abilityScore ?? 0));
  return {
    rows: rows.map((row) => ({
      category: shortMomentLabel(row.score),
      values: { pupil: row.score.abilityScore, national: row.norm },
    })),
    series: [
      { key: 'pupil', label: labels.pupil, kind: 'line', color: CHART_COLOURS.pupil },
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
    ],
    lines: [
      { y: GOOD_THRESHOLDS.abilityScore, label: labels.good, color: CHART_COLOURS.good },
      { y: LOW_THRESHOLDS.abilityScore, label: labels.low, color: CHART_COLOURS.low },
    ],
    yDomain: [SCORE_RANGES.abilityPupil.min, Math.ceil(highest / 10) * 10],
  };
}
