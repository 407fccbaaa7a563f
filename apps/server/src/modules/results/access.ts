import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pupils, yearClassPupils, yearClasses } from '../../db/schema/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { permittedGroupIds, requireSchoolAccess, type SchoolAccess } from '../../platform/school-access';
import { inIds } from './score-sql';

/*
 * Who may read which results. Outside the user's schools everything answers 404. Superusers and sencos read the
 * whole school; a teacher reads only their permitted groups: another group, or a pupil who was never enrolled in
 * one of those groups, answers 404 as well (the teacher does not learn that it exists).
 */

export interface ResultScope {
  access: SchoolAccess;
  /** null: the whole school; otherwise the permitted group ids. */
  groupIds: number[] | null;
}

export async function requireResultScope(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<ResultScope> {
  const access = await requireSchoolAccess(ctx.db, session.userId, schoolId);
  const groupIds = access.readsWholeSchool ? null : await permittedGroupIds(ctx.db, access);
  return { access, groupIds };
}

/** SQL condition limiting a group-id column to the scope. */
export function groupCondition(scope: ResultScope, column: ReturnType<typeof sql>) {
  return scope.groupIds === null ? sql`true` : inIds(column, scope.groupIds);
}

/** A group the user may read, with the scope of its school. */
export async function requireYearClass(ctx: AppContext, session: ActiveSession, yearClassId: number) {
  const [yearClass] = await ctx.db.select().from(yearClasses).where(eq(yearClasses.id, yearClassId)).limit(1);
  if (!yearClass) throw notFound();
  const scope = await requireResultScope(ctx, session, yearClass.schoolId);
  if (scope.groupIds !== null && !scope.groupIds.includes(yearClass.id)) throw notFound();
  return { yearClass, scope };
}

/**
 * A pupil of `schoolId` the user may read: the whole school for superusers and sencos; for a teacher a pupil
 * enrolled (in any school year) in one of their permitted groups.
 */
export async function requirePupil(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
  schoolId: number,
) {
  const scope = await requireResultScope(ctx, session, schoolId);
  const [pupil] = await ctx.db
    .select()
    .from(pupils)
    .where(and(eq(pupils.id, pupilId), eq(pupils.schoolId, schoolId)))
    .limit(1);
  if (!pupil) throw notFound();
  if (scope.groupIds !== null) {
    const [enrolment] = await ctx.db
      .select({ id: yearClassPupils.id })
      .from(yearClassPupils)
      .where(
        and(
          eq(yearClassPupils.schoolId, schoolId),
          eq(yearClassPupils.pupilId, pupilId),
          inIds(sql`${yearClassPupils.yearClassId}`, scope.groupIds),
        ),
      )
      .limit(1);
    if (!enrolment) throw notFound();
  }
  return { pupil, scope };
}

/** As requirePupil, for calls that name only the pupil (its school is looked up; unknown pupil → 404). */
export async function requirePupilById(ctx: AppContext, session: ActiveSession, pupilId: number) {
  const [row] = await ctx.db
    .select({ schoolId: pupils.schoolId })
    .from(pupils)
    .where(eq(pupils.id, pupilId))
    .limit(1);
  if (!row) throw notFound();
  return requirePupil(ctx, session, pupilId, row.schoolId);
}
