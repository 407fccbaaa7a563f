import type { SubjectTrendPoint, SubjectTrendSeries, SubjectTrends, YearTime } from '@leerzicht/contract';
import { aggregate } from '../../../test/result-fixtures';

/* Trend answers for the subject page's tests: figures follow from simple formulas, so tests can work them out. */

export function trendPoint(calendarYear: number, yearTime: YearTime, seed: number): SubjectTrendPoint {
  const base = aggregate(30 + (seed % 40), 10 + (seed % 7));
  return {
    ...base,
    calendarYear,
    yearTime,
    meanAbilityScore: 100 + seed * 1.5,
    nationalAbilityScore: 98 + seed,
  };
}

/** Cohorts `from`..`to` (school year in groep 1), each with M and E results from its groep 3 until 2025. */
export function cohortTrends(from: number, to: number): SubjectTrends {
  const series: SubjectTrendSeries[] = [];
  for (let cohort = from; cohort <= to; cohort++) {
    const points: SubjectTrendPoint[] = [];
    for (let year = Math.max(cohort + 2, 2021); year <= Math.min(2025, cohort + 7); year++) {
      points.push(trendPoint(year, 'M', cohort - 2000 + year - 2020));
      if (year < 2025) points.push(trendPoint(year, 'E', cohort - 2000 + year - 2018));
    }
    series.push({
      key: `cohort-${cohort}`,
      cohort,
      grade: null,
      yearClassId: null,
      yearClassName: null,
      points,
    });
  }
  return { schoolId: 1, subjectId: 2, view: 'cohort', calendarYear: 2025, series };
}

export function groupTrends(): SubjectTrends {
  return {
    schoolId: 1,
    subjectId: 2,
    view: 'group',
    calendarYear: 2025,
    series: [
      {
        key: 'group-50',
        cohort: null,
        grade: 6,
        yearClassId: 50,
        yearClassName: 'Groep 6A',
        points: [trendPoint(2024, 'M', 3), trendPoint(2025, 'M', 4)],
      },
    ],
  };
}
