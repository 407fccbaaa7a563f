import type { SubjectCode, TestProviderCode } from '@leerzicht/contract';
import { SCHOOL_SUBJECTS, SUBJECT_IDS } from './catalog';
import type { DemoData } from './types';

export interface SchoolDefinition {
  id: number;
  brinCode: string;
  name: string;
  /** Mail domain of the school's staff. */
  emailDomain: string;
  payingStatus: boolean;
  isConnectionActive: boolean;
  /** Number of school years before the current one with data. */
  history: number;
  grades: readonly number[];
  /** Grades 1 and 2 together in combination groups "Groep 1/2A", "Groep 1/2B". */
  combinedPreschool: boolean;
  /** Pupils per group above which a grade is split into parallel groups A and B. */
  splitAbove: number;
  /** Pupils entering the lowest grade in the school year `entryYear` (current year = `current`). */
  cohortSize(entryYear: number, current: number): number;
  /** Mean of the pupils' latent ability. */
  abilityMean: number;
  /** The methods (by id) the school uses per subject. */
  methodIds: readonly number[];
  /** The national test providers of a subject in a school year (several where a school switched). */
  providers(subject: SubjectCode, year: number, current: number): TestProviderCode[];
  /** CITO results up to school year current - lovsUntil were taken with the older LOVS tests; null: never. */
  lovsUntil: number | null;
  /** The CBS schoolweging a superuser entered (20-40), or null. */
  schoolweging: number | null;
  ambitions: Partial<Record<SubjectCode, [number, number]>>;
}

export const REGENBOOG: SchoolDefinition = {
  id: 1,
  brinCode: '12AB',
  name: 'OBS De Regenboog',
  emailDomain: 'regenboog.example',
  payingStatus: true,
  isConnectionActive: true,
  // Seven years back reaches school year 2019 (in 2026) with its COVID moment X.
  history: 7,
  grades: [1, 2, 3, 4, 5, 6, 7, 8],
  combinedPreschool: true,
  splitAbove: 32,
  // Two large cohorts: now in grades 4 and 6 (entered in current-3 and current-5), so they have groups A and B.
  cohortSize: (entryYear, current) => (entryYear === current - 3 || entryYear === current - 5 ? 48 : 25),
  abilityMean: 0.15,
  methodIds: [1, 2, 3],
  providers: () => ['CITO'],
  lovsUntil: 4,
  schoolweging: 27.8,
  ambitions: { RW: [40, 60], SP: [45, 65], TBL: [40, 60], DMT: [35, 55], WST: [40, 60] },
};

export const KOMPAS: SchoolDefinition = {
  id: 2,
  brinCode: '34CD',
  name: 'CBS Het Kompas',
  emailDomain: 'hetkompas.example',
  payingStatus: true,
  isConnectionActive: false,
  history: 6,
  grades: [1, 2, 3, 4, 5, 6, 7, 8],
  combinedPreschool: false,
  splitAbove: 40,
  cohortSize: () => 18,
  abilityMean: -0.1,
  methodIds: [4, 2],
  // Het Kompas uses DIA for reading comprehension and vocabulary, and moved from CITO to IEP for mathematics
  // two years ago (both in the switch year, so provider priority matters).
  providers: (subject, year, current) => {
    if (subject === 'TBL' || subject === 'WST') return ['DIA'];
    if (subject === 'RW')
      return year < current - 2 ? ['CITO'] : year === current - 2 ? ['CITO', 'IEP'] : ['IEP'];
    return ['CITO'];
  },
  lovsUntil: null,
  schoolweging: null,
  ambitions: { RW: [35, 55], SP: [40, 60], TBL: [35, 55] },
};

export const DEMOSCHOOL: SchoolDefinition = {
  id: 3,
  brinCode: '99ZZ',
  name: 'Demoschool Zonder Licentie',
  emailDomain: 'demoschool.example',
  payingStatus: false,
  isConnectionActive: true,
  history: 0,
  grades: [5, 6],
  combinedPreschool: false,
  splitAbove: 40,
  cohortSize: () => 8,
  abilityMean: 0,
  methodIds: [],
  providers: () => ['CITO'],
  lovsUntil: null,
  schoolweging: null,
  ambitions: {},
};

export const SCHOOLS: readonly SchoolDefinition[] = [REGENBOOG, KOMPAS, DEMOSCHOOL];

export function schoolRows(current: number): Pick<DemoData, 'schools' | 'schoolAmbitions'> {
  const schools = SCHOOLS.map((def) => ({
    id: def.id,
    brinCode: def.brinCode,
    name: def.name,
    startYear: current - def.history,
    payingStatus: def.payingStatus,
    isConnectionActive: def.isConnectionActive,
    schoolweging: def.schoolweging,
    createdAt: new Date(Date.UTC(current - def.history, 7, 15)),
  }));
  const schoolAmbitions: DemoData['schoolAmbitions'] = [];
  let id = 1;
  for (const def of SCHOOLS) {
    for (const subject of SCHOOL_SUBJECTS) {
      const band = def.ambitions[subject];
      if (band)
        schoolAmbitions.push({
          id: id++,
          schoolId: def.id,
          subjectId: SUBJECT_IDS[subject],
          lowScore: band[0],
          highScore: band[1],
        });
    }
  }
  return { schools, schoolAmbitions };
}
