import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, subjects, yearClasses } from '../../db/schema/index';

/** What a plan's reports name besides the plan: its group, subject and school. */
export interface PlanFacts {
  groupName: string;
  /** The group's school year: the year of the instruction groups. */
  calendarYear: number;
  grade: number;
  subjectCode: string;
  subjectNameNl: string;
  subjectNameEn: string;
  schoolName: string;
}

/** The group, subject and school of a plan of the school (null: the group is gone). */
export async function findPlanFacts(
  db: Db,
  plan: { schoolId: number; yearClassId: number; subjectId: number },
): Promise<PlanFacts | null> {
  const [row] = await db
    .select({
      groupName: yearClasses.name,
      calendarYear: yearClasses.calendarYear,
      grade: yearClasses.grade,
      subjectCode: subjects.code,
      subjectNameNl: subjects.nameNl,
      subjectNameEn: subjects.nameEn,
      schoolName: schools.name,
    })
    .from(yearClasses)
    .innerJoin(schools, eq(schools.id, yearClasses.schoolId))
    .innerJoin(subjects, eq(subjects.id, plan.subjectId))
    .where(and(eq(yearClasses.id, plan.yearClassId), eq(yearClasses.schoolId, plan.schoolId)))
    .limit(1);
  return row ?? null;
}
