import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PERFORMANCE_LETTERS, type PerformanceLetter } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import { selectRows } from '../../scores/index';

/*
 * The method scores a file is compared with, and the batched writes that apply it (each batch one JSON parameter
 * unpacked by json_to_recordset). New scores get their ids from the sequence first, so that their section scores
 * can be written in the same batches.
 */

const BATCH_SIZE = 5_000;

export interface MethodScoreRow {
  pupilId: number;
  methodTestId: number;
  calendarYear: number;
  yearClassId: number;
  subjectId: number;
  score: number;
  performance: PerformanceLetter;
  testDate: string;
}

export interface SectionScore {
  testSectionId: number;
  score: number;
  maxScore: number;
}

export interface ExistingMethodScore extends MethodScoreRow {
  id: number;
  /** By test section id. */
  sections: Map<number, SectionScore & { id: number }>;
}

export function methodScoreKey(row: { pupilId: number; methodTestId: number; calendarYear: number }): string {
  return `${row.pupilId}:${row.methodTestId}:${row.calendarYear}`;
}

const scoreRow = z.object({
  id: z.number(),
  pupilId: z.number(),
  methodTestId: z.number(),
  calendarYear: z.number(),
  yearClassId: z.number(),
  subjectId: z.number(),
  score: z.number(),
  performance: z.enum(PERFORMANCE_LETTERS),
  testDate: z.string(),
});
const sectionRow = z.object({
  id: z.number(),
  methodTestScoreId: z.number(),
  testSectionId: z.number(),
  score: z.number(),
  maxScore: z.number(),
});

const yearList = (years: readonly number[]) => `{${years.join(',')}}`;

/** The school's method scores (with their section scores) of the given school years, by key; lowest id wins. */
export async function loadExistingMethodScores(
  tx: Db,
  schoolId: number,
  calendarYears: readonly number[],
): Promise<Map<string, ExistingMethodScore>> {
  const existing = new Map<string, ExistingMethodScore>();
  if (calendarYears.length === 0) return existing;
  const scores = await selectRows(
    tx,
    scoreRow,
    sql`select id, pupil_id as "pupilId", method_test_id as "methodTestId", calendar_year as "calendarYear",
          year_class_id as "yearClassId", subject_id as "subjectId", score, performance,
          test_date::text as "testDate"
        from method_test_scores
        where school_id = ${schoolId} and calendar_year = any(${yearList(calendarYears)}::int[])
        order by id desc`,
  );
  const byId = new Map<number, ExistingMethodScore>();
  for (const score of scores) {
    const full = { ...score, sections: new Map() };
    existing.set(methodScoreKey(score), full);
    byId.set(score.id, full);
  }
  const sections = await selectRows(
    tx,
    sectionRow,
    sql`select tss.id, tss.method_test_score_id as "methodTestScoreId", tss.test_section_id as "testSectionId",
          tss.score, tss.max_score as "maxScore"
        from test_section_scores tss
        join method_test_scores mts on mts.id = tss.method_test_score_id
        where tss.school_id = ${schoolId} and mts.school_id = ${schoolId}
          and mts.calendar_year = any(${yearList(calendarYears)}::int[])`,
  );
  for (const section of sections)
    byId.get(section.methodTestScoreId)?.sections.set(section.testSectionId, section);
  return existing;
}

/** Ids for `count` new method scores, taken from the table's sequence. */
export async function allocateMethodScoreIds(tx: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`select nextval(pg_get_serial_sequence('method_test_scores', 'id'))::int as id
        from generate_series(1, ${count})`,
  );
  return rows.map((row) => row.id);
}

const SCORE_COLUMNS = `id int, school_id int, pupil_id int, year_class_id int, method_test_id int, subject_id int,
  calendar_year int, score real, performance text, test_date date`;

function scoreRecord(schoolId: number, id: number, row: MethodScoreRow) {
  return {
    id,
    school_id: schoolId,
    pupil_id: row.pupilId,
    year_class_id: row.yearClassId,
    method_test_id: row.methodTestId,
    subject_id: row.subjectId,
    calendar_year: row.calendarYear,
    score: row.score,
    performance: row.performance,
    test_date: row.testDate,
  };
}

export async function insertMethodScores(
  tx: Db,
  schoolId: number,
  rows: readonly { id: number; row: MethodScoreRow }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(
      rows.slice(start, start + BATCH_SIZE).map(({ id, row }) => scoreRecord(schoolId, id, row)),
    );
    await tx.execute(sql`
      insert into method_test_scores (id, school_id, pupil_id, year_class_id, method_test_id, subject_id,
        calendar_year, score, performance, test_date)
      select id, school_id, pupil_id, year_class_id, method_test_id, subject_id, calendar_year, score,
        performance, test_date
      from json_to_recordset(${batch}::json) as r(${sql.raw(SCORE_COLUMNS)})`);
  }
}

export async function updateMethodScores(
  tx: Db,
  schoolId: number,
  rows: readonly { id: number; row: MethodScoreRow }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(
      rows.slice(start, start + BATCH_SIZE).map(({ id, row }) => scoreRecord(schoolId, id, row)),
    );
    await tx.execute(sql`
      update method_test_scores s set year_class_id = r.year_class_id, score = r.score,
        performance = r.performance, test_date = r.test_date
      from json_to_recordset(${batch}::json) as r(${sql.raw(SCORE_COLUMNS)})
      where s.id = r.id and s.school_id = ${schoolId}`);
  }
}

/** Writes section scores, replacing those of the same score and section (their unique key). */
export async function upsertSectionScores(
  tx: Db,
  schoolId: number,
  rows: readonly (SectionScore & { methodTestScoreId: number; pupilId: number })[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(
      rows.slice(start, start + BATCH_SIZE).map((row) => ({
        school_id: schoolId,
        pupil_id: row.pupilId,
        method_test_score_id: row.methodTestScoreId,
        test_section_id: row.testSectionId,
        score: row.score,
        max_score: row.maxScore,
      })),
    );
    await tx.execute(sql`
      insert into test_section_scores (school_id, pupil_id, method_test_score_id, test_section_id, score, max_score)
      select school_id, pupil_id, method_test_score_id, test_section_id, score, max_score
      from json_to_recordset(${batch}::json) as r(school_id int, pupil_id int, method_test_score_id int,
        test_section_id int, score real, max_score int)
      on conflict (method_test_score_id, test_section_id)
      do update set score = excluded.score, max_score = excluded.max_score`);
  }
}

export async function deleteSectionScores(tx: Db, schoolId: number, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const list = `{${ids.slice(start, start + BATCH_SIZE).join(',')}}`;
    await tx.execute(
      sql`delete from test_section_scores where school_id = ${schoolId} and id = any(${list}::int[])`,
    );
  }
}

const methodTestRow = z.object({
  id: z.number(),
  methodCode: z.string(),
  methodName: z.string(),
  subjectId: z.number(),
  grade: z.number(),
  block: z.number(),
  maxScore: z.number(),
});
export type MethodTestRow = z.infer<typeof methodTestRow>;

/** The method tests of the catalogue with their method's code and name, by id. */
export function listMethodTests(tx: Db): Promise<MethodTestRow[]> {
  return selectRows(
    tx,
    methodTestRow,
    sql`select t.id, m.code as "methodCode", m.name as "methodName", t.subject_id as "subjectId", t.grade,
          t.block, t.max_score as "maxScore"
        from method_tests t join methods m on m.id = t.method_id
        order by t.id`,
  );
}

const methodTestSectionRow = z.object({
  id: z.number(),
  methodTestId: z.number(),
  code: z.string(),
  maxScore: z.number(),
});

/** The sections of the catalogue's method tests. */
export function listMethodTestSections(tx: Db): Promise<z.infer<typeof methodTestSectionRow>[]> {
  return selectRows(
    tx,
    methodTestSectionRow,
    sql`select id, method_test_id as "methodTestId", code, max_score as "maxScore"
        from test_sections where method_test_id is not null`,
  );
}
