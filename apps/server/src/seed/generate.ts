import { schoolYearOf } from '@leerzicht/contract';
import { accountRows, TEACHER_GROUPS, USER_IDS } from './accounts';
import { buildCatalog, PROVIDER_IDS, SUBJECT_IDS } from './catalog';
import { toIsoDate } from './dates';
import { methodScoreRows } from './method-scores';
import { nationalScoreRows } from './national-scores';
import { normRows } from './norms';
import { noteRows } from './notes';
import { doorstroomtoetsRows } from './doorstroomtoets';
import { outflowRows } from './outflow';
import { approachRows, planRows } from './plans';
import { pupilRows, simulateSchool } from './pupils';
import { Random } from './random';
import { REGENBOOG, SCHOOLS, schoolRows } from './schools';
import { Ids, type DemoData, type GenerateOptions } from './types';
import { uploadRows } from './uploads';
import { inspectorateRows } from './inspectorate';

export const DEFAULT_SEED = 20_250_801;

/**
 * The whole demo data set as plain rows per table, with explicit ids. Pure: the same options give deep-equal
 * output. Everything is placed relative to `today`: the current school year is schoolYearOf(today), history goes
 * back six years, and only test moments before `today` have results.
 */
export function generateDemoData(options: GenerateOptions): DemoData {
  const { today, providerDomain } = options;
  const current = schoolYearOf(today);
  const todayIso = toIsoDate(today);
  const root = new Random(options.seed);
  const ids = { pupils: new Ids(), groups: new Ids() };
  const sims = SCHOOLS.map((def) =>
    simulateSchool(def, current, todayIso, root.fork(`school:${def.brinCode}`), ids),
  );
  const schools = sims.map((sim) => sim.school);
  const groups = schools.flatMap((school) => school.groups);

  const { pupils, yearClasses, yearClassPupils } = pupilRows(sims, current);
  const nationalTestScores = nationalScoreRows(schools, current, today, root.fork('national'));
  const methodScores = methodScoreRows(schools, current, today, root.fork('method'));
  const accounts = accountRows(groups, current, today, providerDomain);
  const approaches = approachRows(schools, current, today, root.fork('approaches'));
  const notes = noteRows(schools, current, today, root.fork('notes'), {
    nationalTestScores,
    methodTestScores: methodScores.methodTestScores,
  });

  // Pinned pupils: the IB pins three pupils of the school, each teacher two of their own first group.
  const pinRng = root.fork('pins');
  const pinnedPupils: DemoData['pinnedPupils'] = [];
  const regenboogNow = groups.filter((g) => g.schoolId === REGENBOOG.id && g.year === current);
  const pin = (userId: number, pupilIds: number[]) =>
    pupilIds.forEach((pupilId) =>
      pinnedPupils.push({ id: pinnedPupils.length + 1, schoolId: REGENBOOG.id, userId, pupilId }),
    );
  pin(USER_IDS.ib, pinRng.shuffle(regenboogNow.flatMap((g) => g.members.map((m) => m.pupil.id))).slice(0, 3));
  const ownGroup = regenboogNow.find((g) => g.name === TEACHER_GROUPS.leerkracht?.names[0]);
  pin(USER_IDS.leerkracht, pinRng.shuffle(ownGroup?.members.map((m) => m.pupil.id) ?? []).slice(0, 2));

  return {
    ...schoolRows(current),
    ...accounts,
    ...buildCatalog(),
    nationalNorms: normRows(PROVIDER_IDS, SUBJECT_IDS),
    yearClasses,
    pupils,
    yearClassPupils,
    nationalTestScores,
    ...methodScores,
    ...approaches,
    ...outflowRows(schools, today, root.fork('outflow'), USER_IDS.directeur),
    ...doorstroomtoetsRows(schools, today, root.fork('doorstroomtoets'), USER_IDS.directeur),
    ...planRows(schools, current, today, root.fork('plans'), approaches.pupilApproaches),
    ...notes,
    pinnedPupils,
    ...uploadRows({ yearClasses, yearClassPupils }, current, today),
    ...inspectorateRows(current),
  } satisfies DemoData;
}
