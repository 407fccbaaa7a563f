import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { NationalNorm, YearClassNote, YearTime } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { schoolAmbitions, yearClassNotes, yearClasses } from '../../db/schema/index';
import {
  aggregateColumns,
  countedFilter,
  rankedScores,
  selectRows,
  type AggregateRow,
  type RankedScope,
} from './score-sql';

export interface HistoryAggregateRow extends AggregateRow {
  calendar_year: number;
  year_time: YearTime;
  subject_id: number;
  grade: number | null;
  year_class_id: number | null;
  /** 0 school, 1 grade, 2 group */
  level: number;
}

/**
 * Per moment and subject the aggregate of the school, of each grade (the pupil's grade at the test) and of each
 * group, in one GROUP BY GROUPING SETS over the counted results.
 */
export function historyAggregates(db: Db, scope: RankedScope) {
  return selectRows<HistoryAggregateRow>(
    db,
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

/** The norms of the providers, grades and moments of the results in scope. */
export function normsInScope(db: Db, scope: RankedScope) {
  return selectRows<NationalNorm>(
    db,
    sql`select distinct n.provider_id as "providerId", n.subject_id as "subjectId", n.grade, n.year_time as "yearTime",
      n.ability_score::float8 as "abilityScore"
    from national_norms n
    join ${rankedScores(scope)} c on c.provider_id = n.provider_id and c.subject_id = n.subject_id
      and c.grade = n.grade and c.year_time = n.year_time
    order by 1, 2, 3, 4`,
  );
}

export function listSchoolYearClasses(db: Db, schoolId: number) {
  return db
    .select({ id: yearClasses.id, name: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(eq(yearClasses.schoolId, schoolId));
}

/** Test-moment notes of the school's groups in scope. */
export async function listMomentNotes(
  db: Db,
  schoolId: number,
  groupCondition: SQL,
): Promise<YearClassNote[]> {
  const rows = await db
    .select()
    .from(yearClassNotes)
    .where(and(eq(yearClassNotes.schoolId, schoolId), eq(yearClassNotes.kind, 'test_moment'), groupCondition))
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.id));
  return rows.map(toNote);
}

export function toNote(row: typeof yearClassNotes.$inferSelect): YearClassNote {
  return {
    id: row.id,
    yearClassId: row.yearClassId,
    kind: row.kind,
    subjectId: row.subjectId,
    calendarYear: row.calendarYear,
    yearTime: row.yearTime,
    methodTestId: row.methodTestId,
    content: row.content,
    relatedPupilIds: row.relatedPupilIds,
    dateCreated: row.dateCreated.toISOString(),
  };
}

export function listAmbitions(db: Db, schoolId: number) {
  return db
    .select({
      id: schoolAmbitions.id,
      subjectId: schoolAmbitions.subjectId,
      lowScore: schoolAmbitions.lowScore,
      highScore: schoolAmbitions.highScore,
    })
    .from(schoolAmbitions)
    .where(eq(schoolAmbitions.schoolId, schoolId))
    .orderBy(asc(schoolAmbitions.subjectId));
}
