import {
  DOORSTROOMTOETS_DOMAINS,
  DOORSTROOMTOETS_SUBJECT_CODES,
  DOORSTROOMTOETS_TARGETS,
  type DoorstroomtoetsDomain,
  type DoorstroomtoetsTest,
  type ReferenceResult,
} from '@leerzicht/contract';
import { noon, toIsoDate } from './dates';
import type { SimPupil, SimSchool } from './model';
import { adviceFor } from './outflow';
import { isoDate, normalCdf, type Random } from './random';
import { REGENBOOG } from './schools';
import type { DemoData } from './types';

/*
 * De Regenboog's doorstroomtoets results: every groep-8 pupil of the last three school years whose test (February)
 * is past, entered by the director. The levels follow the pupil's ability per domain by rank, so that each year's
 * shares are those of the national picture (domain notes: 1F about 96%, 1S/2F about 56-60%): per domain the
 * lowest 4% stay below 1F and the share at the target level is the year's below. Excluded pupils take the test
 * as well (the inspection leaves them out).
 */

const YEARS = 3;
/** Share below 1F per domain, and the share at the target level per year (oldest first). */
const BELOW_1F = 0.04;
const AT_TARGET = [0.56, 0.58, 0.6] as const;
/** The test the school took per year (oldest first): the admitted tests change hands now and then. */
const TESTS: readonly DoorstroomtoetsTest[] = ['IEP', 'ROUTE8', 'IEP'];

export function doorstroomtoetsRows(
  schools: SimSchool[],
  today: Date,
  rng: Random,
  enteredBy: number,
): Pick<DemoData, 'pupilDoorstroomtoets'> {
  const todayIso = toIsoDate(today);
  const rows: DemoData['pupilDoorstroomtoets'] = [];
  const school = schools.find((candidate) => candidate.def.id === REGENBOOG.id);
  if (!school) return { pupilDoorstroomtoets: rows };
  const testDate = (year: number) => isoDate(year + 1, 2, 11);
  const years = [...new Set(school.groups.filter((group) => group.grade === 8).map((group) => group.year))]
    .filter((year) => testDate(year) < todayIso)
    .sort((a, b) => a - b)
    .slice(-YEARS);
  for (const [index, year] of years.entries()) {
    const date = testDate(year);
    const takers = school.pupils.filter(
      (pupil) =>
        pupil.enrolments.some((enrolment) => enrolment.grade === 8 && enrolment.group.year === year) &&
        (pupil.leaveDate === null || pupil.leaveDate >= date) &&
        (pupil.joinDate === null || pupil.joinDate <= date),
    );
    const score = (ability: SimPupil['ability'], domain: DoorstroomtoetsDomain) =>
      ability[DOORSTROOMTOETS_SUBJECT_CODES[domain]] + 0.4 * rng.normal();
    // One noisy draw per pupil and domain, in a fixed order (pupil id, then domain), so the set is reproducible.
    const drawn = takers.map((pupil) => ({
      pupil,
      scores: {
        lezen: score(pupil.ability, 'lezen'),
        taalverzorging: score(pupil.ability, 'taalverzorging'),
        rekenen: score(pupil.ability, 'rekenen'),
      },
      advice: rng.normal(),
    }));
    const levels = new Map<number, Record<DoorstroomtoetsDomain, ReferenceResult>>();
    const below = Math.round(takers.length * BELOW_1F);
    const atTarget = Math.round(takers.length * (AT_TARGET[index] ?? AT_TARGET[0]));
    for (const domain of DOORSTROOMTOETS_DOMAINS) {
      const ranked = [...drawn].sort(
        (a, b) => a.scores[domain] - b.scores[domain] || a.pupil.id - b.pupil.id,
      );
      ranked.forEach(({ pupil }, rank) => {
        const level: ReferenceResult =
          rank < below ? '<1F' : rank >= ranked.length - atTarget ? DOORSTROOMTOETS_TARGETS[domain] : '1F';
        const own = levels.get(pupil.id) ?? { lezen: '1F', taalverzorging: '1F', rekenen: '1F' };
        own[domain] = level;
        levels.set(pupil.id, own);
      });
    }
    for (const { pupil, scores, advice } of drawn) {
      const own = levels.get(pupil.id);
      if (!own) continue;
      const mean = (scores.lezen + scores.taalverzorging + scores.rekenen) / 3;
      rows.push({
        id: rows.length + 1,
        schoolId: school.def.id,
        pupilId: pupil.id,
        test: TESTS[index] ?? 'IEP',
        testDate: date,
        calendarYear: year,
        ...own,
        advice: adviceFor(normalCdf(mean / 0.9 + 0.2 * advice) * 100),
        createdById: enteredBy,
        createdAt: noon(isoDate(year + 1, 3, 20)),
        changedById: enteredBy,
        changedAt: noon(isoDate(year + 1, 3, 20)),
      });
    }
  }
  return { pupilDoorstroomtoets: rows };
}
