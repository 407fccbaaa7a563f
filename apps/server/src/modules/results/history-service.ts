import {
  compareMoments,
  momentKey,
  packSchoolHistory,
  type Exam,
  type SchoolHistoryAnswer,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { noteReaderOf, type NoteReader } from '../../platform/access/index';
import { wireConstant } from '../../platform/routing/index';
import { listHistoryRows, listSubjects, toAggregate, type HistoryRows } from '../scores/index';
import type { ResultScope } from './access';
import { listAmbitions } from './ambition-repository';
import { readStoredHistory } from './history-store';
import { listMomentNotes, listSchoolYearClasses } from './history-repository';

/** Every read of a school history once access is settled (`groupIds` limits a teacher's; null: every group). */
export async function readSchoolHistory(
  db: Db,
  schoolId: number,
  groupIds: readonly number[] | null,
  reader: NoteReader,
) {
  // A whole school's history reads its stored rows; a teacher's few groups are summed on the fly.
  const [rows, subjects, groups, notes, schoolAmbitions] = await Promise.all([
    groupIds === null ? readStoredHistory(db, schoolId) : listHistoryRows(db, { schoolId, groupIds }),
    listSubjects(db),
    listSchoolYearClasses(db, schoolId),
    listMomentNotes(db, schoolId, groupIds, reader),
    listAmbitions(db, schoolId),
  ]);
  return { rows, subjects, groups, notes, schoolAmbitions };
}

type Subject = Awaited<ReturnType<typeof listSubjects>>[number];
type Group = Awaited<ReturnType<typeof listSchoolYearClasses>>[number];

/** The part of the answer its rows, groups and subjects decide (not the notes and ambitions, read each time). */
type HistoryCore = Omit<SchoolHistoryAnswer, 'schoolId' | 'subjects' | 'notes' | 'schoolAmbitions'>;

/** The rows per moment (sorted by year then time) and subject (by position), with the grades and groups in order. */
function examsOf(
  rows: HistoryRows['aggregates'],
  subjects: readonly Subject[],
  groups: readonly Group[],
): Exam[] {
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const subjectOrder = new Map(subjects.map((subject, index) => [subject.id, index]));
  const exams = new Map<string, Exam>();
  for (const row of rows) {
    const key = momentKey({ calendarYear: row.calendar_year, yearTime: row.year_time });
    let exam = exams.get(key);
    if (!exam) {
      exam = { calendarYear: row.calendar_year, yearTime: row.year_time, key, results: [] };
      exams.set(key, exam);
    }
    let result = exam.results.find((item) => item.subjectId === row.subject_id);
    if (!result) {
      result = { subjectId: row.subject_id, school: toAggregate(row), grades: [], yearClasses: [] };
      exam.results.push(result);
    }
    if (row.level === 0) result.school = toAggregate(row);
    if (row.level === 1 && row.grade !== null) result.grades.push({ grade: row.grade, ...toAggregate(row) });
    if (row.level === 2 && row.year_class_id !== null) {
      const group = groupById.get(row.year_class_id);
      result.yearClasses.push({
        yearClassId: row.year_class_id,
        yearClassName: group?.name ?? '',
        grade: group?.grade ?? 0,
        ...toAggregate(row),
      });
    }
  }
  const sortedExams = [...exams.values()].sort(compareMoments);
  for (const exam of sortedExams) {
    exam.results.sort((a, b) => (subjectOrder.get(a.subjectId) ?? 0) - (subjectOrder.get(b.subjectId) ?? 0));
    for (const result of exam.results) {
      result.grades.sort((a, b) => a.grade - b.grade);
      result.yearClasses.sort(
        (a, b) => a.grade - b.grade || a.yearClassName.localeCompare(b.yearClassName, 'nl'),
      );
    }
  }
  return sortedExams;
}

function coreOf(rows: HistoryRows, subjects: readonly Subject[], groups: readonly Group[]): HistoryCore {
  const exams = examsOf(rows.aggregates, subjects, groups);
  // Packing passes the fields read per request through untouched: left empty here, the caller sets them.
  const {
    schoolId: _s,
    subjects: _su,
    notes: _n,
    schoolAmbitions: _a,
    ...core
  } = packSchoolHistory({
    schoolId: 0,
    calendarYears: [...new Set(exams.map((exam) => exam.calendarYear))],
    subjects: [],
    exams,
    notes: [],
    schoolAmbitions: [],
    norms: rows.norms,
  });
  return core;
}

/**
 * The packed core of a whole school's history per rows read (the stored rows of one version, kept by
 * readStoredHistory), for the groups' names and the subjects' order it was built with. Its parts are wire
 * constants, so the JSON of an unchanged school is written once per process.
 */
const cores = new WeakMap<HistoryRows, { signature: string; core: HistoryCore }>();

function sharedCoreOf(
  rows: HistoryRows,
  subjects: readonly Subject[],
  groups: readonly Group[],
): HistoryCore {
  const signature = JSON.stringify([
    subjects.map((subject) => subject.id),
    groups.map((group) => [group.id, group.name, group.grade]),
  ]);
  const known = cores.get(rows);
  if (known?.signature === signature) return known.core;
  const core = coreOf(rows, subjects, groups);
  for (const part of Object.values(core)) wireConstant(part);
  cores.set(rows, { signature, core });
  return core;
}

/**
 * The school's results over the years: per moment (sorted by year then time) and subject (by position) the
 * aggregates of the school, each grade and each group. A teacher's history covers only the results their
 * permitted groups had at the time of the test (and only those groups' notes). `scope`: what the route's policy
 * allowed.
 */
export async function getSchoolHistory(ctx: AppContext, scope: ResultScope): Promise<SchoolHistoryAnswer> {
  const { schoolId } = scope.access;
  const reader = noteReaderOf(scope.access);
  const history = await readSchoolHistory(ctx.db, schoolId, scope.groupIds, reader);
  // A whole school's rows are the same object while its stored version holds; a teacher's are new each time.
  const core =
    scope.groupIds === null
      ? sharedCoreOf(history.rows, history.subjects, history.groups)
      : coreOf(history.rows, history.subjects, history.groups);
  return {
    schoolId,
    subjects: [...history.subjects],
    notes: history.notes,
    schoolAmbitions: history.schoolAmbitions,
    ...core,
  };
}
