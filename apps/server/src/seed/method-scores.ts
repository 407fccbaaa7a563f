import type { PerformanceLetter, SubjectCode } from '@leerzicht/contract';
import { METHODS, methodTestId, SECTION_MAX_SCORE, SUBJECT_IDS, testSectionId } from './catalog';
import { addDays, toIsoDate } from './dates';
import { latentAbility, presentOn, type SimPupil, type SimSchool } from './model';
import { clamp, isoDate, type Random } from './random';
import { REGENBOOG } from './schools';
import type { DemoData } from './types';

/** Performance letter from the share of the maximum score: G from 80%, V from 65%, M from 50%, else O. */
export function performanceFor(score: number, maxScore: number): PerformanceLetter {
  const share = score / maxScore;
  if (share >= 0.8) return 'G';
  if (share >= 0.65) return 'V';
  if (share >= 0.5) return 'M';
  return 'O';
}

/**
 * A few Regenboog pupils whose method results disagree with their national results (a signal of "pupils to
 * discuss"): some weaker pupils do well on the method tests (what the block practised), some strong ones poorly.
 * Chosen by id and latent ability without drawing from the random stream, so every other row stays as it was.
 */
function methodShift(pupil: SimPupil, subject: SubjectCode): number {
  if (pupil.schoolId !== REGENBOOG.id) return 0;
  const ability = pupil.ability[subject];
  if (ability < -0.9 && pupil.id % 6 === 0) return 2.2;
  if (ability > 0.9 && pupil.id % 6 === 1) return -3.2;
  return 0;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Method test results of the current and previous school year: one test per block, spread from late September to
 * June, only for blocks already taken before `today`. Pluspunt results are split into the four domain sections.
 */
export function methodScoreRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
): Pick<DemoData, 'methodTestScores' | 'testSectionScores'> {
  const todayIso = toIsoDate(today);
  const methodTestScores: DemoData['methodTestScores'] = [];
  const testSectionScores: DemoData['testSectionScores'] = [];
  let id = 1;
  let sectionScoreId = 1;
  for (const school of schools) {
    const methods = METHODS.filter((method) => school.def.methodIds.includes(method.id));
    for (const group of school.groups) {
      if (group.year < current - 1) continue;
      for (const method of methods) {
        const span = Math.floor(260 / method.blocks);
        for (let block = 1; block <= method.blocks; block++) {
          const testDate = addDays(isoDate(group.year, 9, 22), (block - 1) * span + rng.int(0, 6));
          if (testDate >= todayIso) continue;
          for (const { pupil, grade } of group.members) {
            if (grade < 3 || !presentOn(pupil, testDate)) continue;
            const z =
              latentAbility(pupil, method.subject, grade) +
              methodShift(pupil, method.subject) +
              0.45 * rng.normal();
            const scoreId = id++;
            let score: number;
            if (method.withSections) {
              score = 0;
              for (let section = 0; section < 4; section++) {
                const share = logistic(1.3 + 0.9 * z + 0.5 * rng.normal());
                const sectionScore = Math.round(clamp(share, 0, 1) * SECTION_MAX_SCORE);
                score += sectionScore;
                testSectionScores.push({
                  id: sectionScoreId++,
                  schoolId: school.def.id,
                  pupilId: pupil.id,
                  methodTestScoreId: scoreId,
                  testSectionId: testSectionId(method.id, grade, block, section),
                  score: sectionScore,
                  maxScore: SECTION_MAX_SCORE,
                });
              }
            } else {
              score = Math.round(logistic(1.3 + 0.9 * z) * method.maxScore);
            }
            methodTestScores.push({
              id: scoreId,
              schoolId: school.def.id,
              pupilId: pupil.id,
              yearClassId: group.id,
              methodTestId: methodTestId(method.id, grade, block),
              subjectId: SUBJECT_IDS[method.subject],
              calendarYear: group.year,
              score,
              performance: performanceFor(score, method.maxScore),
              testDate,
            });
          }
        }
      }
    }
  }
  return { methodTestScores, testSectionScores };
}
