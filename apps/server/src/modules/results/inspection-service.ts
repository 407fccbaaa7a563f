import {
  INSPECTION_SUBJECTS,
  INSPECTION_YEARS,
  isInspectionSubject,
  schoolYearOf,
  SIGNAL_1F,
  signalTarget,
  type SchoolInspection,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { writeAudit } from '../../platform/audit';
import type { ActiveSession } from '../../platform/sessions';
import {
  listEndOfSchoolResults,
  listEndOfSchoolYears,
  listSubjects,
  type EndOfSchoolRow,
} from '../scores/index';
import { findSchoolweging, setSchoolweging } from './inspection-repository';

const round2 = (value: number) => Math.round(value * 100) / 100;
const share = (part: number, whole: number) => (whole === 0 ? null : round2((100 * part) / whole));

function subjectShares(rows: readonly EndOfSchoolRow[], subjectId: number, target: '1S' | '2F') {
  const counted = rows.filter((row) => row.subject_id === subjectId && !row.cito_is_excluded);
  return {
    subjectId,
    targetLevel: target,
    resultCount: counted.length,
    share1F: share(counted.filter((row) => row.reference_level !== '<1F').length, counted.length),
    shareTarget: share(counted.filter((row) => row.reference_level === target).length, counted.length),
  };
}

function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : round2(present.reduce((a, b) => a + b, 0) / present.length);
}

/**
 * The inspectorate's view of the school (see the contract's schoolInspectionSchema): groep 8 over the last three
 * school years with results, reading, taalverzorging and mathematics taken together as the mean of their shares.
 * `access`: what the route's policy allowed (superusers and sencos).
 */
export async function getSchoolInspection(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
): Promise<SchoolInspection> {
  const { schoolId } = access;
  const lastYear = session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const calendarYears = await listEndOfSchoolYears(ctx.db, schoolId, lastYear, INSPECTION_YEARS);
  const subjects = (await listSubjects(ctx.db)).flatMap((subject) =>
    isInspectionSubject(subject.code) ? [{ id: subject.id, target: INSPECTION_SUBJECTS[subject.code] }] : [],
  );
  const rows = await listEndOfSchoolResults(
    ctx.db,
    schoolId,
    calendarYears,
    subjects.map((subject) => subject.id),
  );
  const perSubject = subjects.map((subject) => subjectShares(rows, subject.id, subject.target));
  const schoolweging = await findSchoolweging(ctx.db, schoolId);
  return {
    schoolId,
    calendarYears,
    pupilCount: new Set(rows.filter((row) => !row.cito_is_excluded).map((row) => row.pupil_id)).size,
    excludedPupilCount: new Set(rows.filter((row) => row.cito_is_excluded).map((row) => row.pupil_id)).size,
    subjects: perSubject,
    share1F: meanOf(perSubject.map((subject) => subject.share1F)),
    shareTarget: meanOf(perSubject.map((subject) => subject.shareTarget)),
    schoolweging,
    signal1F: SIGNAL_1F,
    signalTarget: schoolweging === null ? null : signalTarget(schoolweging),
  };
}

/** Sets or clears the school's schoolweging (the route's policy allows only its superusers). */
export async function updateSchoolweging(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  schoolweging: number | null,
): Promise<{ schoolId: number; schoolweging: number | null }> {
  const { schoolId } = access;
  // The value, its audit row and the read for the answer in one transaction: a 503 leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await setSchoolweging(tx, schoolId, schoolweging);
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'school.schoolweging.update',
      entity: 'school',
      entityId: schoolId,
      at: ctx.now(),
    });
    return { schoolId, schoolweging: await findSchoolweging(tx, schoolId) };
  });
}
