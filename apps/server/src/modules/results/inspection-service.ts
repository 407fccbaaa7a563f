import {
  DOORSTROOMTOETS_DOMAINS,
  DOORSTROOMTOETS_SUBJECT_CODES,
  INSPECTION_SUBJECTS,
  INSPECTION_YEARS,
  isInspectionSubject,
  schoolYearOf,
  SIGNAL_1F,
  type PublishedFigures,
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
import { readPublishedFigures } from '../inspectorate/index';
import {
  findEnteredValues,
  listDoorstroomtoetsForInspection,
  listDoorstroomtoetsYears,
  setEnteredValues,
  type EnteredValues,
} from './inspection-repository';

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

type Signals = Pick<
  SchoolInspection,
  'schoolweging' | 'schoolwegingCategory' | 'signal1F' | 'signalTarget' | 'signalSource'
>;

const NO_SIGNALS: Signals = {
  schoolweging: null,
  schoolwegingCategory: null,
  signal1F: null,
  signalTarget: null,
  signalSource: null,
};

/**
 * The signaleringswaarden of the verdict: the inspectorate's own, never the product's. From the imported open data
 * when the school has one location row with a 1S/2F value (with several locations the file does not say which
 * one the school's results are: the superuser enters the letter's values), or from what a superuser entered; the
 * more recent of the two counts. Neither: no verdict.
 */
function signalsOf(published: readonly PublishedFigures[], entered: EnteredValues): Signals {
  const [only, ...others] = published;
  const imported = only && others.length === 0 && only.signalTarget !== null ? only : null;
  const enteredAt = entered.signalTarget !== null ? entered.enteredAt : null;
  if (imported && (!enteredAt || new Date(imported.importedAt) >= enteredAt)) {
    return {
      schoolweging: imported.schoolweging,
      schoolwegingCategory: imported.schoolwegingCategory,
      signal1F: imported.signal1F,
      signalTarget: imported.signalTarget,
      signalSource: {
        kind: 'imported',
        at: imported.importedAt,
        calendarYears: imported.years.map((year) => year.calendarYear),
        ovt: imported.ovt,
      },
    };
  }
  if (enteredAt) {
    return {
      schoolweging: entered.schoolweging,
      schoolwegingCategory: null,
      // The letter's 1F value is the one every school has.
      signal1F: SIGNAL_1F,
      signalTarget: entered.signalTarget,
      signalSource: { kind: 'entered', at: enteredAt.toISOString(), calendarYears: [], ovt: null },
    };
  }
  return { ...NO_SIGNALS, schoolweging: entered.schoolweging };
}

function sharesOf(rows: readonly EndOfSchoolRow[], subjects: readonly { id: number; target: '1S' | '2F' }[]) {
  const perSubject = subjects.map((subject) => subjectShares(rows, subject.id, subject.target));
  return {
    perSubject,
    pupilCount: new Set(rows.filter((row) => !row.cito_is_excluded).map((row) => row.pupil_id)).size,
    share1F: meanOf(perSubject.map((subject) => subject.share1F)),
    shareTarget: meanOf(perSubject.map((subject) => subject.shareTarget)),
  };
}

/**
 * Doorstroomtoets results as the rows the shares are computed from: one per domain, under the subject the inspection
 * counts for it (lezen as reading, taalverzorging as spelling, rekenen as mathematics).
 */
function doorstroomtoetsRows(
  results: Awaited<ReturnType<typeof listDoorstroomtoetsForInspection>>,
  catalog: readonly { id: number; code: string }[],
): EndOfSchoolRow[] {
  return DOORSTROOMTOETS_DOMAINS.flatMap((domain) => {
    const subject = catalog.find((entry) => entry.code === DOORSTROOMTOETS_SUBJECT_CODES[domain]);
    if (!subject) return [];
    return results.map((result) => ({
      pupil_id: result.pupilId,
      calendar_year: result.calendarYear,
      subject_id: subject.id,
      reference_level: result[domain],
      cito_is_excluded: result.citoIsExcluded,
    }));
  });
}

/**
 * The inspectorate's view of the school (see the contract's schoolInspectionSchema): groep 8 over the last three
 * school years with results, reading, taalverzorging and mathematics taken together as the mean of their shares,
 * per year and over the three years, beside the inspectorate's own published figures. A year with doorstroomtoets
 * results is counted from those (`source` 'doorstroomtoets'); a year without them from the LVS's groep-8 tests, an
 * estimate (`source` 'lvs'). The three years are the last ones with either.
 * `access`: what the route's policy allowed (superusers and sencos).
 */
export async function getSchoolInspection(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
): Promise<SchoolInspection> {
  const { schoolId } = access;
  const lastYear = session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const testYears = await listDoorstroomtoetsYears(ctx.db, schoolId, lastYear, INSPECTION_YEARS);
  const calendarYears = [
    ...new Set([...(await listEndOfSchoolYears(ctx.db, schoolId, lastYear, INSPECTION_YEARS)), ...testYears]),
  ]
    .sort((a, b) => a - b)
    .slice(-INSPECTION_YEARS);
  const catalog = await listSubjects(ctx.db);
  const subjects = catalog.flatMap((subject) =>
    isInspectionSubject(subject.code) ? [{ id: subject.id, target: INSPECTION_SUBJECTS[subject.code] }] : [],
  );
  // A year with doorstroomtoets results counts those (what the inspectorate judges); the others the LVS's estimate.
  const fromTest = new Set(testYears.filter((year) => calendarYears.includes(year)));
  const lvsRows = await listEndOfSchoolResults(
    ctx.db,
    schoolId,
    calendarYears.filter((year) => !fromTest.has(year)),
    subjects.map((subject) => subject.id),
  );
  const testRows = doorstroomtoetsRows(
    await listDoorstroomtoetsForInspection(ctx.db, schoolId, [...fromTest]),
    catalog,
  );
  const rows = [...lvsRows, ...testRows];
  const total = sharesOf(rows, subjects);
  const published = (await readPublishedFigures(ctx.db, schoolId)).map(
    ({ schoolId: _school, ...figures }) => figures,
  );
  const entered = await findEnteredValues(ctx.db, schoolId);
  return {
    schoolId,
    calendarYears,
    pupilCount: total.pupilCount,
    excludedPupilCount: new Set(rows.filter((row) => row.cito_is_excluded).map((row) => row.pupil_id)).size,
    subjects: total.perSubject,
    share1F: total.share1F,
    shareTarget: total.shareTarget,
    perYear: calendarYears.map((calendarYear) => {
      const year = sharesOf(
        rows.filter((row) => row.calendar_year === calendarYear),
        subjects,
      );
      return {
        calendarYear,
        source: fromTest.has(calendarYear) ? ('doorstroomtoets' as const) : ('lvs' as const),
        pupilCount: year.pupilCount,
        share1F: year.share1F,
        shareTarget: year.shareTarget,
      };
    }),
    ...signalsOf(published, entered),
    published,
  };
}

/**
 * Sets or clears the schoolweging and 1S/2F signaleringswaarde the superuser entered from the inspectorate's letter
 * (the route's policy allows only the school's superusers).
 */
export async function updateSchoolweging(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  values: { schoolweging: number | null; signalTarget?: number | null | undefined },
): Promise<{ schoolId: number; schoolweging: number | null; signalTarget: number | null }> {
  const { schoolId } = access;
  // The values, their audit row and the read for the answer in one transaction: a 503 leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await setEnteredValues(
      tx,
      schoolId,
      { schoolweging: values.schoolweging, signalTarget: values.signalTarget },
      ctx.now(),
    );
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'school.schoolweging.update',
      entity: 'school',
      entityId: schoolId,
      details: { schoolweging: values.schoolweging, signalTarget: values.signalTarget ?? 'unchanged' },
      at: ctx.now(),
    });
    const stored = await findEnteredValues(tx, schoolId);
    return { schoolId, schoolweging: stored.schoolweging, signalTarget: stored.signalTarget };
  });
}
