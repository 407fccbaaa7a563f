import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Growth, MethodScore, NationalScore, ScoreNote, YearTime } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { methodTestScores, methodTests, methods, scoreNotes } from '../../db/schema/index';
import { inIds, rankedScores, selectRows } from './score-sql';

/* Score lists of a set of pupils (year class result and pupil detail). */

type ScoreRow = Omit<NationalScore, 'isCounted'> & {
  rank: number;
  previousAbilityScore: number | null;
  previousCalendarYear: number | null;
  previousYearTime: YearTime | null;
};

/**
 * The pupils' national results, every provider, ascending by moment then subject and provider priority;
 * `isCounted` marks the priority provider. With `since` only results from that date on.
 */
export async function listNationalScores(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since?: string,
): Promise<{ scores: NationalScore[]; growth: (Growth & { pupilId: number })[] }> {
  const rows = await selectRows<ScoreRow>(
    db,
    sql`select c.id, c.pupil_id as "pupilId", c.year_class_id as "yearClassId", yc.name as "yearClassName",
      c.national_test_id as "nationalTestId", c.subject_id as "subjectId", c.provider_id as "providerId",
      c.provider, c.calendar_year as "calendarYear", c.year_time as "yearTime", c.grade,
      c.test_date::text as "testDate", c.level_value as "levelValue", c.ability_score::float8 as "abilityScore",
      c.percentile, c.alphabetical, c.roman, c.functional_level as "functionalLevel", c.dle,
      c.reference_level as "referenceLevel", c.projected_reference_level as "projectedReferenceLevel",
      c.rank::int as rank, c.prev_ability::float8 as "previousAbilityScore",
      c.prev_calendar_year as "previousCalendarYear", c.prev_year_time as "previousYearTime"
    from ${rankedScores({ schoolId, where: inIds(sql`s.pupil_id`, pupilIds), since })} c
    join year_classes yc on yc.id = c.year_class_id
    order by c.calendar_year, c.time_rank, c.subject_id, c.rank, c.id`,
  );
  const scores: NationalScore[] = [];
  const growth: (Growth & { pupilId: number })[] = [];
  for (const { rank, previousAbilityScore, previousCalendarYear, previousYearTime, ...score } of rows) {
    scores.push({ ...score, isCounted: rank === 1 });
    if (
      rank === 1 &&
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

/** The pupils' method results with method, test and performance letter; with `since` from that date on. */
export function listMethodScores(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since?: string,
): Promise<MethodScore[]> {
  return db
    .select({
      id: methodTestScores.id,
      pupilId: methodTestScores.pupilId,
      yearClassId: methodTestScores.yearClassId,
      methodTestId: methodTestScores.methodTestId,
      methodTestName: methodTests.name,
      methodId: methods.id,
      methodName: methods.name,
      subjectId: methodTestScores.subjectId,
      calendarYear: methodTestScores.calendarYear,
      grade: methodTests.grade,
      block: methodTests.block,
      score: methodTestScores.score,
      maxScore: methodTests.maxScore,
      performance: methodTestScores.performance,
      testDate: methodTestScores.testDate,
    })
    .from(methodTestScores)
    .innerJoin(methodTests, eq(methodTests.id, methodTestScores.methodTestId))
    .innerJoin(methods, eq(methods.id, methodTests.methodId))
    .where(
      and(
        eq(methodTestScores.schoolId, schoolId),
        inIds(sql`${methodTestScores.pupilId}`, pupilIds),
        since ? gte(methodTestScores.testDate, since) : undefined,
      ),
    )
    .orderBy(asc(methodTestScores.testDate), asc(methodTestScores.id));
}

/** Notes on the pupils' national and method results. */
export async function listScoreNotes(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
): Promise<ScoreNote[]> {
  const rows = await db
    .select()
    .from(scoreNotes)
    .where(and(eq(scoreNotes.schoolId, schoolId), inIds(sql`${scoreNotes.pupilId}`, pupilIds)))
    .orderBy(asc(scoreNotes.dateCreated), asc(scoreNotes.id));
  return rows.map((row) => ({
    id: row.id,
    pupilId: row.pupilId,
    citoTestScoreId: row.citoTestScoreId,
    methodTestScoreId: row.methodTestScoreId,
    category: row.category,
    content: row.content,
    forwardLooking: row.forwardLooking,
    dateCreated: row.dateCreated.toISOString(),
  }));
}
