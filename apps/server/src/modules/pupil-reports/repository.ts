import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, schools } from '../../db/schema/index';
import { enrolments } from '../pupils/index';

/** The pupil's name and the school's name, or null when the pupil is not of the school. */
export async function findReportFacts(db: Db, schoolId: number, pupilId: number) {
  const [row] = await db
    .select({
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      schoolName: schools.name,
    })
    .from(pupils)
    .innerJoin(schools, eq(schools.id, pupils.schoolId))
    .where(and(eq(pupils.id, pupilId), eq(pupils.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

/** The pupil's groups at the school, ascending by school year (then name). */
export function listReportEnrolments(db: Db, schoolId: number, pupilId: number) {
  const enrolment = enrolments(db, { schoolId, pupilId });
  return db
    .select({ name: enrolment.yearClassName, calendarYear: enrolment.calendarYear, grade: enrolment.grade })
    .from(enrolment)
    .orderBy(asc(enrolment.calendarYear), asc(enrolment.yearClassName));
}
