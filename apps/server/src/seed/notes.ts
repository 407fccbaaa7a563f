import { PUPIL_NOTE_CATEGORIES } from '@leerzicht/contract';
import { SUBJECT_IDS } from './catalog';
import { USER_IDS } from './accounts';
import { observationRows } from './observations';
import { addDays, isMomentPast, momentEnd, momentsOf, noon, toIsoDate } from './dates';
import { latentAbility, type SimGroup, type SimSchool } from './model';
import { REGENBOOG } from './schools';
import { isoDate, type Random } from './random';
import type { DemoData } from './types';

const CATEGORY_NAMES: Record<(typeof PUPIL_NOTE_CATEGORIES)[number], string> = {
  general: 'Algemeen',
  method_score: 'Methodetoetsen',
  cito_score: 'Landelijke toetsen',
  social_emotional: 'Sociaal-emotioneel',
};

const NOTE_TEXTS: Record<string, readonly string[]> = {
  general: [
    'Werkt zelfstandig en vraagt hulp wanneer nodig.',
    'Heeft moeite met plannen van het weekwerk; we oefenen met een dagtaak.',
    'Is vaak moe in de ochtend. Besproken met ouders.',
    'Leest thuis veel, ouders stimuleren dit.',
  ],
  method_score: [
    'Blok goed afgesloten, de verlengde instructie heeft geholpen.',
    'Tafels nog niet geautomatiseerd; extra oefenen met de tafelkaart.',
    'Maakt slordigheidsfouten bij het overschrijven van sommen.',
  ],
  cito_score: [
    'Score lager dan verwacht; was die dag ziek.',
    'Mooie groei ten opzichte van de vorige meting.',
    'Begrijpend lezen blijft achter bij de andere vakken.',
  ],
  social_emotional: [
    'Voelt zich prettig in de groep en speelt met veel kinderen.',
    'Trekt zich in de pauze vaak terug; we houden het in de gaten.',
    'Conflict op het plein opgelost met een gesprek.',
  ],
  parents: [
    'Oudergesprek gevoerd over de voortgang; afspraken vastgelegd.',
    'Ouders geven aan dat het thuis goed gaat.',
  ],
};

/** A date from `from` up to (not including) `to`, both ISO; `from` itself when the range is empty. */
export function dateBetween(rng: Random, from: string, to: string): string {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return days <= 1 ? from : addDays(from, rng.int(0, days - 1));
}

export function noteRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
  scores: Pick<DemoData, 'nationalTestScores' | 'methodTestScores'>,
): Pick<
  DemoData,
  'pupilNoteCategories' | 'pupilNotes' | 'scoreNotes' | 'yearClassNotes' | 'socialEmotionalObservations'
> {
  const todayIso = toIsoDate(today);
  const yearStart = isoDate(current, 8, 20) < todayIso ? isoDate(current, 8, 20) : addDays(todayIso, -30);
  const pupilNoteCategories: DemoData['pupilNoteCategories'] = [];
  const pupilNotes: DemoData['pupilNotes'] = [];
  for (const school of schools) {
    const categoryIds = new Map<string, number>();
    PUPIL_NOTE_CATEGORIES.forEach((code, index) => {
      const id = pupilNoteCategories.length + 1;
      categoryIds.set(code, id);
      pupilNoteCategories.push({
        id,
        schoolId: school.def.id,
        code,
        name: CATEGORY_NAMES[code],
        position: index + 1,
      });
    });
    if (school.def.id === REGENBOOG.id) {
      const id = pupilNoteCategories.length + 1;
      categoryIds.set('parents', id);
      pupilNoteCategories.push({
        id,
        schoolId: school.def.id,
        code: null,
        name: 'Gesprek met ouders',
        position: 5,
      });
    }
    const author = school.def.id === REGENBOOG.id ? USER_IDS.ib : USER_IDS.directeur;
    for (const group of school.groups.filter((g) => g.year === current)) {
      for (const { pupil } of group.members) {
        if (rng.chance(0.2)) {
          const count = rng.int(1, 3);
          for (let position = 1; position <= count; position++) {
            const category = rng.pick([...categoryIds.keys()]);
            const created = dateBetween(rng, yearStart, todayIso);
            const archived = rng.chance(0.15) ? dateBetween(rng, created, todayIso) : null;
            pupilNotes.push({
              id: pupilNotes.length + 1,
              schoolId: school.def.id,
              pupilId: pupil.id,
              categoryId: categoryIds.get(category) ?? null,
              category: category === 'parents' ? 'Gesprek met ouders' : category,
              content: rng.pick(NOTE_TEXTS[category] ?? NOTE_TEXTS.general ?? []),
              position,
              // Talks with parents often touch the home situation: half of them are confidential.
              confidential: category === 'parents' && rng.chance(0.5),
              authorId: author,
              dateCreated: noon(created),
              dateChanged: noon(created),
              dateArchived: archived ? noon(archived) : null,
            });
          }
        }
      }
    }
  }
  return {
    pupilNoteCategories,
    pupilNotes,
    ...scoreNoteRows(schools, current, today, rng, scores),
    socialEmotionalObservations: observationRows(schools, current, today, rng),
  };
}

function scoreNoteRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
  scores: Pick<DemoData, 'nationalTestScores' | 'methodTestScores'>,
): Pick<DemoData, 'scoreNotes' | 'yearClassNotes'> {
  const scoreNotes: DemoData['scoreNotes'] = [];
  const low = scores.nationalTestScores.filter(
    (s) => s.schoolId === REGENBOOG.id && s.calendarYear >= current - 1 && (s.percentile ?? 100) <= 15,
  );
  for (const score of rng.shuffle(low).slice(0, 25)) {
    scoreNotes.push({
      id: scoreNotes.length + 1,
      schoolId: score.schoolId,
      pupilId: score.pupilId,
      citoTestScoreId: score.id ?? null,
      methodTestScoreId: null,
      category: 'cito_score',
      content: rng.pick(NOTE_TEXTS.cito_score ?? []),
      forwardLooking: rng.pick([
        'Extra begeleiding in de kleine instructiegroep.',
        'Volgende meting vergelijken; nu geen extra actie.',
        'Bespreken in de leerlingbespreking met de IB-er.',
      ]),
      confidential: rng.chance(0.1),
      authorId: USER_IDS.ib,
      dateCreated: noon(score.testDate ?? toIsoDate(today)),
      dateChanged: noon(score.testDate ?? toIsoDate(today)),
    });
  }
  const weak = scores.methodTestScores.filter((s) => s.schoolId === REGENBOOG.id && s.performance === 'O');
  for (const score of rng.shuffle(weak).slice(0, 12)) {
    scoreNotes.push({
      id: scoreNotes.length + 1,
      schoolId: score.schoolId,
      pupilId: score.pupilId,
      citoTestScoreId: null,
      methodTestScoreId: score.id ?? null,
      category: 'method_score',
      content: rng.pick(NOTE_TEXTS.method_score ?? []),
      forwardLooking: null,
      authorId: USER_IDS.leerkracht,
      dateCreated: noon(score.testDate),
      dateChanged: noon(score.testDate),
    });
  }
  const yearClassNotes: DemoData['yearClassNotes'] = [];
  const regenboog = schools.find((s) => s.def.id === REGENBOOG.id);
  const groups: SimGroup[] = regenboog?.groups.filter((g) => g.year >= current - 1 && g.grade >= 3) ?? [];
  for (const group of groups) {
    const yearTime =
      [...momentsOf(group.grade, group.year)]
        .reverse()
        .find((time) => isMomentPast(group.year, time, today)) ?? null;
    if (!yearTime || !rng.chance(0.6)) continue;
    const related = [...group.members]
      .sort((a, b) => latentAbility(a.pupil, 'RW', a.grade) - latentAbility(b.pupil, 'RW', b.grade))
      .slice(0, 3)
      .map((m) => m.pupil.id);
    const written = noon(addDays(momentEnd(group.year, yearTime), 7));
    yearClassNotes.push({
      id: yearClassNotes.length + 1,
      schoolId: group.schoolId,
      yearClassId: group.id,
      kind: 'test_moment',
      subjectId: SUBJECT_IDS.RW,
      calendarYear: group.year,
      yearTime,
      methodTestId: null,
      content:
        'De groep scoort gemiddeld op niveau. Drie leerlingen krijgen verlengde instructie bij bewerkingen.',
      relatedPupilIds: related,
      authorId: USER_IDS.ib,
      dateCreated: written,
      dateChanged: written,
    });
  }
  yearClassNotes.push(...methodTestNoteRows(groups, scores, rng, yearClassNotes.length));
  return { scoreNotes, yearClassNotes };
}

const METHOD_TEST_NOTES = [
  'Dit blok was voor de hele groep lastig: de toets bevatte veel talige opgaven. Volgende week herhalen.',
  'Goed gemaakt; de groep is klaar voor het volgende blok.',
  'Twee leerlingen waren afwezig en maken de toets na.',
];

/** Group notes on a method test the group took: its last test of the school year, for about half the groups. */
function methodTestNoteRows(
  groups: SimGroup[],
  scores: Pick<DemoData, 'methodTestScores'>,
  rng: Random,
  firstId: number,
): DemoData['yearClassNotes'] {
  const rows: DemoData['yearClassNotes'] = [];
  for (const group of groups) {
    const taken = scores.methodTestScores
      .filter((score) => score.yearClassId === group.id)
      .sort((a, b) => a.testDate.localeCompare(b.testDate));
    const last = taken.at(-1);
    if (!last || !rng.chance(0.5)) continue;
    const written = noon(last.testDate);
    rows.push({
      id: firstId + rows.length + 1,
      schoolId: group.schoolId,
      yearClassId: group.id,
      kind: 'method_test',
      subjectId: last.subjectId,
      calendarYear: group.year,
      yearTime: null,
      methodTestId: last.methodTestId,
      content: rng.pick(METHOD_TEST_NOTES),
      relatedPupilIds: [],
      authorId: USER_IDS.leerkracht,
      dateCreated: written,
      dateChanged: written,
    });
  }
  return rows;
}
