import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, yearClassPupils, yearClasses } from '../../db/schema/index';

/*
 * The pupils in a group: enrolments (year_class_pupils) with their group (year_classes) and/or their pupil (pupils),
 * always of one school. This file is the one place that writes that join; the modules that list pupils by group or
 * groups by pupil select from what it returns: a subquery with typed columns, which a statement selects from, orders,
 * limits and joins its own tables onto.
 *
 * - The group and the pupil are joined on the enrolment's school as well as on their id, so that an enrolment never
 *   reaches another school's group or pupil, and every statement filters year_class_pupils.school_id. With the join
 *   conditions PostgreSQL applies that school to year_classes and pupils too (one equivalence class), so that the
 *   (school_id, calendar_year) and (school_id, pupil_id) indexes serve without a second school filter.
 * - PostgreSQL pulls a subquery like these (no aggregate, no limit) up into the statement that reads it, and drops
 *   the columns that statement does not read: the plan is the one of the join written in place.
 * - A subquery, not a query builder to continue: drizzle's select builder cannot be made generic over the caller's
 *   columns (its types stay unresolved), and a dynamic one would let a caller's `.where` replace the school filter.
 */

/** A value, a placeholder of a statement built once (db/built-once.ts), or a column of an outer query. */
type Operand = number | SQLWrapper;

/** The enrolments of one group. */
export interface GroupScope {
  schoolId: Operand;
  yearClassId: Operand;
}

/** The enrolments of one pupil: in every school year, or in one. */
export interface PupilScope {
  schoolId: Operand;
  pupilId: Operand;
  calendarYear?: number;
}

/** The enrolments in the school's groups of one school year; `yearClassIds` limits them (null or absent: all). */
export interface YearScope {
  schoolId: Operand;
  calendarYear: number;
  yearClassIds?: readonly number[] | null;
}

/** Which enrolments a statement reads. Without the group joined, only one group's (GroupScope). */
export type EnrolmentScope = GroupScope | PupilScope | YearScope;

function inScope(scope: EnrolmentScope): SQL | undefined {
  const school = eq(yearClassPupils.schoolId, scope.schoolId);
  if ('yearClassId' in scope) return and(school, eq(yearClassPupils.yearClassId, scope.yearClassId));
  if ('pupilId' in scope)
    return and(
      school,
      eq(yearClassPupils.pupilId, scope.pupilId),
      scope.calendarYear === undefined ? undefined : eq(yearClasses.calendarYear, scope.calendarYear),
    );
  // The group list filters year_classes.id, not the enrolment's year_class_id: PostgreSQL carries an equality
  // across a join condition, but not an `in` list, so the column decides which index can take the list.
  const ids = scope.yearClassIds;
  return and(
    school,
    eq(yearClasses.calendarYear, scope.calendarYear),
    ids === undefined || ids === null ? undefined : inArray(yearClasses.id, [...ids]),
  );
}

const groupOfEnrolment = and(
  eq(yearClasses.id, yearClassPupils.yearClassId),
  eq(yearClasses.schoolId, yearClassPupils.schoolId),
);

const pupilOfEnrolment = and(
  eq(pupils.id, yearClassPupils.pupilId),
  eq(pupils.schoolId, yearClassPupils.schoolId),
);

/*
 * The columns. Where a join makes two columns equal, each subquery gives the one its callers join and sort on (the
 * pupil's own id where pupils is joined, the group's where only year_classes is), so that their plans stay the ones
 * of the join written in place; and a subquery's columns need names of their own (the group's grade is renamed).
 */
const enrolmentColumns = {
  schoolId: yearClassPupils.schoolId,
  /** The pupil's own grade (it differs within combination groups). */
  grade: yearClassPupils.grade,
};

const groupColumns = {
  yearClassName: yearClasses.name,
  calendarYear: yearClasses.calendarYear,
  yearClassGrade: sql`${yearClasses.grade}`.mapWith(yearClasses.grade).as('year_class_grade'),
};

/** The name, the flags the lists show, and the national-test exclusion with who changed it. */
const pupilColumns = {
  firstName: pupils.firstName,
  lastNamePrefix: pupils.lastNamePrefix,
  lastName: pupils.lastName,
  citoIsExcluded: pupils.citoIsExcluded,
  showOutflowProfile: pupils.showOutflowProfile,
  citoExclusionReason: pupils.citoExclusionReason,
  citoExclusionReasonText: pupils.citoExclusionReasonText,
  citoExclusionChangedById: pupils.citoExclusionChangedById,
  citoExclusionChangedAt: pupils.citoExclusionChangedAt,
};

/** Enrolments with their group. */
export function enrolments(db: Db, scope: EnrolmentScope) {
  return db
    .select({
      ...enrolmentColumns,
      pupilId: yearClassPupils.pupilId,
      yearClassId: yearClasses.id,
      ...groupColumns,
    })
    .from(yearClassPupils)
    .innerJoin(yearClasses, groupOfEnrolment)
    .where(inScope(scope))
    .as('enrolment');
}

/** Enrolments with their group and their pupil. */
export function enrolledPupils(db: Db, scope: EnrolmentScope) {
  return db
    .select({
      ...enrolmentColumns,
      pupilId: pupils.id,
      // Not year_classes.id: its name would be pupils.id's ("id"). No caller sorts or joins on it.
      yearClassId: yearClassPupils.yearClassId,
      ...groupColumns,
      ...pupilColumns,
    })
    .from(yearClassPupils)
    .innerJoin(yearClasses, groupOfEnrolment)
    .innerJoin(pupils, pupilOfEnrolment)
    .where(inScope(scope))
    .as('enrolled_pupil');
}

/** One group's enrolments with their pupil (the caller has the group's row). */
export function groupPupils(db: Db, scope: GroupScope) {
  return db
    .select({
      ...enrolmentColumns,
      pupilId: pupils.id,
      yearClassId: yearClassPupils.yearClassId,
      ...pupilColumns,
    })
    .from(yearClassPupils)
    .innerJoin(pupils, pupilOfEnrolment)
    .where(inScope(scope))
    .as('group_pupil');
}
