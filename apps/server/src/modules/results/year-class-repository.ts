import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pupilApproachSchema } from '@leerzicht/contract';
import { builtOncePerDb } from '../../db/built-once';
import type { Db } from '../../db/client';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { selectRowsOnce } from '../../db/select-rows';
import { readableNotes, readerValues, type NoteReader } from '../../platform/access/index';
import { pupils, yearClassNotes } from '../../db/schema/index';
import { groupPupils } from '../pupils/index';
import { groupHasGoals, inIds } from '../scores/index';

const groupPupilList = builtOncePerDb((db) => {
  const member = groupPupils(db, {
    schoolId: sql.placeholder('schoolId'),
    yearClassId: sql.placeholder('yearClassId'),
  });
  return db
    .select({
      id: member.pupilId,
      firstName: member.firstName,
      lastNamePrefix: member.lastNamePrefix,
      lastName: member.lastName,
      grade: member.grade,
      citoIsExcluded: member.citoIsExcluded,
      showOutflowProfile: member.showOutflowProfile,
    })
    .from(member)
    .prepare(NAMED_BY_TEXT);
});

export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  return groupPupilList(db).execute({ schoolId, yearClassId });
}

const groupNoteList = builtOncePerDb((db) =>
  db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, sql.placeholder('schoolId')),
        eq(yearClassNotes.yearClassId, sql.placeholder('yearClassId')),
        readableNotes(yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.dateCreated), asc(yearClassNotes.id))
    .prepare(NAMED_BY_TEXT),
);

export function listGroupNotes(db: Db, schoolId: number, yearClassId: number, reader: NoteReader) {
  return groupNoteList(db).execute({ schoolId, yearClassId, ...readerValues(reader) });
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

const groupFactsRowSchema = z.object({
  has_goals: z.boolean(),
  teachers: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })),
  year: z.number().int(),
  last_changed: z.string().nullable(),
  approaches: z.array(pupilApproachSchema.extend({ pupilId: z.number().int() })),
});

/**
 * What a group page shows of the group beside its pupils' results, in one statement:
 * - `hasGoals`: see groupHasGoals;
 * - `teachers`: the teachers permitted on the group, by name;
 * - `approachYear`: the school year whose approaches the page shows (the latest one up to `classYear` in which one
 *   of the group's pupils has an approach, else `classYear`), `lastChanged` the latest change in the pupils'
 *   approach log for that year, and `approaches` the pupils' approaches of that year (by subject).
 */
const groupFactsStatement = (() => {
  const schoolId = sql.placeholder('schoolId');
  const yearClassId = sql.placeholder('yearClassId');
  const classYear = sql`${sql.placeholder('classYear')}::int`;
  const members = sql`(select m.pupil_id from year_class_pupils m
    where m.school_id = ${schoolId} and m.year_class_id = ${yearClassId})`;
  return selectRowsOnce(
    groupFactsRowSchema,
    sql`with y as (select coalesce((select max(a.calendar_year) from pupil_approaches a
        where a.school_id = ${schoolId} and a.pupil_id in ${members} and a.calendar_year <= ${classYear}),
        ${classYear}) as year)
    select ${groupHasGoals(schoolId, yearClassId)} as has_goals,
      coalesce((select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
          order by u.last_name, u.first_name, u.id)
        from teacher_group_permissions p join users u on u.id = p.user_id
        where p.school_id = ${schoolId} and p.year_class_id = ${yearClassId}), '[]'::json) as teachers,
      y.year,
      (select to_char(max(l.date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        from pupil_approach_logs l
        where l.school_id = ${schoolId} and l.pupil_id in ${members} and l.school_year = y.year) as last_changed,
      coalesce((select json_agg(json_build_object('pupilId', a.pupil_id, 'subjectId', a.subject_id,
            'calendarYear', a.calendar_year, 'approach', a.approach, 'yearClassId', a.year_class_id)
          order by a.subject_id, a.pupil_id)
        from pupil_approaches a
        where a.school_id = ${schoolId} and a.pupil_id in ${members} and a.calendar_year = y.year), '[]'::json)
        as approaches
    from y`,
  );
})();

export async function groupFacts(db: Db, schoolId: number, yearClassId: number, classYear: number) {
  const [row] = await groupFactsStatement(db, { schoolId, yearClassId, classYear });
  if (!row) throw new Error('the group facts statement returned no row');
  return {
    hasGoals: row.has_goals,
    teachers: row.teachers,
    approachYear: row.year,
    lastChanged: row.last_changed,
    approaches: row.approaches,
  };
}
