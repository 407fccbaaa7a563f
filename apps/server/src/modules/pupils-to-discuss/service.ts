import {
  compareMoments,
  compareNames,
  GRADE_THRESHOLD,
  schoolYearOf,
  type DiscussReason,
  type MethodScore,
  type NationalNorm,
  type NationalScore,
  type PupilsToDiscuss,
  type PupilToDiscuss,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { findNorms, listMethodScores, listNationalScores, listSubjects } from '../scores/index';
import type { DiscussedGroup } from './access';
import { listGroupPupils, listYearPupils, type EnrolledPupil } from './repository';
import { growthStalled, levelDrop, methodMismatch } from './signals';

/** The group's pupils with at least one signal, looked at in the group's school year. */
export async function getGroupList(ctx: AppContext, group: DiscussedGroup): Promise<PupilsToDiscuss> {
  const enrolled = await listGroupPupils(ctx.db, group.schoolId, group.id);
  return buildList(ctx, group.schoolId, group.calendarYear, enrolled);
}

/**
 * The pupils with a signal in the school's groups of the school year (default: the session's) that the user
 * reads; a pupil in two groups of the year (moved) is listed once, in the group of the highest grade.
 */
export async function getSchoolList(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  calendarYear: number | undefined,
): Promise<PupilsToDiscuss> {
  const { schoolId } = access;
  const year = calendarYear ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const enrolled = await listYearPupils(ctx.db, schoolId, year, access.groupIds);
  const byPupil = new Map<number, EnrolledPupil>();
  for (const row of enrolled) {
    const known = byPupil.get(row.id);
    if (
      !known ||
      row.grade > known.grade ||
      (row.grade === known.grade && row.yearClassId > known.yearClassId)
    )
      byPupil.set(row.id, row);
  }
  return buildList(ctx, schoolId, year, [...byPupil.values()]);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item)) ?? [];
    list.push(item);
    map.set(key(item), list);
  }
  return map;
}

const normKey = (n: { providerId: number; subjectId: number; grade: number; yearTime: string }) =>
  `${n.providerId}:${n.subjectId}:${n.grade}:${n.yearTime}`;

async function buildList(
  ctx: AppContext,
  schoolId: number,
  calendarYear: number,
  enrolled: readonly EnrolledPupil[],
): Promise<PupilsToDiscuss> {
  const { db } = ctx;
  const ids = enrolled.map((pupil) => pupil.id);
  const [{ scores }, methodScores, subjects] = await Promise.all([
    // Only what the signals can reach: the latest result lies in the list's year or the one before, and growth looks
    // back two steps (results from August two school years back), method results from the year before on.
    listNationalScores(db, schoolId, ids, `${calendarYear - 2}-08-01`),
    listMethodScores(db, schoolId, ids, `${calendarYear - 1}-08-01`),
    listSubjects(db),
  ]);
  const counted = scores
    .filter(
      (score) => score.isCounted && score.calendarYear <= calendarYear && score.grade >= GRADE_THRESHOLD,
    )
    .sort((a, b) => compareMoments(a, b) || a.id - b.id);
  const norms = await findNorms(db, counted);
  const normOf = new Map<string, NationalNorm>(norms.map((norm) => [normKey(norm), norm]));
  const nationalBy = groupBy(counted, (score) => `${score.pupilId}:${score.subjectId}`);
  const methodBy = groupBy(
    methodScores.filter((score) => score.calendarYear <= calendarYear),
    (score) => `${score.pupilId}:${score.subjectId}`,
  );
  const subjectOrder = [...subjects].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));

  const listed: PupilToDiscuss[] = [];
  for (const pupil of enrolled) {
    const reasons: DiscussReason[] = [];
    for (const subject of subjectOrder) {
      const results: NationalScore[] = nationalBy.get(`${pupil.id}:${subject.id}`) ?? [];
      if (results.length === 0) continue;
      const methods: MethodScore[] = methodBy.get(`${pupil.id}:${subject.id}`) ?? [];
      for (const reason of [
        growthStalled(results, (score) => normOf.get(normKey(score)), calendarYear),
        levelDrop(results, calendarYear),
        methodMismatch(results, methods, calendarYear),
      ])
        if (reason) reasons.push(reason);
    }
    if (reasons.length === 0) continue;
    listed.push({
      id: pupil.id,
      firstName: pupil.firstName,
      lastNamePrefix: pupil.lastNamePrefix,
      lastName: pupil.lastName,
      yearClassId: pupil.yearClassId,
      yearClassName: pupil.yearClassName,
      grade: pupil.grade,
      citoIsExcluded: pupil.citoIsExcluded,
      reasons,
    });
  }
  const groupOf = new Map(enrolled.map((pupil) => [pupil.yearClassId, pupil]));
  listed.sort((a, b) => {
    const ga = groupOf.get(a.yearClassId);
    const gb = groupOf.get(b.yearClassId);
    return (
      (ga?.yearClassGrade ?? 0) - (gb?.yearClassGrade ?? 0) ||
      a.yearClassName.localeCompare(b.yearClassName, 'nl') ||
      a.yearClassId - b.yearClassId ||
      compareNames(a, b) ||
      a.id - b.id
    );
  });
  return { schoolId, calendarYear, pupilCount: enrolled.length, pupils: listed };
}
