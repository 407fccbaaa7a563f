import type { SubjectCode, TestProviderCode } from '@leerzicht/contract';
import type { DemoData } from './types';

/** The global test catalogue: subjects, providers, national tests, methods and their tests, goals and sections. */

export const SUBJECT_IDS: Record<SubjectCode, number> = {
  RW: 1,
  SP: 2,
  TBL: 3,
  DMT: 4,
  WST: 5,
  RvK: 6,
  TvK: 7,
};
export const PROVIDER_IDS: Record<TestProviderCode, number> = { CITO: 1, DIA: 2, IEP: 3 };
/** The subjects of the national tests of grades 3-8 and of the preschool grades 1-2. */
export const SCHOOL_SUBJECTS = ['RW', 'SP', 'TBL', 'DMT', 'WST'] as const satisfies readonly SubjectCode[];
export const PRESCHOOL_SUBJECTS_SEED = ['RvK', 'TvK'] as const satisfies readonly SubjectCode[];

const SUBJECT_NAMES: Record<SubjectCode, [string, string, number]> = {
  SP: ['Spelling', 'Spelling', 1],
  TBL: ['Begrijpend lezen', 'Reading comprehension', 2],
  DMT: ['Technisch lezen (DMT)', 'Technical reading (DMT)', 3],
  RW: ['Rekenen-Wiskunde', 'Mathematics', 4],
  WST: ['Woordenschat', 'Vocabulary', 5],
  RvK: ['Rekenen voor kleuters', 'Mathematics for preschoolers', 6],
  TvK: ['Taal voor kleuters', 'Language for preschoolers', 7],
};

const PROVIDER_NAMES: Record<TestProviderCode, string> = {
  CITO: 'Cito (Leerling in beeld)',
  DIA: 'DIA (diatoetsen)',
  IEP: 'IEP (Bureau ICE)',
};

/** National test id of a provider and subject (one test per provider and subject in the demo). */
export function nationalTestId(provider: TestProviderCode, subject: SubjectCode): number {
  return PROVIDER_IDS[provider] * 10 + SUBJECT_IDS[subject];
}

/** CITO's older LOVS tests (version 2.0, levels A-E), used before Leerling in beeld (3.0, levels I-V). */
export const LOVS_VERSION = '2.0';
export function lovsTestId(subject: SubjectCode): number {
  return 40 + SUBJECT_IDS[subject];
}

export interface MethodDefinition {
  id: number;
  code: string;
  name: string;
  subject: SubjectCode;
  publisher: string;
  blocks: number;
  maxScore: number;
  /** Whether its tests are split into sections with goals and domains. */
  withSections: boolean;
}

export const METHODS: readonly MethodDefinition[] = [
  {
    id: 1,
    code: 'PLUSPUNT',
    name: 'Pluspunt',
    subject: 'RW',
    publisher: 'Malmberg',
    blocks: 8,
    maxScore: 40,
    withSections: true,
  },
  {
    id: 2,
    code: 'STAAL',
    name: 'Staal Spelling',
    subject: 'SP',
    publisher: 'Malmberg',
    blocks: 6,
    maxScore: 30,
    withSections: false,
  },
  {
    id: 3,
    code: 'NIEUWSBEGRIP',
    name: 'Nieuwsbegrip',
    subject: 'TBL',
    publisher: 'CED-Groep',
    blocks: 5,
    maxScore: 25,
    withSections: false,
  },
  {
    id: 4,
    code: 'WIG',
    name: 'De wereld in getallen',
    subject: 'RW',
    publisher: 'Malmberg',
    blocks: 8,
    maxScore: 40,
    withSections: false,
  },
];

export const METHOD_GRADES = [3, 4, 5, 6, 7, 8] as const;

/** Method test id of a method, grade and block. */
export function methodTestId(methodId: number, grade: number, block: number): number {
  return methodId * 1000 + grade * 100 + block;
}

const RW_DOMAINS: readonly { code: string; name: string; goals: readonly string[] }[] = [
  {
    code: 'RW-GET',
    name: 'Getallen',
    goals: [
      'Getallen tot 100 ordenen en vergelijken',
      'Getallen tot 1000 splitsen en ordenen',
      'Getallen tot 10.000; vermenigvuldigen en delen',
      'Grote getallen en kommagetallen',
      'Bewerkingen met grote getallen en kommagetallen',
      'Alle bewerkingen, ook met negatieve getallen',
    ],
  },
  {
    code: 'RW-VER',
    name: 'Verhoudingen',
    goals: [
      'Eerlijk verdelen en de helft',
      'Breuken in het dagelijks leven',
      'Eenvoudige breuken vergelijken',
      'Breuken, verhoudingen en procenten',
      'Procenten en verhoudingstabellen',
      'Breuken, procenten en kommagetallen omzetten',
    ],
  },
  {
    code: 'RW-MM',
    name: 'Meten en meetkunde',
    goals: [
      'Klokkijken: hele en halve uren',
      'Meten met meter en centimeter',
      'Omtrek en oppervlakte',
      'Inhoud en gewicht',
      'Schaal en plattegronden',
      'Metriek stelsel en samengestelde figuren',
    ],
  },
  {
    code: 'RW-VB',
    name: 'Verbanden',
    goals: [
      'Eenvoudige tabellen lezen',
      'Staafdiagrammen lezen',
      'Tabellen en grafieken aflezen',
      'Lijngrafieken interpreteren',
      'Diagrammen maken en het gemiddelde',
      'Grafieken en tabellen combineren',
    ],
  },
];

export const SECTION_MAX_SCORE = 10;

/** Test section id of a method test's section (0-based index in domain order). */
export function testSectionId(methodId: number, grade: number, block: number, index: number): number {
  return methodTestId(methodId, grade, block) * 10 + index + 1;
}

export function buildCatalog(): Pick<
  DemoData,
  | 'subjects'
  | 'testProviders'
  | 'nationalTests'
  | 'methods'
  | 'methodTests'
  | 'domains'
  | 'goals'
  | 'testSections'
> {
  const subjects = (Object.keys(SUBJECT_IDS) as SubjectCode[]).map((code) => {
    const [nameNl, nameEn, position] = SUBJECT_NAMES[code];
    return {
      id: SUBJECT_IDS[code],
      code,
      nameNl,
      nameEn,
      position,
      isPreschool: code === 'RvK' || code === 'TvK',
    };
  });
  const testProviders = (Object.keys(PROVIDER_IDS) as TestProviderCode[]).map((code) => ({
    id: PROVIDER_IDS[code],
    code,
    name: PROVIDER_NAMES[code],
    // Where a pupil has results of several providers, the lowest priority counts (CITO, DIA, IEP); this row is
    // the rule's only home: the score SQL ranks by it and the web reads the server's isCounted.
    priority: PROVIDER_IDS[code],
  }));
  const nationalTests: DemoData['nationalTests'] = [];
  for (const provider of Object.keys(PROVIDER_IDS) as TestProviderCode[]) {
    for (const subject of SCHOOL_SUBJECTS) {
      nationalTests.push({
        id: nationalTestId(provider, subject),
        providerId: PROVIDER_IDS[provider],
        subjectId: SUBJECT_IDS[subject],
        code: `${provider}-${subject}`,
        name: `${SUBJECT_NAMES[subject][0]} (${provider})`,
        version: provider === 'CITO' ? '3.0' : '2024',
        gradeFrom: 3,
        gradeTo: 8,
        yearTime: null,
      });
    }
  }
  for (const subject of SCHOOL_SUBJECTS) {
    nationalTests.push({
      id: lovsTestId(subject),
      providerId: PROVIDER_IDS.CITO,
      subjectId: SUBJECT_IDS[subject],
      code: `CITO-${subject}-LOVS`,
      name: `${SUBJECT_NAMES[subject][0]} (CITO LOVS)`,
      version: LOVS_VERSION,
      gradeFrom: 3,
      gradeTo: 8,
      yearTime: null,
    });
  }
  for (const subject of PRESCHOOL_SUBJECTS_SEED) {
    nationalTests.push({
      id: nationalTestId('CITO', subject),
      providerId: PROVIDER_IDS.CITO,
      subjectId: SUBJECT_IDS[subject],
      code: `CITO-${subject}`,
      name: `${SUBJECT_NAMES[subject][0]} (CITO)`,
      version: '2.0',
      gradeFrom: 1,
      gradeTo: 2,
      yearTime: null,
    });
  }
  const methods = METHODS.map((m) => ({
    id: m.id,
    code: m.code,
    name: m.name,
    subjectId: SUBJECT_IDS[m.subject],
    publisher: m.publisher,
  }));
  const methodTests: DemoData['methodTests'] = [];
  for (const method of METHODS) {
    for (const grade of METHOD_GRADES) {
      for (let block = 1; block <= method.blocks; block++) {
        methodTests.push({
          id: methodTestId(method.id, grade, block),
          methodId: method.id,
          subjectId: SUBJECT_IDS[method.subject],
          name: `${method.name} groep ${grade} blok ${block}`,
          grade,
          block,
          chapter: `Blok ${block}`,
          position: block,
          maxScore: method.maxScore,
        });
      }
    }
  }
  const domains = RW_DOMAINS.map((d, index) => ({
    id: index + 1,
    subjectId: SUBJECT_IDS.RW,
    code: d.code,
    name: d.name,
    position: index + 1,
  }));
  const goals: DemoData['goals'] = [];
  RW_DOMAINS.forEach((d, domainIndex) =>
    d.goals.forEach((name, gradeIndex) =>
      goals.push({
        id: (domainIndex + 1) * 10 + gradeIndex + 3,
        domainId: domainIndex + 1,
        code: `${d.code}-${gradeIndex + 3}`,
        name,
        grade: gradeIndex + 3,
      }),
    ),
  );
  const testSections: DemoData['testSections'] = [];
  for (const method of METHODS.filter((m) => m.withSections)) {
    for (const grade of METHOD_GRADES) {
      for (let block = 1; block <= method.blocks; block++) {
        RW_DOMAINS.forEach((d, domainIndex) => {
          const goal = d.goals[grade - 3] ?? '';
          testSections.push({
            id: testSectionId(method.id, grade, block, domainIndex),
            methodTestId: methodTestId(method.id, grade, block),
            nationalTestId: null,
            code: String.fromCharCode(65 + domainIndex),
            subtypeId: domainIndex < 2 ? 1 : 2,
            subtypeName: domainIndex < 2 ? 'Basisvaardigheden' : 'Toepassen',
            goalId: (domainIndex + 1) * 10 + grade,
            domainId: domainIndex + 1,
            name: d.name,
            details: `Blok ${block}: ${goal}`,
            position: domainIndex + 1,
            maxScore: SECTION_MAX_SCORE,
          });
        });
      }
    }
  }
  return { subjects, testProviders, nationalTests, methods, methodTests, domains, goals, testSections };
}
