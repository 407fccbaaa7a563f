import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { readableNotes, type NoteReader } from '../../platform/access/index';
import {
  pupils,
  teacherGroupPermissions,
  users,
  yearClassNotes,
  yearClassPupils,
} from '../../db/schema/index';
import { aggregateColumns, aggregateRowSchema, countedFilter, inIds, selectRows } from '../scores/index';

export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  return db
    .select({
      id: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      grade: yearClassPupils.grade,
      citoIsExcluded: pupils.citoIsExcluded,
      showOutflowProfile: pupils.showOutflowProfile,
    })
    .from(yearClassPupils)
    .innerJoin(
      pupils,
      and(eq(pupils.id, yearClassPupils.pupilId), eq(pupils.schoolId, yearClassPupils.schoolId)),
    )
    .where(and(eq(yearClassPupils.schoolId, schoolId), eq(yearClassPupils.yearClassId, yearClassId)));
}

/** The group has goals: a method result of the group belongs to a method test whose sections carry a goal. */
export async function groupHasGoals(db: Db, schoolId: number, yearClassId: number): Promise<boolean> {
  const rows = await selectRows(
    db,
    z.object({ found: z.boolean() }),
    sql`select exists (select 1 from method_test_scores m
      join test_sections t on t.method_test_id = m.method_test_id
      where m.school_id = ${schoolId} and m.year_class_id = ${yearClassId} and t.goal_id is not null) as found`,
  );
  return rows[0]?.found === true;
}

export const groupAggregateRowSchema = aggregateRowSchema.extend({
  subject_id: z.number().int(),
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  mean_growth: z.number().nullable(),
});

/**
 * The aggregate of the pupils' counted results per subject and moment, with mean growth: a query over the ranked
 * results `c` of the group's national scores (listNationalScoresWith), by moment then subject.
 */
export const groupAggregatesOver = sql`select c.subject_id, c.calendar_year, c.year_time, ${aggregateColumns},
      round(avg(c.ability_score - c.prev_ability)::numeric, 2)::float8 as mean_growth
    from c
    where ${countedFilter}
    group by c.subject_id, c.calendar_year, c.year_time, c.time_rank
    order by c.calendar_year, c.time_rank, c.subject_id`;

export function listGroupNotes(db: Db, schoolId: number, yearClassId: number, reader: NoteReader) {
  return db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, schoolId),
        eq(yearClassNotes.yearClassId, yearClassId),
        readableNotes(reader, yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.dateCreated), asc(yearClassNotes.id));
}

/** The teachers permitted on the group (what a group page shows as "teacher"), by name. */
export function listGroupTeachers(db: Db, schoolId: number, yearClassId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(teacherGroupPermissions)
    .innerJoin(users, eq(users.id, teacherGroupPermissions.userId))
    .where(
      and(
        eq(teacherGroupPermissions.schoolId, schoolId),
        eq(teacherGroupPermissions.yearClassId, yearClassId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export function listPupilNames(db: Db, schoolId: number, pupilIds: readonly number[]) {
  return db
    .select({
      id: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
    })
    .from(pupils)
    .where(and(eq(pupils.schoolId, schoolId), inIds(sql`${pupils.id}`, pupilIds)));
}

const approachYearRowSchema = z.object({ year: z.number().int(), last_changed: z.string().nullable() });

/**
 * The school year whose approaches a group page shows (the latest one up to `classYear` in which one of the
 * pupils has an approach, else `classYear`) and the latest change in the pupils' approach log for that year, in
 * one statement.
 */
export async function approachYear(db: Db, schoolId: number, pupilIds: readonly number[], classYear: number) {
  const [row] = await selectRows(
    db,
    approachYearRowSchema,
    sql`with y as (select coalesce((select max(a.calendar_year) from pupil_approaches a
        where a.school_id = ${schoolId} and ${inIds(sql`a.pupil_id`, pupilIds)} and a.calendar_year <= ${classYear}),
        ${classYear}::int) as year)
    select y.year, (select to_char(max(l.date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        from pupil_approach_logs l
        where l.school_id = ${schoolId} and ${inIds(sql`l.pupil_id`, pupilIds)} and l.school_year = y.year)
      as last_changed
    from y`,
  );
  return { year: row?.year ?? classYear, lastChanged: row?.last_changed ?? null };
}
