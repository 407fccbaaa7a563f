import type { Language, ReportTrend, YearTime } from '@leerzicht/contract';

/*
 * The words of the pupil report, Dutch (default) and English: written for parents, without the school's jargon
 * (no percentiles, ability scores or norm groups). The web app's catalogues are not reachable from the server, so
 * the report keeps its own small table here, as the group plan printout does.
 */

export interface ReportLabels {
  locale: string;
  title: string;
  pupil: string;
  school: string;
  group: string;
  schoolYear: string;
  date: string;
  noGroup: string;
  intro: string;
  levelsTitle: string;
  /** What level I..V (row 0..4) means, in plain words. */
  levels: readonly [string, string, string, string, string];
  lettersNote: string;
  resultsTitle: string;
  columns: { subject: string; moment: string; level: string; meaning: string; trend: string };
  /** "Niveau III" / "Level III". */
  levelName: (level: string) => string;
  /** Short meanings for the table, per row 0..4. */
  shortMeanings: readonly [string, string, string, string, string];
  /** "midden groep 5, 2024-2025". */
  moment: (yearTime: YearTime, grade: number, schoolYear: string) => string;
  trends: Record<ReportTrend, string>;
  noResults: string;
  closing: string;
}

const TIME_NL: Record<YearTime, string> = { B: 'begin', M: 'midden', X: 'tussentijds', E: 'eind' };
const TIME_EN: Record<YearTime, string> = { B: 'start of', M: 'middle of', X: 'during', E: 'end of' };

export const REPORT_LABELS: Record<Language, ReportLabels> = {
  nl: {
    locale: 'nl-NL',
    title: 'Rapport voor ouders',
    pupil: 'Leerling',
    school: 'School',
    group: 'Groep',
    schoolYear: 'Schooljaar',
    date: 'Datum',
    noGroup: 'geen groep',
    intro:
      'Twee keer per jaar maakt uw kind landelijke toetsen. Daarmee zien we hoe uw kind ervoor staat vergeleken met kinderen van dezelfde leeftijd in heel Nederland. Hieronder staat per vak de laatste uitslag.',
    levelsTitle: 'Wat betekenen de niveaus?',
    levels: [
      'Niveau I: ruim boven het gemiddelde. Uw kind hoort bij de 20% van de kinderen die dit het best kunnen.',
      'Niveau II: boven het gemiddelde.',
      'Niveau III: zoals de meeste kinderen van deze leeftijd.',
      'Niveau IV: iets onder het gemiddelde.',
      'Niveau V: duidelijk onder het gemiddelde. Uw kind hoort bij de 20% van de kinderen die dit het moeilijkst vinden.',
    ],
    lettersNote:
      'Sommige toetsen gebruiken de letters A tot en met E in plaats van I tot en met V. A is dan het hoogste niveau, E het laagste.',
    resultsTitle: 'De laatste uitslagen',
    columns: {
      subject: 'Vak',
      moment: 'Wanneer',
      level: 'Niveau',
      meaning: 'Wat betekent dit',
      trend: 'Vergeleken met de vorige keer',
    },
    levelName: (level) => `Niveau ${level}`,
    shortMeanings: [
      'ruim boven het gemiddelde',
      'boven het gemiddelde',
      'zoals de meeste kinderen',
      'iets onder het gemiddelde',
      'duidelijk onder het gemiddelde',
    ],
    moment: (yearTime, grade, schoolYear) => `${TIME_NL[yearTime]} groep ${grade}, ${schoolYear}`,
    trends: {
      up: 'omhoog: een hoger niveau',
      steady: 'gelijk gebleven',
      down: 'omlaag: een lager niveau',
      first: 'eerste uitslag',
    },
    noResults: 'Er zijn nog geen uitslagen van landelijke toetsen.',
    closing:
      'Een niveau is geen cijfer: het laat zien waar uw kind staat ten opzichte van leeftijdgenoten. Heeft u vragen? Stel ze gerust aan de leerkracht of de intern begeleider.',
  },
  en: {
    locale: 'en-GB',
    title: 'Report for parents',
    pupil: 'Pupil',
    school: 'School',
    group: 'Group',
    schoolYear: 'School year',
    date: 'Date',
    noGroup: 'no group',
    intro:
      'Twice a year your child takes national tests. They show how your child is doing compared with children of the same age across the Netherlands. Below is the latest result for each subject.',
    levelsTitle: 'What do the levels mean?',
    levels: [
      'Level I: well above average. Your child is among the 20% of children who do this best.',
      'Level II: above average.',
      'Level III: like most children of this age.',
      'Level IV: a little below average.',
      'Level V: clearly below average. Your child is among the 20% of children who find this hardest.',
    ],
    lettersNote:
      'Some tests use the letters A to E instead of I to V. A is then the highest level and E the lowest.',
    resultsTitle: 'The latest results',
    columns: {
      subject: 'Subject',
      moment: 'When',
      level: 'Level',
      meaning: 'What this means',
      trend: 'Compared with last time',
    },
    levelName: (level) => `Level ${level}`,
    shortMeanings: [
      'well above average',
      'above average',
      'like most children',
      'a little below average',
      'clearly below average',
    ],
    moment: (yearTime, grade, schoolYear) => `${TIME_EN[yearTime]} group ${grade}, ${schoolYear}`,
    trends: {
      up: 'up: a higher level',
      steady: 'the same',
      down: 'down: a lower level',
      first: 'first result',
    },
    noResults: 'There are no national test results yet.',
    closing:
      'A level is not a mark: it shows where your child stands among children of the same age. Any questions? Please ask the teacher or the special needs coordinator.',
  },
};
