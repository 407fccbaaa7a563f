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

type GrowthInput = Pick<
  NationalScoreRow,
  'isCounted' | 'abilityScore' | 'previousAbilityScore' | 'previousCalendarYear' | 'previousYearTime'
>;

type GrowthSince = Pick<
  Growth,
  'abilityScore' | 'previousAbilityScore' | 'previousCalendarYear' | 'previousYearTime' | 'growth'
>;

/** The growth of a counted result since the pupil's previous one (null: not counted, or no previous result). */
function growthSince(row: GrowthInput): GrowthSince | null {
  const { abilityScore, previousAbilityScore, previousCalendarYear, previousYearTime } = row;
  if (
    !row.isCounted ||
    abilityScore === null ||
    previousAbilityScore === null ||
    previousCalendarYear === null ||
    previousYearTime === null
  ) {
    return null;
  }
  const growth = Math.round((abilityScore - previousAbilityScore) * 100) / 100;
  return { abilityScore, previousAbilityScore, previousCalendarYear, previousYearTime, growth };
}

const row = nationalScoreRowSchema.shape;

/**
 * A group's national result: what the group page shows (its growth since the pupil's previous result of the same
 * provider and subject, from that result) and its test date. The statement
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
      growth:
        growthSince({ isCounted, abilityScore, previousAbilityScore, previousCalendarYear, previousYearTime })
          ?.growth ?? null,
    }),
  );
export type GroupScoreRow = z.output<typeof groupScoreRowSchema>;

/** The results as the contract has them, and the growth of each counted result since the pupil's previous one. */
export function toScoresAndGrowth(rows: readonly NationalScoreRow[]): {
  scores: NationalScore[];
  growth: PupilGrowth[];
} {
  const scores: NationalScore[] = [];
  const growth: PupilGrowth[] = [];
  for (const row of rows) {
    const {
      previousAbilityScore: _ability,
      previousCalendarYear: _year,
      previousYearTime: _time,
      ...score
    } = row;
    scores.push(score);
    const since = growthSince(row);
    if (since) {
      growth.push({
        pupilId: score.pupilId,
        subjectId: score.subjectId,
        calendarYear: score.calendarYear,
        yearTime: score.yearTime,
        ...since,
      });
    }
  }
  return { scores, growth };
}
