import { SCHOOL_YEAR_START_MONTH, schoolYearOf } from '@leerzicht/contract';

/**
 * The last day a pupil may have left on to be due for removal: the day before the school year that began
 * `retentionYears` school years before the current one. With the default of 2 and today in school year 2025-2026,
 * pupils who left on or before 31 July 2023 are due, i.e. those who left at least two whole school years ago
 * (the sector's rule of thumb), counting a school year of leaving as not yet over.
 */
export function retentionCutoffDate(now: Date, retentionYears: number): string {
  const firstYearKept = schoolYearOf(now) - retentionYears;
  // Day 0 of the school year's first month is the last day of the month before it.
  const dayBefore = new Date(Date.UTC(firstYearKept, SCHOOL_YEAR_START_MONTH, 0));
  return dayBefore.toISOString().slice(0, 10);
}
