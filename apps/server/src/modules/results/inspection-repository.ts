import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { REFERENCE_RESULTS } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/index';
import { inIds, rankedScores, selectRows } from '../scores/index';

/*
 * The rows of the inspectorate's view: per groep-8 pupil, school year and subject, the pupil's last counted
 * grade-8 result of that year that carries a reference result, from the doorstroomtoets period on (M and later;
 * a B8 result is a start-of-year measurement, and a year with only B8 results is not yet a finished year).
 */
const END_OF_SCHOOL = sql`s.grade = 8 and s.reference_level is not null and s.year_time <> 'B'`;
const inspectionRowSchema = z.object({
  pupil_id: z.number().int(),
  calendar_year: z.number().int(),
  subject_id: z.number().int(),
  reference_level: z.enum(REFERENCE_RESULTS),
  cito_is_excluded: z.boolean(),
});
export type InspectionRow = z.output<typeof inspectionRowSchema>;

const yearRowSchema = z.object({ calendar_year: z.number().int() });

/** The school years (at most `years`, up to `lastYear`) with grade-8 results carrying a reference result. */
export async function listGrade8Years(db: Db, schoolId: number, lastYear: number, years: number) {
  const rows = await selectRows(
    db,
    yearRowSchema,
    sql`select distinct s.calendar_year from national_test_scores s
      where s.school_id = ${schoolId} and ${END_OF_SCHOOL} and s.calendar_year <= ${lastYear}
      order by s.calendar_year desc limit ${years}`,
  );
  return rows.map((row) => row.calendar_year).sort((a, b) => a - b);
}

/** Each pupil's last counted grade-8 result per year and subject, excluded pupils included (flagged). */
export function listInspectionRows(
  db: Db,
  schoolId: number,
  calendarYears: readonly number[],
  subjectIds: readonly number[],
): Promise<InspectionRow[]> {
  const scope = rankedScores({
    schoolId,
    where: sql`${END_OF_SCHOOL} and ${inIds(sql`s.calendar_year`, calendarYears)}
      and ${inIds(sql`s.subject_id`, subjectIds)}`,
  });
  return selectRows(
    db,
    inspectionRowSchema,
    sql`select distinct on (c.pupil_id, c.calendar_year, c.subject_id)
        c.pupil_id, c.calendar_year, c.subject_id, c.reference_level, c.cito_is_excluded
      from ${scope} c
      where c.is_counted
      order by c.pupil_id, c.calendar_year, c.subject_id, c.time_rank desc, c.id desc`,
  );
}

export async function findSchoolweging(db: Db, schoolId: number): Promise<number | null> {
  const [row] = await db
    .select({ schoolweging: schools.schoolweging })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row?.schoolweging ?? null;
}

export async function setSchoolweging(db: Db, schoolId: number, schoolweging: number | null): Promise<void> {
  await db.update(schools).set({ schoolweging }).where(eq(schools.id, schoolId));
}
