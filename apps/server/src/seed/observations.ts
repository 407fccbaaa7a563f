import { SOCIAL_EMOTIONAL_DEFAULT_ASPECTS } from '@leerzicht/contract';
import { USER_IDS } from './accounts';
import { addDays, noon, toIsoDate } from './dates';
import { latentAbility, presentOn, type SimSchool } from './model';
import { isoDate, type Random } from './random';
import { REGENBOOG } from './schools';
import type { DemoData } from './types';

const NOTES = [
  'Speelt goed samen in de pauze.',
  'Trekt zich de laatste weken wat terug; gesprek met ouders gepland.',
  'Werkt zelfstandiger sinds de nieuwe weektaak.',
  'Heeft moeite met overgangen tussen lessen.',
  'Neemt initiatief in groepswerk.',
  '',
];
const OCCASIONS = ['Eigen observatie', 'Leerlinggesprek', 'Observatie in de klas'];

/**
 * Social-emotional observations of the last two school years: about half the pupils of each group are observed
 * in autumn and again in spring, rated 1-5 on the school's default aspects. A few pupils drift down between the
 * two, so the group page has pupils who need attention.
 */
export function observationRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
): DemoData['socialEmotionalObservations'] {
  const todayIso = toIsoDate(today);
  const rows: DemoData['socialEmotionalObservations'] = [];
  for (const school of schools) {
    const author = school.def.id === REGENBOOG.id ? USER_IDS.ib : USER_IDS.directeur;
    for (const group of school.groups.filter((g) => g.year >= current - 1)) {
      const dates = [isoDate(group.year, 10, 15), isoDate(group.year + 1, 3, 12)].map((date) =>
        addDays(date, rng.int(0, 10)),
      );
      for (const { pupil, grade } of group.members) {
        if (!rng.chance(0.5)) continue;
        const base = 3.7 + 0.4 * latentAbility(pupil, 'WST', grade) + 0.3 * rng.normal();
        const drift = rng.chance(0.08) ? -1.3 : 0.15 * rng.normal();
        dates.forEach((observedOn, index) => {
          if (observedOn >= todayIso || !presentOn(pupil, observedOn)) return;
          const level = base + index * drift;
          const ratings = Object.fromEntries(
            SOCIAL_EMOTIONAL_DEFAULT_ASPECTS.map((code) => [
              code,
              Math.max(1, Math.min(5, Math.round(level + 0.45 * rng.normal()))),
            ]),
          );
          rows.push({
            id: rows.length + 1,
            schoolId: school.def.id,
            pupilId: pupil.id,
            yearClassId: group.id,
            calendarYear: group.year,
            observedOn,
            instrument: rng.pick(OCCASIONS),
            ratings,
            content: rng.pick(NOTES),
            confidential: rng.chance(0.05),
            authorId: author,
            dateCreated: noon(observedOn),
          });
        });
      }
    }
  }
  return rows;
}
