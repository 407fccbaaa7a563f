import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SUBJECT_CODES, TEST_PROVIDERS, YEAR_TIMES } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import { selectRows } from '../../scores/index';
import { nationalScoreKey, type NationalScoreRow } from './score-row';
import { signatureSql, type DecidedColumn } from './signature';

/*
 * The national scores a file is compared with, and the batched writes that apply it. Writes send each batch as one
 * JSON parameter that json_to_recordset unpacks: one statement per few thousand rows instead of one per row, and
 * no limit on bind parameters.
 */

/** Rows per insert or update statement. */
const BATCH_SIZE = 5_000;

export interface StoredScore {
  id: number;
  signature: string;
}

const storedRow = z.object({
  id: z.number(),
  pupilId: z.number(),
  nationalTestId: z.number(),
  calendarYear: z.number(),
  yearTime: z.enum(YEAR_TIMES),
  signature: z.string(),
});

/**
 * The school's national scores of the given school years by key, each with its signature over the columns the file
 * decides (signature.ts). Where old data holds one key twice, the row with the lowest id is the one compared and
 * changed.
 */
export async function loadStoredScores(
  tx: Db,
  schoolId: number,
  calendarYears: readonly number[],
  decided: readonly DecidedColumn[],
): Promise<Map<string, StoredScore>> {
  const stored = new Map<string, StoredScore>();
  if (calendarYears.length === 0) return stored;
  const rows = await selectRows(
    tx,
    storedRow,
    sql`select id, pupil_id as "pupilId", national_test_id as "nationalTestId", calendar_year as "calendarYear",
          year_time as "yearTime", ${signatureSql(decided)} as signature
        from national_test_scores
        where school_id = ${schoolId}
          and calendar_year = any(${`{${calendarYears.join(',')}}`}::int[])
        order by id desc`,
  );
  for (const row of rows) stored.set(nationalScoreKey(row), { id: row.id, signature: row.signature });
  return stored;
}

const COLUMNS = `school_id int, pupil_id int, year_class_id int, national_test_id int, subject_id int,
  provider_id int, calendar_year int, year_time text, grade int, test_date date, level_value int,
  ability_score real, percentile int, alphabetical text, roman text, functional_level text, dle int,
  dle_above_scale boolean, reference_level text, projected_reference_level text`;

function record(schoolId: number, row: NationalScoreRow) {
  return {
    school_id: schoolId,
    pupil_id: row.pupilId,
    year_class_id: row.yearClassId,
    national_test_id: row.nationalTestId,
    subject_id: row.subjectId,
    provider_id: row.providerId,
    calendar_year: row.calendarYear,
    year_time: row.yearTime,
    grade: row.grade,
    test_date: row.testDate,
    level_value: row.levelValue,
    ability_score: row.abilityScore,
    percentile: row.percentile,
    alphabetical: row.alphabetical,
    roman: row.roman,
    functional_level: row.functionalLevel,
    dle: row.dle,
    dle_above_scale: row.dleAboveScale,
    reference_level: row.referenceLevel,
    projected_reference_level: row.projectedReferenceLevel,
  };
}

export async function insertNationalScores(
  tx: Db,
  schoolId: number,
  rows: readonly NationalScoreRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_SIZE).map((row) => record(schoolId, row)));
    await tx.execute(sql`
      insert into national_test_scores (school_id, pupil_id, year_class_id, national_test_id, subject_id,
        provider_id, calendar_year, year_time, grade, test_date, level_value, ability_score, percentile,
        alphabetical, roman, functional_level, dle, dle_above_scale, reference_level, projected_reference_level)
      select school_id, pupil_id, year_class_id, national_test_id, subject_id, provider_id, calendar_year,
        year_time, grade, test_date, level_value, ability_score, percentile, alphabetical, roman,
        functional_level, dle, dle_above_scale, reference_level, projected_reference_level
      from json_to_recordset(${batch}::json) as r(${sql.raw(COLUMNS)})`);
  }
}

/** Overwrites the date, group, grade and the decided score columns of stored rows, by id, within the school. */
export async function updateNationalScores(
  tx: Db,
  schoolId: number,
  rows: readonly { id: number; row: NationalScoreRow }[],
  decided: readonly DecidedColumn[],
): Promise<void> {
  const assignments = ['year_class_id', 'grade', 'test_date', ...decided]
    .map((column) => `${column} = r.${column}`)
    .join(', ');
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(
      rows.slice(start, start + BATCH_SIZE).map(({ id, row }) => ({ id, ...record(schoolId, row) })),
    );
    await tx.execute(sql`
      update national_test_scores s set ${sql.raw(assignments)}
      from json_to_recordset(${batch}::json) as r(id int, ${sql.raw(COLUMNS)})
      where s.id = r.id and s.school_id = ${schoolId}`);
  }
}

const catalogTestRow = z.object({
  id: z.number(),
  provider: z.enum(TEST_PROVIDERS),
  providerId: z.number(),
  subject: z.enum(SUBJECT_CODES),
  subjectId: z.number(),
  code: z.string(),
  version: z.string(),
  gradeFrom: z.number(),
  gradeTo: z.number(),
  yearTime: z.enum(YEAR_TIMES).nullable(),
});
export type CatalogTest = z.infer<typeof catalogTestRow>;

/** The national tests of the catalogue with their provider's and subject's codes, by id. */
export function listCatalogTests(tx: Db): Promise<CatalogTest[]> {
  return selectRows(
    tx,
    catalogTestRow,
    sql`select t.id, p.code as provider, t.provider_id as "providerId", s.code as subject,
          t.subject_id as "subjectId", t.code, t.version, t.grade_from as "gradeFrom", t.grade_to as "gradeTo",
          t.year_time as "yearTime"
        from national_tests t
        join test_providers p on p.id = t.provider_id
        join subjects s on s.id = t.subject_id
        order by t.id`,
  );
}

const pupilKeyRow = z.object({
  id: z.number(),
  externalKey: z.string().nullable(),
  eckId: z.string().nullable(),
});

/** The school's pupils with their pupil key and ECK-iD (either may be missing). */
export function listPupilKeys(tx: Db, schoolId: number): Promise<z.infer<typeof pupilKeyRow>[]> {
  return selectRows(
    tx,
    pupilKeyRow,
    sql`select id, external_key as "externalKey", eck_id as "eckId" from pupils where school_id = ${schoolId}`,
  );
}

const enrolmentRow = z.object({
  pupilId: z.number(),
  calendarYear: z.number(),
  yearClassId: z.number(),
  grade: z.number(),
});

/** Every enrolment of the school's pupils with its school year, in the order they were stored (by id). */
export function listEnrolments(tx: Db, schoolId: number): Promise<z.infer<typeof enrolmentRow>[]> {
  return selectRows(
    tx,
    enrolmentRow,
    sql`select ycp.pupil_id as "pupilId", yc.calendar_year as "calendarYear", ycp.year_class_id as "yearClassId",
          ycp.grade
        from year_class_pupils ycp
        join year_classes yc on yc.id = ycp.year_class_id and yc.school_id = ${schoolId}
        where ycp.school_id = ${schoolId}
        order by ycp.id`,
  );
}
