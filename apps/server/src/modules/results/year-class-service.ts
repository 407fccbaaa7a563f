import {
  compareMoments,
  sortByName,
  fullName,
  packYearClassResult,
  type Moment,
  type YearClassResultAnswer,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { noteReaderOf } from '../../platform/access/index';
import {
  listMethodScores,
  listGroupScores,
  listScoreNotes,
  listSubjects,
  scoreWindows,
  toAggregate,
  toYearClassNote,
} from '../scores/index';
import type { YearClassScope } from './access';
import { groupFacts, listGroupNotes, listGroupPupils, listPupilNames } from './year-class-repository';

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item)) ?? [];
    list.push(item);
    map.set(key(item), list);
  }
  return map;
}

/**
 * The group's pupils (by name) with their national results of the last NATIONAL_WINDOW_MONTHS months (also from
 * earlier groups) and their growth, method results of the last METHOD_WINDOW_MONTHS months, notes and approaches;
 * the group's aggregates per subject and moment (excluded pupils left out; provider priority) and its notes. Packed
 * for the wire (packYearClassResult): tests, method tests and moments once, the results as columns. The group and
 * the scope are what the route's policy loaded and allowed.
 */
export async function getYearClassResult(
  ctx: AppContext,
  { yearClass, scope }: YearClassScope,
): Promise<YearClassResultAnswer> {
  const reader = noteReaderOf(scope.access);
  const { db } = ctx;
  const schoolId = yearClass.schoolId;
  const { nationalSince, methodSince } = scoreWindows(ctx.now());
  const [members, facts] = await Promise.all([
    listGroupPupils(db, schoolId, yearClass.id),
    groupFacts(db, schoolId, yearClass.id, yearClass.calendarYear),
  ]);
  const { hasGoals, teachers, approachYear: expectedYear, lastChanged, approaches } = facts;
  const ids = members.map((member) => member.id);
  const [subjects, national, methodScores, notes, groupNotes] = await Promise.all([
    listSubjects(db),
    listGroupScores(db, schoolId, ids, nationalSince),
    listMethodScores(db, schoolId, ids, methodSince),
    listScoreNotes(db, schoolId, ids, reader),
    listGroupNotes(db, schoolId, yearClass.id, reader),
  ]);
  const { aggregates } = national;
  const relatedIds = [...new Set(groupNotes.flatMap((note) => note.relatedPupilIds))];
  const related = relatedIds.length > 0 ? await listPupilNames(db, schoolId, relatedIds) : [];
  const names = new Map(related.map((pupil) => [pupil.id, pupil]));

  const scoreIds = new Set(national.scores.map((score) => score.id));
  const methodIds = new Set(methodScores.map((score) => score.id));
  const scoresOf = groupBy(national.scores, (score) => score.pupilId);
  const methodOf = groupBy(methodScores, (score) => score.pupilId);
  const notesOf = groupBy(notes, (note) => note.pupilId);
  const approachesOf = groupBy(approaches, (approach) => approach.pupilId);

  const pupils = sortByName(members).map((member) => {
    const pupilNotes = notesOf.get(member.id) ?? [];
    return {
      ...member,
      scores: scoresOf.get(member.id) ?? [],
      methodScores: methodOf.get(member.id) ?? [],
      methodNotes: pupilNotes.filter(
        (note) => note.methodTestScoreId !== null && methodIds.has(note.methodTestScoreId),
      ),
      citoNotes: pupilNotes.filter(
        (note) => note.citoTestScoreId !== null && scoreIds.has(note.citoTestScoreId),
      ),
      approaches: (approachesOf.get(member.id) ?? []).map(({ pupilId: _pupilId, ...approach }) => approach),
    };
  });

  // The moment the approaches were based on: the latest moment with results before the last change.
  const moments = national.scores
    .filter((score) => lastChanged === null || (score.testDate ?? '') <= lastChanged.slice(0, 10))
    .map((score): Moment => ({ calendarYear: score.calendarYear, yearTime: score.yearTime }))
    .sort(compareMoments);

  return packYearClassResult({
    group: {
      id: yearClass.id,
      schoolId,
      name: yearClass.name,
      grade: yearClass.grade,
      grades: [
        ...new Set(members.map((member) => member.grade).concat(members.length ? [] : [yearClass.grade])),
      ].sort((a, b) => a - b),
      calendarYear: yearClass.calendarYear,
      hasGoals,
      teachers: teachers.map((teacher) => ({ id: teacher.id, name: fullName(teacher) })),
    },
    subjects: [...subjects],
    pupils,
    citoScores: aggregates.map((row) => ({
      subjectId: row.subject_id,
      calendarYear: row.calendar_year,
      yearTime: row.year_time,
      meanGrowth: row.mean_growth,
      ...toAggregate(row),
    })),
    testMomentNotes: groupNotes
      .filter((note) => note.kind === 'test_moment')
      .map((note) => ({
        ...toYearClassNote(note),
        relatedPupils: note.relatedPupilIds.flatMap((id) => {
          const pupil = names.get(id);
          return pupil ? [pupil] : [];
        }),
      })),
    methodTestNotes: groupNotes.filter((note) => note.kind === 'method_test').map(toYearClassNote),
    approachesInfo: {
      classYear: yearClass.calendarYear,
      expectedYear,
      testTime: moments.at(-1) ?? null,
      lastChanged,
    },
  });
}
