import {
  alphabeticalLevelForPercentile,
  levelValueForAlphabetical,
  levelValueForRoman,
  romanLevelForPercentile,
  type ReferenceResult,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import {
  lovsTestId,
  nationalTestId,
  PRESCHOOL_SUBJECTS_SEED,
  PROVIDER_IDS,
  SCHOOL_SUBJECTS,
  SUBJECT_IDS,
} from './catalog';
import { isMomentPast, isSchoolClosed, momentsOf, momentWindow, testDateIn } from './dates';
import { latentAbility, presentOn, type SimPupil, type SimSchool } from './model';
import { abilityScore, dleFor, functionalLevel, monthsOfEducation } from './norms';
import { clamp, normalCdf, type Random } from './random';
import type { DemoData } from './types';

/*
 * SYNTHETIC reference-level cut points on the latent ability z, per subject, chosen so that the shares land near
 * the national figures of 2017-2022: about 97% at 1F or higher in every subject, and at the target level about 42%
 * in mathematics (1S), 73% in reading (2F) and 62% in taalverzorging (2F, spelling here).
 */
const REFERENCE_CUTS: Partial<Record<SubjectCode, { f1: number; target: number; level: '1S' | '2F' }>> = {
  RW: { f1: -1.95, target: 0.25, level: '1S' },
  TBL: { f1: -1.95, target: -0.55, level: '2F' },
  SP: { f1: -1.95, target: -0.25, level: '2F' },
};

function referenceFor(subject: SubjectCode, z: number): ReferenceResult | null {
  const cuts = REFERENCE_CUTS[subject];
  if (!cuts) return null;
  if (z >= cuts.target) return cuts.level;
  return z >= cuts.f1 ? '1F' : '<1F';
}

/** Pupils excluded from national tests (newcomers, development perspective) score well below their group. */
const EXCLUDED_SHIFT = -1.2;

/** The test a result was taken with: Regenboog used CITO's LOVS (2.0) before moving to Leerling in beeld. */
function testOf(
  school: SimSchool,
  provider: TestProviderCode,
  subject: SubjectCode,
  year: number,
  current: number,
) {
  const lovs = provider === 'CITO' && school.def.lovsUntil !== null && year <= current - school.def.lovsUntil;
  return lovs && (SCHOOL_SUBJECTS as readonly SubjectCode[]).includes(subject)
    ? { id: lovsTestId(subject), lovs: true }
    : { id: nationalTestId(provider, subject), lovs: false };
}

function subjectsOf(grade: number): readonly SubjectCode[] {
  if (grade < 3) return PRESCHOOL_SUBJECTS_SEED;
  // Begrijpend lezen is tested from groep 4.
  return grade === 3 ? SCHOOL_SUBJECTS.filter((subject) => subject !== 'TBL') : SCHOOL_SUBJECTS;
}

/**
 * National results: every pupil at the past moments of their group's grade (see dates.ts), every score field derived
 * from one latent z so that they agree: percentile = Phi(z); level I-V (current tests) or A-E (LOVS) from the
 * percentile; ability, functional level and DLE from the synthetic norm curve; the attained reference level (grades
 * 7-8) from z, the projected one (grades 5-8) from the pupil's growth extrapolated to the end of groep 8.
 */
export function nationalScoreRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
): DemoData['nationalTestScores'] {
  const rows: DemoData['nationalTestScores'] = [];
  let id = 1;
  for (const school of schools) {
    for (const group of school.groups) {
      for (const yearTime of momentsOf(group.grade, group.year)) {
        if (!isMomentPast(group.year, yearTime, today)) continue;
        const window = momentWindow(group.year, yearTime);
        const baseDay = rng.int(window.from, window.to - 4);
        for (const member of group.members) {
          const { pupil, grade } = member;
          subjectsOf(grade).forEach((subject, index) => {
            const testDate = testDateIn(group.year, yearTime, baseDay + (index % 5));
            if (!presentOn(pupil, testDate) || isSchoolClosed(testDate)) return;
            const providers: TestProviderCode[] =
              grade >= 3 ? school.def.providers(subject, group.year, current) : ['CITO'];
            for (const provider of providers) {
              const test = testOf(school, provider, subject, group.year, current);
              rows.push({
                id: id++,
                schoolId: school.def.id,
                pupilId: pupil.id,
                yearClassId: group.id,
                nationalTestId: test.id,
                subjectId: SUBJECT_IDS[subject],
                providerId: PROVIDER_IDS[provider],
                calendarYear: group.year,
                yearTime,
                grade,
                testDate,
                ...scoreFields({ pupil, subject, grade, yearTime, provider, lovs: test.lovs }, rng),
              });
            }
          });
        }
      }
    }
  }
  return rows;
}

interface ScoreInput {
  pupil: SimPupil;
  subject: SubjectCode;
  grade: number;
  yearTime: YearTime;
  provider: TestProviderCode;
  lovs: boolean;
}

function scoreFields({ pupil, subject, grade, yearTime, provider, lovs }: ScoreInput, rng: Random) {
  const shift = pupil.excluded ? EXCLUDED_SHIFT : 0;
  const z = latentAbility(pupil, subject, grade) + shift + 0.35 * rng.normal();
  const percentile = Math.round(clamp(normalCdf(z) * 100, 1, 99));
  const score = abilityScore(provider, subject, monthsOfEducation(grade, yearTime), z);
  const dle = grade >= 3 ? dleFor(provider, subject, score) : null;
  // The projection: where the pupil's own trend (slope) leads by the end of groep 8, from this result.
  const projected = z + pupil.slope * (8 - grade) + 0.2 * rng.normal();
  const roman = lovs ? null : romanLevelForPercentile(percentile);
  const alphabetical = lovs ? alphabeticalLevelForPercentile(percentile) : null;
  return {
    levelValue: lovs ? levelValueForAlphabetical(alphabetical) : levelValueForRoman(roman),
    abilityScore: score,
    percentile,
    alphabetical,
    roman,
    functionalLevel: functionalLevel(provider, subject, score),
    dle: dle?.dle ?? null,
    dleAboveScale: dle?.aboveScale ?? false,
    referenceLevel: grade >= 7 ? referenceFor(subject, z) : null,
    projectedReferenceLevel: grade >= 5 ? referenceFor(subject, projected) : null,
  };
}
