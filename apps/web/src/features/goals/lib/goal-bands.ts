import type { ScoreBand } from '@leerzicht/contract';

/*
 * A section's result is the share of its points the pupil scored, shown as a whole percentage and coloured by the
 * app's bands. Design choice (ours): the bands follow the method results' letters, which the app already colours
 * this way: good (G) from 80%, middle (V) from 65%, low (M and O) below that. The band is taken from the shown
 * (rounded) percentage, so that colour and text never disagree.
 */
export const GOAL_BAND_FROM = { good: 80, middle: 65 } as const;

export function goalBand(percent: number): ScoreBand {
  if (percent >= GOAL_BAND_FROM.good) return 'good';
  if (percent >= GOAL_BAND_FROM.middle) return 'middle';
  return 'low';
}

export interface GoalCell {
  score: number;
  maxScore: number;
  percent: number;
  band: ScoreBand;
}

/** The cell of points out of a maximum; null without a result (or a section worth no points). */
export function goalCell(points: { score: number; maxScore: number } | undefined): GoalCell | null {
  if (!points || points.maxScore <= 0) return null;
  const percent = Math.round((100 * points.score) / points.maxScore);
  return { score: points.score, maxScore: points.maxScore, percent, band: goalBand(percent) };
}
