import { and, asc, eq, sql } from 'drizzle-orm';
import type { YearClassNote } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { builtOncePerDb } from '../../db/built-once';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { readableNotes, readerValues, type NoteReader } from '../../platform/access/index';
import { yearClassNotes, yearClasses } from '../../db/schema/index';
import { toYearClassNote } from '../scores/index';

/* What a school history shows beside its rows (the scores module's): the school's groups and test-moment notes. */

const schoolYearClasses = builtOncePerDb((db) =>
  db
    .select({ id: yearClasses.id, name: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(eq(yearClasses.schoolId, sql.placeholder('schoolId')))
    .prepare(NAMED_BY_TEXT),
);

export function listSchoolYearClasses(db: Db, schoolId: number) {
  return schoolYearClasses(db).execute({ schoolId });
}

/** Built once for every reader and scope: `allGroups`, else the groups of `groupIds` (an array). */
const momentNotes = builtOncePerDb((db) =>
  db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, sql.placeholder('schoolId')),
        eq(yearClassNotes.kind, 'test_moment'),
        sql`(${sql.placeholder('allGroups')}::boolean
          or ${yearClassNotes.yearClassId} = any(${sql.placeholder('groupIds')}::int[]))`,
        readableNotes(yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.id))
    .prepare(NAMED_BY_TEXT),
);

/** Test-moment notes of the school's groups (`groupIds` limits a teacher's; null: every group). */
export async function listMomentNotes(
  db: Db,
  schoolId: number,
  groupIds: readonly number[] | null,
  reader: NoteReader,
): Promise<YearClassNote[]> {
  const rows = await momentNotes(db).execute({
    schoolId,
    allGroups: groupIds === null,
    groupIds: groupIds ?? [],
    ...readerValues(reader),
  });
  return rows.map(toYearClassNote);
}
