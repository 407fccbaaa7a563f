import { z } from 'zod';
import { nationalScoreSchema, yearTimeSchema, type Growth } from '@leerzicht/contract';

/* The rows of the score queries, parsed with these schemas, and how they become the contract's shapes. */

/** A national result of rankedScores with the pupil's previous result of the same provider and subject. */
export const nationalScoreRowSchema = nationalScoreSchema.extend({
  previousAbilityScore: z.number().nullable(),
  previousCalendarYear: z.number().int().nullable(),
  previousYearTime: yearTimeSchema.nullable(),
});
export type NationalScoreRow = z.output<typeof nationalScoreRowSchema>;

const row = nationalScoreRowSchema.shape;

/**
 * A group's national result (what the group page shows, its test date and the previous result). The statement
 * sends each as a json array in this order (GROUP_SCORE_COLUMNS in repository.ts): a quarter of the bytes of an
 * object with keys, which PostgreSQL builds and Node parses in less time.
 */
export const groupScoreRowSchema = z
  .tuple([
    row.id,
    row.pupilId,
    row.nationalTestId,
    row.subjectId,
    row.providerId,
    row.provider,
    row.calendarYear,
    row.yearTime,
    row.testDate,
    row.levelValue,
    row.abilityScore,
    row.percentile,
    row.alphabetical,
    row.roman,
    row.testVersion,
    row.functionalLevel,
    row.dle,
    row.dleAboveScale,
    row.referenceLevel,
    row.projectedReferenceLevel,
    row.isCounted,
    row.previousAbilityScore,
    row.previousCalendarYear,
    row.previousYearTime,
  ])
  .transform(
    ([
      id,
      pupilId,
      nationalTestId,
      subjectId,
      providerId,
      provider,
      calendarYear,
      yearTime,
      testDate,
      levelValue,
      abilityScore,
      percentile,
      alphabetical,
      roman,
      testVersion,
      functionalLevel,
      dle,
      dleAboveScale,
      referenceLevel,
      projectedReferenceLevel,
      isCounted,
      previousAbilityScore,
      previousCalendarYear,
      previousYearTime,
    ]) => ({
      id,
      pupilId,
      nationalTestId,
      subjectId,
      providerId,
      provider,
      calendarYear,
      yearTime,
      testDate,
      levelValue,
      abilityScore,
      percentile,
      alphabetical,
      roman,
      testVersion,
      functionalLevel,
      dle,
      dleAboveScale,
      referenceLevel,
      projectedReferenceLevel,
      isCounted,
      previousAbilityScore,
      previousCalendarYear,
      previousYearTime,
    }),
  );
export type GroupScoreRow = z.output<typeof groupScoreRowSchema>;

export type PupilGrowth = Growth & { pupilId: number };

type PreviousResult = Pick<
  NationalScoreRow,
  'previousAbilityScore' | 'previousCalendarYear' | 'previousYearTime'
>;
type GrowthFields = Pick<
  NationalScoreRow,
  'pupilId' | 'subjectId' | 'calendarYear' | 'yearTime' | 'abilityScore' | 'isCounted'
>;

/** The results without their previous result, and the growth of each counted result since the pupil's previous one. */
export function toScoresAndGrowth<R extends GrowthFields & PreviousResult>(
  rows: readonly R[],
): {
  scores: Omit<R, keyof PreviousResult>[];
  growth: PupilGrowth[];
} {
  const scores: Omit<R, keyof PreviousResult>[] = [];
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
