import { OUTFLOW_ADVICES, type OutflowAdvice } from '@leerzicht/contract';
import { noon, toIsoDate } from './dates';
import type { SimSchool } from './model';
import { clamp, isoDate, normalCdf, type Random } from './random';
import type { DemoData } from './types';

/** Upper percentile bounds of each advice (the last, VWO, takes the rest). */
const ADVICE_BOUNDS: readonly [OutflowAdvice, number][] = [
  ['VSO', 1.5],
  ['PrO', 4],
  ['VMBO-BB', 14],
  ['VMBO-KB', 27],
  ['VMBO-GL/TL', 45],
  ['VMBO-TL/HAVO', 55],
  ['HAVO', 72],
  ['HAVO/VWO', 82],
];

/** The advice of an ability percentile (also the demo's doorstroomtoets advice). */
export function adviceFor(percentile: number): OutflowAdvice {
  for (const [advice, bound] of ADVICE_BOUNDS) if (percentile < bound) return advice;
  return 'VWO';
}

/**
 * The secondary-school advice of every grade-8 pupil (given in February; for the current year only once that is
 * past), following the pupil's ability in mathematics, spelling and reading, and the school's yearly totals.
 */
export function outflowRows(
  schools: SimSchool[],
  today: Date,
  rng: Random,
  adviserId: number,
): Pick<DemoData, 'pupilOutflowAdvice' | 'schoolOutflow'> {
  const todayIso = toIsoDate(today);
  const pupilOutflowAdvice: DemoData['pupilOutflowAdvice'] = [];
  const schoolOutflow: DemoData['schoolOutflow'] = [];
  let id = 1;
  let outflowId = 1;
  for (const school of schools) {
    const counts = new Map<number, Map<OutflowAdvice, number>>();
    for (const pupil of school.pupils) {
      const final = pupil.enrolments.find((enrolment) => enrolment.grade === 8);
      if (!final) continue;
      const year = final.group.year;
      const adviceDate = isoDate(year + 1, 2, 20);
      if (adviceDate >= todayIso || (pupil.leaveDate !== null && pupil.leaveDate < adviceDate)) continue;
      const ability =
        (pupil.ability.RW + pupil.ability.SP + pupil.ability.TBL) / 3 / 0.84 + 0.25 * rng.normal();
      const percentile = normalCdf(ability) * 100;
      const advice = adviceFor(percentile);
      pupilOutflowAdvice.push({
        id: id++,
        schoolId: school.def.id,
        pupilId: pupil.id,
        outflowAdvice: advice,
        calendarYear: year,
        finalTestScore: Math.round(150 + 50 * clamp(normalCdf(ability + 0.3 * rng.normal()), 0, 1)),
        changedBy: adviserId,
        dateChanged: noon(adviceDate),
      });
      const perYear = counts.get(year) ?? new Map<OutflowAdvice, number>();
      perYear.set(advice, (perYear.get(advice) ?? 0) + 1);
      counts.set(year, perYear);
    }
    for (const year of [...counts.keys()].sort((a, b) => a - b)) {
      const perYear = counts.get(year);
      for (const advice of OUTFLOW_ADVICES) {
        const count = perYear?.get(advice);
        if (count)
          schoolOutflow.push({ id: outflowId++, schoolId: school.def.id, calendarYear: year, advice, count });
      }
    }
  }
  return { pupilOutflowAdvice, schoolOutflow };
}
