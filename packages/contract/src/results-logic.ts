import {
  METHOD_WINDOW_MONTHS,
  NATIONAL_WINDOW_MONTHS,
  type TestProviderCode,
  type YearTime,
} from './constants';
import { compareMoments, type MomentLike } from './moments';

/*
 * Pure rules of the results views (spec sections 3 and 9), shared by the server and the web app:
 * exam (moment) ordering, the time windows of method and national data and growth.
 */

/** Exams sorted by year, then by time (B, X, M, E); see compareMoments in moments.ts. */
export function sortMoments<T extends MomentLike>(moments: readonly T[]): T[] {
  return [...moments].sort(compareMoments);
}

export function isSameMoment(a: MomentLike, b: MomentLike): boolean {
  return a.calendarYear === b.calendarYear && a.yearTime === b.yearTime;
}

/** Subjects (and other catalogue items) are sorted by position; ties by id so the order is stable. */
export function compareByPosition(
  a: { position: number; id?: number },
  b: { position: number; id?: number },
) {
  return a.position - b.position || (a.id ?? 0) - (b.id ?? 0);
}

/**
 * Approximate dates of the moments, for results without a test date: B September, X March, M January, E June
 * (`month` counts from 0, the date is the 15th). The server's SQL builds its moment date from this table.
 */
export const MOMENT_MONTH: Record<YearTime, { yearOffset: number; month: number }> = {
  B: { yearOffset: 0, month: 8 },
  X: { yearOffset: 1, month: 2 },
  M: { yearOffset: 1, month: 0 },
  E: { yearOffset: 1, month: 5 },
};

/** The (approximate) calendar date of a moment, as 'YYYY-MM-DD'. */
export function momentDate(moment: MomentLike): string {
  const { yearOffset, month } = MOMENT_MONTH[moment.yearTime];
  const year = moment.calendarYear + yearOffset;
  return `${year}-${String(month + 1).padStart(2, '0')}-15`;
}

/** 'YYYY-MM-DD' of a local date. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The first day ('YYYY-MM-DD') inside a window of `months` months that ends today. */
export function windowStart(months: number, today: Date): string {
  const start = new Date(today.getFullYear(), today.getMonth() - months, today.getDate());
  // 31 March minus one month is 31 February, which rolls over into March: clamp to the month's last day.
  const targetMonth = (((today.getMonth() - months) % 12) + 12) % 12;
  if (start.getMonth() !== targetMonth) start.setDate(0);
  return isoDay(start);
}

/** True when `date` ('YYYY-MM-DD' or an ISO timestamp) lies within the last `months` months (inclusive). */
export function isWithinMonths(date: string, months: number, today: Date): boolean {
  const day = date.slice(0, 10);
  return day >= windowStart(months, today) && day <= isoDay(today);
}

/** Method test results are shown for the last METHOD_WINDOW_MONTHS (30) months. */
export function isInMethodWindow(testDate: string, today: Date): boolean {
  return isWithinMonths(testDate, METHOD_WINDOW_MONTHS, today);
}

/** National test results are shown for the last NATIONAL_WINDOW_MONTHS (120) months; by moment without a date. */
export function isInNationalWindow(result: MomentLike & { testDate?: string | null }, today: Date): boolean {
  return isWithinMonths(result.testDate ?? momentDate(result), NATIONAL_WINDOW_MONTHS, today);
}

export interface GrowthPoint extends MomentLike {
  provider: TestProviderCode;
  /** Ability scales differ between versions of a provider's test too. */
  testVersion?: string;
  abilityScore: number | null;
}

/**
 * Growth of the ability score since the previous moment with a score of the same provider and test version (scales
 * of different tests cannot be compared). `series` may be in any order; null when there is nothing before.
 */
export function growthSincePrevious<T extends GrowthPoint>(series: readonly T[], current: T): number | null {
  if (current.abilityScore === null) return null;
  let previous: T | null = null;
  for (const point of series) {
    if (point.provider !== current.provider || point.abilityScore === null) continue;
    if ((point.testVersion ?? '') !== (current.testVersion ?? '')) continue;
    if (compareMoments(point, current) >= 0) continue;
    if (previous === null || compareMoments(point, previous) > 0) previous = point;
  }
  if (previous === null || previous.abilityScore === null) return null;
  return Math.round((current.abilityScore - previous.abilityScore) * 10) / 10;
}

/** The mean of the values that are not null, rounded to one decimal; null when there are none. */
export function averageOf(values: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

/** "M5": the moment's time and the grade, as functional levels are written. */
export function momentLabel(yearTime: YearTime, grade: number): string {
  return `${yearTime}${grade}`;
}
