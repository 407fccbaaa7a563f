import {
  sortMoments,
  NATIONAL_AVERAGE,
  ROMAN_LEVELS,
  SCORE_RANGES,
  type Exam,
  type SchoolHistory,
  type SubjectResult,
} from '@leerzicht/contract';
import type { ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS, levelShares } from '../../../entities/results';

/** The subject's results at every exam that has any, ascending. */
export function subjectExams(
  history: SchoolHistory,
  subjectId: number,
): { exam: Exam; result: SubjectResult }[] {
  return sortMoments(history.exams).flatMap((exam) => {
    const result = exam.results.find((item) => item.subjectId === subjectId);
    return result && result.school.pupilCount > 0 ? [{ exam, result }] : [];
  });
}

/**
 * The distribution over levels I-V per group and the school as stacked percentages, and with `showNational` (the
 * user's national-average setting) the national distribution, 20% per level.
 */
export function levelDistributionChart(
  result: SubjectResult,
  labels: { school: string; national: string },
  showNational = true,
): ChartSpec {
  const groups = [...result.yearClasses].sort(
    (a, b) => a.grade - b.grade || a.yearClassName.localeCompare(b.yearClassName, 'nl'),
  );
  const national = Object.fromEntries(ROMAN_LEVELS.map((level) => [level, NATIONAL_AVERAGE.levelShare]));
  return {
    rows: [
      ...groups.map((group) => ({ category: group.yearClassName, values: levelShares(group.levels) })),
      { category: labels.school, values: levelShares(result.school.levels) },
      ...(showNational ? [{ category: labels.national, values: national }] : []),
    ],
    series: ROMAN_LEVELS.map((level, index) => ({
      key: level,
      label: level,
      kind: 'stack' as const,
      color: CHART_COLOURS.levels[index] ?? CHART_COLOURS.national,
    })),
    yDomain: [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max],
  };
}
