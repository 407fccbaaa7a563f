import type { Approach, Language, PlanEffectStatus, PrintSection } from '@leerzicht/contract';

/*
 * The words of a printout, Dutch (default) and English. The web app's message catalogues are not reachable from
 * the server, so the printout keeps its own small table here; names of plans, groups, categories and notes are
 * printed as written.
 */

export interface PrintLabels {
  locale: string;
  title: string;
  group: string;
  subject: string;
  period: string;
  school: string;
  schoolYear: string;
  dateUnknown: string;
  sections: Record<PrintSection, string>;
  sectionIntro: Record<PrintSection, string>;
  approaches: Record<Approach, string>;
  pupils: string;
  noCategories: string;
  noPupils: string;
  noEvaluation: string;
  notAboutOnePupil: string;
  effectColumns: {
    group: string;
    pupils: string;
    measured: string;
    growth: string;
    nationalGrowth: string;
    up: string;
    same: string;
    down: string;
  };
  wholeGroup: string;
  momentsUsed: (from: string, to: string, test: string, pupils: number) => string;
  status: Record<Exclude<PlanEffectStatus, 'measured'>, string>;
  /** Why pupils were not measured: a lead-in and a phrase per reason (printed for the reasons that occur). */
  notMeasured: {
    lead: string;
    excluded: (n: number) => string;
    noResultBefore: (n: number) => string;
    noResultAfter: (n: number) => string;
    testChanged: (n: number) => string;
  };
  effectNote: string;
  printedOn: string;
}

const nl: PrintLabels = {
  locale: 'nl-NL',
  title: 'Groepsplan',
  group: 'Groep',
  subject: 'Vak',
  period: 'Periode',
  school: 'School',
  schoolYear: 'Schooljaar',
  dateUnknown: 'onbekend',
  sections: {
    group: 'Hele groep',
    instruction: 'Instructiegroepen',
    pupil: 'Leerlingen',
    evaluation: 'Evaluatie',
    effect: 'Gemeten effect',
  },
  sectionIntro: {
    group: 'Doelen en aanpak voor de hele groep.',
    instruction: 'De instructiegroepen met hun leerlingen, en de doelen en aanpak per instructiegroep.',
    pupil: 'Aandachtspunten per leerling.',
    evaluation: '',
    effect:
      'Groei in vaardigheidsscore tussen de landelijke toetsen voor en na de periode, naast de landelijke groei.',
  },
  approaches: {
    enriched: 'Verrijkt',
    basic: 'Basis',
    intensive: 'Intensief',
    undefined: 'Zonder instructiegroep',
  },
  pupils: 'Leerlingen',
  noCategories: 'Geen categorieën.',
  noPupils: 'Geen leerlingen.',
  noEvaluation: 'Nog geen evaluatie.',
  notAboutOnePupil: 'Voor de hele categorie',
  effectColumns: {
    group: 'Instructiegroep',
    pupils: 'Leerlingen',
    measured: 'Gemeten',
    growth: 'Groei',
    nationalGrowth: 'Landelijke groei',
    up: 'Niveau omhoog',
    same: 'Gelijk',
    down: 'Omlaag',
  },
  wholeGroup: 'Hele groep',
  momentsUsed: (from, to, test, pupils) =>
    `Gemeten tussen ${from} en ${to} (${test}, ${pupils} ${pupils === 1 ? 'leerling' : 'leerlingen'}).`,
  status: {
    noStartDate: 'Het plan heeft geen startdatum: er is geen meting vooraf.',
    noEndDate: 'Het plan heeft geen einddatum: er is nog geen meting achteraf.',
    noResults: 'Er zijn (nog) geen resultaten van voor en na de periode.',
  },
  notMeasured: {
    lead: 'Niet gemeten',
    excluded: (n) => `${n} uitgesloten van landelijke toetsen`,
    noResultBefore: (n) => `${n} zonder resultaat vooraf`,
    noResultAfter: (n) => `${n} zonder resultaat achteraf`,
    testChanged: (n) => `${n} met een andere toets of aanbieder`,
  },
  effectNote: 'Niveaus I tot en met V, I is het hoogst. Groei alleen binnen dezelfde toets en aanbieder.',
  printedOn: 'Afgedrukt op',
};

const en: PrintLabels = {
  locale: 'en-GB',
  title: 'Group plan',
  group: 'Group',
  subject: 'Subject',
  period: 'Period',
  school: 'School',
  schoolYear: 'School year',
  dateUnknown: 'not set',
  sections: {
    group: 'Whole group',
    instruction: 'Instruction groups',
    pupil: 'Pupils',
    evaluation: 'Evaluation',
    effect: 'Measured effect',
  },
  sectionIntro: {
    group: 'Goals and approach for the whole group.',
    instruction:
      'The instruction groups with their pupils, and the goals and approach per instruction group.',
    pupil: 'Points of attention per pupil.',
    evaluation: '',
    effect:
      'Growth in ability score between the national tests before and after the period, beside the national growth.',
  },
  approaches: {
    enriched: 'Enriched',
    basic: 'Basic',
    intensive: 'Intensive',
    undefined: 'No instruction group',
  },
  pupils: 'Pupils',
  noCategories: 'No categories.',
  noPupils: 'No pupils.',
  noEvaluation: 'No evaluation yet.',
  notAboutOnePupil: 'For the whole category',
  effectColumns: {
    group: 'Instruction group',
    pupils: 'Pupils',
    measured: 'Measured',
    growth: 'Growth',
    nationalGrowth: 'National growth',
    up: 'Level up',
    same: 'Same',
    down: 'Down',
  },
  wholeGroup: 'Whole group',
  momentsUsed: (from, to, test, pupils) =>
    `Measured between ${from} and ${to} (${test}, ${pupils} ${pupils === 1 ? 'pupil' : 'pupils'}).`,
  status: {
    noStartDate: 'The plan has no start date: there is no measurement before it.',
    noEndDate: 'The plan has no end date: there is no measurement after it yet.',
    noResults: 'There are no results from before and after the period (yet).',
  },
  notMeasured: {
    lead: 'Not measured',
    excluded: (n) => `${n} excluded from national tests`,
    noResultBefore: (n) => `${n} without a result before`,
    noResultAfter: (n) => `${n} without a result after`,
    testChanged: (n) => `${n} with another test or provider`,
  },
  effectNote: 'Levels I to V, I is the highest. Growth only within one test and provider.',
  printedOn: 'Printed on',
};

export const PRINT_LABELS: Record<Language, PrintLabels> = { nl, en };
