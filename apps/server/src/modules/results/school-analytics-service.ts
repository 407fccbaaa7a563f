import { momentKey, type SchoolAnalytics } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/http-errors';
import { listHalfYearGrowth, listLevelCounts, listSubjects, type ScoreScope } from '../scores/index';
import type { ResultScope } from './access';
import { listAmbitions } from './ambition-repository';

/**
 * One subject's analyses on the school page: the level distribution and the ambition shares per moment, and the
 * growth per half-year beside the norm's. The results read are those of the school history (a teacher's only from
 * their permitted groups at the time of the test). `scope`: what the route's policy allowed.
 */
export async function getSchoolAnalytics(
  ctx: AppContext,
  scope: ResultScope,
  subjectId: number,
): Promise<SchoolAnalytics> {
  const { schoolId } = scope.access;
  const results: ScoreScope = { schoolId, groupIds: scope.groupIds, subjectId };
  const [subjects, ambitions] = await Promise.all([listSubjects(ctx.db), listAmbitions(ctx.db, schoolId)]);
  if (!subjects.some((subject) => subject.id === subjectId))
    throw badRequest('Invalid input.', { subject_id: ['Unknown subject.'] });
  const found = ambitions.find((ambition) => ambition.subjectId === subjectId);
  const ambition = found ? { lowScore: found.lowScore, highScore: found.highScore } : null;
  const [moments, growth] = await Promise.all([
    listLevelCounts(ctx.db, results, ambition),
    listHalfYearGrowth(ctx.db, results),
  ]);
  return {
    schoolId,
    subjectId,
    ambition,
    moments: moments.map((row) => ({
      calendarYear: row.calendar_year,
      yearTime: row.year_time,
      key: momentKey({ calendarYear: row.calendar_year, yearTime: row.year_time }),
      pupilCount: row.pupil_count,
      levels: { I: row.level_i, II: row.level_ii, III: row.level_iii, IV: row.level_iv, V: row.level_v },
      letters: { A: row.letter_a, B: row.letter_b, C: row.letter_c, D: row.letter_d, E: row.letter_e },
      percentileCount: row.percentile_count,
      atOrAboveLow: row.at_or_above_low,
      atOrAboveHigh: row.at_or_above_high,
    })),
    growth: growth.map((row) => ({
      from: { calendarYear: row.from_year, yearTime: row.from_time },
      to: { calendarYear: row.to_year, yearTime: row.to_time },
      provider: row.provider,
      version: row.test_version,
      pupilCount: row.pupil_count,
      meanGrowth: row.mean_growth,
      nationalGrowth: row.national_growth,
      nationalCount: row.national_count,
    })),
  };
}
