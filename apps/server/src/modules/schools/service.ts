import { schoolYearOf, type School } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { listNationalTests, listTestProviders } from '../catalog/index';
import { findSchool, listYearClasses } from './repository';

/**
 * The school the route's policy allowed, with the groups of one school year: `schoolYear` when asked for,
 * otherwise the session's current school year (which the user can change), otherwise the school year of today.
 * Teachers see only their permitted groups.
 */
export async function getSchool(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  schoolYear?: number,
): Promise<School> {
  const { schoolId } = access;
  const school = await findSchool(ctx.db, schoolId);
  if (!school) throw notFound();
  const currentSchoolYear = session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const classes = await listYearClasses(ctx.db, schoolId, schoolYear ?? currentSchoolYear, access.groupIds);
  return {
    id: school.id,
    brinCode: school.brinCode,
    name: school.name,
    startYear: school.startYear,
    payingStatus: school.payingStatus,
    isSchoolSuperuser: access.isSchoolSuperuser,
    isConnectionActive: school.isConnectionActive,
    currentSchoolYear,
    schoolweging: school.schoolweging,
    classes: classes.map((row) => ({ ...row, grades: [...row.grades].sort((a, b) => a - b) })),
    testProviders: await listTestProviders(ctx.db, schoolId),
    nationalTests: await listNationalTests(ctx.db, schoolId),
  };
}
