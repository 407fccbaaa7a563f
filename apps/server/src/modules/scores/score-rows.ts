import { z } from 'zod';
import { nationalScoreSchema, yearTimeSchema, type Growth, type NationalScore } from '@leerzicht/contract';

/* The rows of the score queries, parsed with these schemas, and how they become the contract's shapes. */

/** A national result of rankedScores with the pupil's previous result of the same provider and subject. */
export const nationalScoreRowSchema = nationalScoreSchema.extend({
  previousAbilityScore: z.number().nullable(),
  previousCalendarYear: z.number().int().nullable(),
  previousYearTime: yearTimeSchema.nullable(),
});
export type NationalScoreRow = z.output<typeof nationalScoreRowSchema>;

export type PupilGrowth = Growth & { pupilId: number };

/** The results as the contract has them, and the growth of each counted result since the pupil's previous one. */
export function toScoresAndGrowth(rows: readonly NationalScoreRow[]): {
  scores: NationalScore[];
  growth: PupilGrowth[];
} {
  const scores: NationalScore[] = [];
  const growth: PupilGrowth[] = [];
  for (const { previousAbilityScore, previousCalendarYear, previousYearTime, ...score } of rows) {
    scores.push(score);
    if (
      score.isCounted &&
      score.abilityScore !== null &&
      previousAbilityScore !== null &&
      previousCalendarYear !== null &&
      previousYearTime !== null
    ) {
      growth.push({
        pupilId: score.pupilId,
        subjectId: score.subjectId,
        calendarYear: score.calendarYear,
        yearTime: score.yearTime,
        abilityScore: score.abilityScore,
        previousCalendarYear,
        previousYearTime,
        previousAbilityScore,
        growth: Math.round((score.abilityScore - previousAbilityScore) * 100) / 100,
      });
    }
  }
  return { scores, growth };
}
