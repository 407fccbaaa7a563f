import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { yearTimeSchema, type YearClassNote } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { readableNotes, type NoteReader } from '../../platform/access/index';
import { yearClassNotes, yearClasses } from '../../db/schema/index';
import {
  aggregateColumns,
  aggregateRowSchema,
  countedFilter,
  inGroups,
  rankedScores,
  selectRows,
  toYearClassNote,
  type RankedScope,
} from '../scores/index';

/** The school's national results a history reads: a teacher's only from their permitted groups at the time. */
export function historyScope(schoolId: number, groupIds: readonly number[] | null): RankedScope {
  return { schoolId, where: inGroups(sql`s.year_class_id`, groupIds) };
}

const historyAggregateRowSchema = aggregateRowSchema.extend({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  subject_id: z.number().int(),
  grade: z.number().int().nullable(),
  year_class_id: z.number().int().nullable(),
  /** 0 school, 1 grade, 2 group */
  level: z.number().int(),
});

/**
 * Per moment and subject the aggregate of the school, of each grade (the pupil's grade at the test) and of each
 * group, in one GROUP BY GROUPING SETS over the counted results.
 */
export function historyAggregates(db: Db, scope: RankedScope) {
  return selectRows(
    db,
    historyAggregateRowSchema,
    sql`select c.calendar_year, c.year_time, c.subject_id, c.grade, c.year_class_id,
      (case when grouping(c.grade) = 0 then 1 when grouping(c.year_class_id) = 0 then 2 else 0 end)::int as level,
      ${aggregateColumns}
    from ${rankedScores(scope)} c
    where ${countedFilter}
    group by grouping sets ((c.calendar_year, c.year_time, c.subject_id),
      (c.calendar_year, c.year_time, c.subject_id, c.grade),
      (c.calendar_year, c.year_time, c.subject_id, c.year_class_id))`,
  );
}

export function listSchoolYearClasses(db: Db, schoolId: number) {
  return db
    .select({ id: yearClasses.id, name: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(eq(yearClasses.schoolId, schoolId));
}

/** Test-moment notes of the school's groups (`groupIds` limits a teacher's; null: every group). */
export async function listMomentNotes(
  db: Db,
  schoolId: number,
  groupIds: readonly number[] | null,
  reader: NoteReader,
): Promise<YearClassNote[]> {
  const rows = await db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, schoolId),
        eq(yearClassNotes.kind, 'test_moment'),
        inGroups(sql`${yearClassNotes.yearClassId}`, groupIds),
        readableNotes(reader, yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.id));
  return rows.map(toYearClassNote);
}
