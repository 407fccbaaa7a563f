import type { Db } from '../../db/client';
import type { yearClasses } from '../../db/schema/index';
import {
  allowOr404,
  authorizeSchool,
  groupFor,
  requireSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findAmbitionSchoolId } from './ambition-repository';
import { canEditAmbition, canReadGroupResults, canReadSchoolResults } from './policy';

/*
 * The results routes' policies: each loads what it decides on once (the caller's access from the one resolver in
 * platform/access, the group or ambition asked for), applies the module's pure policies (policy.ts) and returns
 * what it allowed. The route hands that to the service, which reads within it and decides nothing itself.
 */

/** What a results read may cover: the caller's access to the school and the groups it limits the read to. */
export interface ResultScope {
  access: SchoolAccess;
  /** null: the whole school; otherwise the permitted group ids. */
  groupIds: number[] | null;
}

export type YearClass = typeof yearClasses.$inferSelect;

/** A group the caller may read, with the scope of its school. */
export interface YearClassScope {
  yearClass: YearClass;
  scope: ResultScope;
}

const scopeOf = (access: SchoolAccess): ResultScope => ({ access, groupIds: access.groupIds });

/** The school's results: another school answers 404, a member `mayRead` refuses 403. */
export async function authorizeResults(
  db: Db,
  session: ActiveSession,
  schoolId: number,
  mayRead: (access: SchoolAccess) => boolean = canReadSchoolResults,
): Promise<ResultScope> {
  return scopeOf(await authorizeSchool(db, session, schoolId, mayRead));
}

/** A group's results: an unknown group, another school's or one outside a teacher's groups answers 404. */
export async function authorizeYearClass(
  db: Db,
  session: ActiveSession,
  yearClassId: number,
): Promise<YearClassScope> {
  const yearClass = await groupFor(db, session, yearClassId);
  if (!yearClass) throw notFound();
  const access = await requireSchoolAccess(db, session, yearClass.schoolId);
  allowOr404(canReadGroupResults(access, yearClass.id));
  return { yearClass, scope: scopeOf(access) };
}

/** An ambition's band to set: an unknown ambition or another school's answers 404, a non-superuser 403. */
export async function authorizeAmbition(
  db: Db,
  session: ActiveSession,
  ambitionId: number,
): Promise<SchoolAccess> {
  const schoolId = await findAmbitionSchoolId(db, ambitionId);
  if (schoolId === null) throw notFound();
  return authorizeSchool(db, session, schoolId, canEditAmbition);
}
