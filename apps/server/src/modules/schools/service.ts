import { schoolYearOf, type School } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { permittedGroupIds, requireSchoolAccess } from '../../platform/school-access';
import { findSchool, listYearClasses } from './repository';

export async function getSchool(ctx: AppContext, session: ActiveSession, schoolId: number): Promise<School> {
  const access = await requireSchoolAccess(ctx.db, session.userId, schoolId);
  const school = await findSchool(ctx.db, schoolId);
  if (!school) throw notFound();
  const currentSchoolYear = session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const onlyIds = access.readsWholeSchool ? null : await permittedGroupIds(ctx.db, access);
  const classes = await listYearClasses(ctx.db, schoolId, currentSchoolYear, onlyIds);
  return {
    id: school.id,
    brinCode: school.brinCode,
    name: school.name,
    startYear: school.startYear,
    payingStatus: school.payingStatus,
    isSchoolSuperuser: access.isSchoolSuperuser,
    isConnectionActive: school.isConnectionActive,
    currentSchoolYear,
    classes: classes.map((row) => ({ ...row, grades: [...row.grades].sort((a, b) => a - b) })),
  };
}
