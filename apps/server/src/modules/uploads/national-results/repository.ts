import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALPHABETICAL_LEVELS,
  REFERENCE_RESULTS,
  ROMAN_LEVELS,
  YEAR_TIMES,
  type YearTime,
} from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { NationalScoreFields } from './score-fields';

/*
 * The national scores a file is compared with, and the batched writes that apply it. Writes send each batch as one
 * JSON parameter that json_to_recordset unpacks: one statement per few thousand rows instead of one per row, and
 * no limit on bind parameters.
 */

/** Rows per insert or update statement. */
const BATCH_SIZE = 5_000;

export interface NationalScoreKey {
  pupilId: number;
  nationalTestId: number;
  calendarYear: number;
  yearTime: YearTime;
}

export interface NationalScoreRow extends NationalScoreKey, NationalScoreFields {
  yearClassId: number;
  subjectId: number;
  providerId: number;
  grade: number;
  testDate: string;
}

export interface ExistingNationalScore extends NationalScoreRow {
  id: number;
}

export function nationalScoreKey(key: NationalScoreKey): string {
  return `${key.pupilId}:${key.nationalTestId}:${key.calendarYear}:${key.yearTime}`;
}

/*
 * A stored row as the drivers give it, checked field by field: a re-import reads up to 200,000 of them, and a zod
 * object parse of each made half the garbage of the whole plan.
 */
type RawRow = Record<string, unknown>;
function numberOf(row: RawRow, name: string): number {
  const value = row[name];
  if (typeof value !== 'number') throw new Error(`national_test_scores.${name} is not a number`);
  return value;
}
function numberOrNull(row: RawRow, name: string): number | null {
  return row[name] === null ? null : numberOf(row, name);
}
function textOrNull(row: RawRow, name: string): string | null {
  const value = row[name];
  if (value !== null && typeof value !== 'string')
    throw new Error(`national_test_scores.${name} is not text`);
  return value;
}
function oneOf<T extends string>(values: readonly T[], row: RawRow, name: string): T | null {
  const value = textOrNull(row, name);
  if (value === null) return null;
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`national_test_scores.${name} has an unknown value`);
  return found;
}

function toExisting(row: RawRow): ExistingNationalScore {
  const yearTime = oneOf(YEAR_TIMES, row, 'yearTime');
  const dleAboveScale = row.dleAboveScale;
  if (yearTime === null || typeof dleAboveScale !== 'boolean')
    throw new Error('national_test_scores row unreadable');
  return {
    id: numberOf(row, 'id'),
    pupilId: numberOf(row, 'pupilId'),
    nationalTestId: numberOf(row, 'nationalTestId'),
    calendarYear: numberOf(row, 'calendarYear'),
    yearTime,
    yearClassId: numberOf(row, 'yearClassId'),
    subjectId: numberOf(row, 'subjectId'),
    providerId: numberOf(row, 'providerId'),
    grade: numberOf(row, 'grade'),
    testDate: textOrNull(row, 'testDate') ?? '',
    levelValue: numberOrNull(row, 'levelValue'),
    abilityScore: numberOrNull(row, 'abilityScore'),
    percentile: numberOrNull(row, 'percentile'),
    alphabetical: oneOf(ALPHABETICAL_LEVELS, row, 'alphabetical'),
    roman: oneOf(ROMAN_LEVELS, row, 'roman'),
    functionalLevel: textOrNull(row, 'functionalLevel'),
    dle: numberOrNull(row, 'dle'),
    dleAboveScale,
    referenceLevel: oneOf(REFERENCE_RESULTS, row, 'referenceLevel'),
    projectedReferenceLevel: oneOf(REFERENCE_RESULTS, row, 'projectedReferenceLevel'),
  };
}

const rowsOf = z.object({ rows: z.array(z.unknown()) });

function isRawRow(value: unknown): value is RawRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The school's national scores of the given school years, by key. Where old data holds one key twice, the row with
 * the lowest id is the one compared and changed.
 */
export async function loadExistingScores(
  tx: Db,
  schoolId: number,
  calendarYears: readonly number[],
): Promise<Map<string, ExistingNationalScore>> {
  const existing = new Map<string, ExistingNationalScore>();
  if (calendarYears.length === 0) return existing;
  const { rows } = rowsOf.parse(
    await tx.execute(sql`select id, pupil_id as "pupilId", national_test_id as "nationalTestId", calendar_year as "calendarYear",
          year_time as "yearTime", year_class_id as "yearClassId", subject_id as "subjectId",
          provider_id as "providerId", grade, test_date::text as "testDate", level_value as "levelValue",
          ability_score as "abilityScore", percentile, alphabetical, roman, functional_level as "functionalLevel",
          dle, dle_above_scale as "dleAboveScale", reference_level as "referenceLevel",
          projected_reference_level as "projectedReferenceLevel"
        from national_test_scores
        where school_id = ${schoolId}
          and calendar_year = any(${`{${calendarYears.join(',')}}`}::int[])
        order by id desc`),
  );
  for (const raw of rows) {
    if (!isRawRow(raw)) throw new Error('national_test_scores row unreadable');
    const row = toExisting(raw);
    existing.set(nationalScoreKey(row), row);
  }
  return existing;
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

/** Overwrites the score fields (and group and grade) of existing rows, by id, within the school. */
export async function updateNationalScores(
  tx: Db,
  schoolId: number,
  rows: readonly ExistingNationalScore[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(
      rows.slice(start, start + BATCH_SIZE).map((row) => ({ id: row.id, ...record(schoolId, row) })),
    );
    await tx.execute(sql`
      update national_test_scores s set
        year_class_id = r.year_class_id, grade = r.grade, test_date = r.test_date, level_value = r.level_value,
        ability_score = r.ability_score, percentile = r.percentile, alphabetical = r.alphabetical,
        roman = r.roman, functional_level = r.functional_level, dle = r.dle,
        dle_above_scale = r.dle_above_scale, reference_level = r.reference_level,
        projected_reference_level = r.projected_reference_level
      from json_to_recordset(${batch}::json) as r(id int, ${sql.raw(COLUMNS)})
      where s.id = r.id and s.school_id = ${schoolId}`);
  }
}
