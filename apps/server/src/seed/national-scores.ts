import {
  alphabeticalLevelForPercentile,
  levelValueForRoman,
  romanLevelForPercentile,
  type SubjectCode,
  type TestProviderCode,
} from '@leerzicht/contract';
import {
  nationalTestId,
  PRESCHOOL_SUBJECTS_SEED,
  PROVIDER_IDS,
  SCHOOL_SUBJECTS,
  SUBJECT_IDS,
} from './catalog';
import { isMomentPast, MOMENT_WINDOWS, SEED_MOMENTS } from './dates';
import { latentAbility, presentOn, type SimSchool } from './model';
import { abilityScore, dleFor, functionalLevel, monthsOfEducation } from './norms';
import { clamp, isoDate, normalCdf, type Random } from './random';
import type { DemoData } from './types';

type ReferenceLevel = '1F' | '1S' | '2F';

/** Reference level by percentile: the target level (1S for mathematics, 2F for language) from ~45, 1F from ~10. */
function referenceFor(subject: SubjectCode, percentile: number): ReferenceLevel | null {
  if (subject !== 'RW' && subject !== 'SP' && subject !== 'TBL') return null;
  if (percentile >= 45) return subject === 'RW' ? '1S' : '2F';
  if (percentile >= 10) return '1F';
  return null;
}

/**
 * National results: every grade 3-8 pupil (grade 1-2: RvK and TvK) at M and E of each past moment, with every
 * score field derived from one latent z so that they agree: percentile = Phi(z), roman/level/alphabetical from the
 * percentile, ability score from the synthetic norm curve, functional level and DLE from the same curve.
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
      for (const yearTime of SEED_MOMENTS) {
        if (!isMomentPast(group.year, yearTime, today)) continue;
        const window = MOMENT_WINDOWS[yearTime];
        const baseDay = rng.int(window.from, window.to - 4);
        for (const member of group.members) {
          const { pupil, grade } = member;
          if (pupil.excluded) continue;
          const subjects: readonly SubjectCode[] = grade >= 3 ? SCHOOL_SUBJECTS : PRESCHOOL_SUBJECTS_SEED;
          subjects.forEach((subject, index) => {
            const testDate = isoDate(group.year + 1, window.month, baseDay + (index % 5));
            if (!presentOn(pupil, testDate)) return;
            const providers: TestProviderCode[] =
              grade >= 3 ? school.def.providers(subject, group.year, current) : ['CITO'];
            for (const provider of providers) {
              const z = latentAbility(pupil, subject, grade) + 0.35 * rng.normal();
              const percentile = Math.round(clamp(normalCdf(z) * 100, 1, 99));
              const roman = romanLevelForPercentile(percentile);
              const t = monthsOfEducation(grade, yearTime);
              const score = abilityScore(provider, subject, t, z);
              rows.push({
                id: id++,
                schoolId: school.def.id,
                pupilId: pupil.id,
                yearClassId: group.id,
                nationalTestId: nationalTestId(provider, subject),
                subjectId: SUBJECT_IDS[subject],
                providerId: PROVIDER_IDS[provider],
                calendarYear: group.year,
                yearTime,
                grade,
                testDate,
                levelValue: levelValueForRoman(roman),
                abilityScore: score,
                percentile,
                alphabetical: alphabeticalLevelForPercentile(percentile),
                roman,
                functionalLevel: functionalLevel(provider, subject, score),
                dle: grade >= 3 ? dleFor(provider, subject, score) : null,
                referenceLevel: grade >= 7 ? referenceFor(subject, percentile) : null,
                projectedReferenceLevel: grade >= 5 ? referenceFor(subject, percentile) : null,
              });
            }
          });
        }
      }
    }
  }
  return rows;
}
