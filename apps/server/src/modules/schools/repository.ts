import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { schools, yearClassPupils, yearClasses } from '../../db/schema/index';
import { groupHasGoals } from '../scores/index';

export function findSchool(db: Db, schoolId: number) {
  return db
    .select()
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

// Made once per process: zod compiles a schema's parser on its first use (these run for every row).
const flagSchema = z.boolean();
const gradesSchema = z.array(z.number().int());
const countSchema = z.number().int();

/** The group has goals (the "test overview" menu item). */
const hasGoalsSql = groupHasGoals(sql`${yearClasses.schoolId}`, sql`${yearClasses.id}`).mapWith((value) =>
  flagSchema.parse(value),
);

/** The distinct grades of a group's pupils; the group's own grade when it has no pupils. */
const gradesSql = sql`coalesce(
  array_agg(distinct ${yearClassPupils.grade}) filter (where ${yearClassPupils.grade} is not null),
  array[${yearClasses.grade}])`.mapWith((value) => gradesSchema.parse(value));

const pupilCountSql = sql`count(${yearClassPupils.pupilId})::int`.mapWith((value) =>
  countSchema.parse(value),
);

/** Groups of one school year with their pupils' grades and count; `onlyIds` limits a teacher's view. */
export function listYearClasses(db: Db, schoolId: number, calendarYear: number, onlyIds: number[] | null) {
  const conditions = [eq(yearClasses.schoolId, schoolId), eq(yearClasses.calendarYear, calendarYear)];
  if (onlyIds) conditions.push(onlyIds.length > 0 ? inArray(yearClasses.id, onlyIds) : sql`false`);
  return db
    .select({
      yearClassId: yearClasses.id,
      yearClassName: yearClasses.name,
      yearClassGrade: yearClasses.grade,
      calendarYear: yearClasses.calendarYear,
      grades: gradesSql,
      pupilCount: pupilCountSql,
      hasGoals: hasGoalsSql,
    })
    .from(yearClasses)
    .leftJoin(
      yearClassPupils,
      and(
        eq(yearClassPupils.yearClassId, yearClasses.id),
        eq(yearClassPupils.schoolId, yearClasses.schoolId),
      ),
    )
    .where(and(...conditions))
    .groupBy(yearClasses.id)
    .orderBy(asc(yearClasses.grade), asc(yearClasses.name));
}
