import type { YearTime } from '@leerzicht/contract';
import { isoDate } from './random';

/*
 * When the demo's national tests were taken. Grades 3-7 at M (late January) and E (June); groep 8 at B (autumn)
 * and M (the doorstroomtoets period, February). School year 2019 had no E: schools closed in spring 2020 and the
 * COVID moment X was tested after they reopened in June. The schools were closed again from 16 December 2020 to
 * 7 February 2021, so that year's M tests fell after the reopening. No test falls on a Saturday or Sunday.
 */
export const COVID_YEAR = 2019;
export const SCHOOL_CLOSURES: readonly (readonly [string, string])[] = [
  ['2020-03-16', '2020-06-07'],
  ['2020-12-16', '2021-02-07'],
];

interface Window {
  /** Calendar year offset from the school year (B falls in the school year's first calendar year). */
  yearOffset: number;
  month: number;
  from: number;
  to: number;
}

const WINDOWS: Record<YearTime, Window> = {
  B: { yearOffset: 0, month: 10, from: 1, to: 17 },
  M: { yearOffset: 1, month: 1, from: 16, to: 31 },
  X: { yearOffset: 1, month: 6, from: 15, to: 26 },
  E: { yearOffset: 1, month: 6, from: 3, to: 19 },
};
const M_AFTER_CLOSURE: Window = { yearOffset: 1, month: 2, from: 8, to: 26 };

/** The national moments of a group's school year by its grade. */
export function momentsOf(grade: number, year: number): YearTime[] {
  if (grade === 8) return ['B', 'M'];
  return year === COVID_YEAR ? ['M', 'X'] : ['M', 'E'];
}

/** The test window of a moment in school year `year`. */
export function momentWindow(year: number, yearTime: YearTime): Window {
  return yearTime === 'M' && year === 2020 ? M_AFTER_CLOSURE : WINDOWS[yearTime];
}

/** A test date in the window (day within it), moved off the weekend to the Monday after. */
export function testDateIn(year: number, yearTime: YearTime, day: number): string {
  const window = momentWindow(year, yearTime);
  const date = isoDate(year + window.yearOffset, window.month, Math.min(day, window.to));
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(date, 2) : weekday === 0 ? addDays(date, 1) : date;
}

/** The last day of a moment's test window (a weekend end moves to the Monday, as its tests do). */
export function momentEnd(year: number, yearTime: YearTime): string {
  return testDateIn(year, yearTime, momentWindow(year, yearTime).to);
}

/** A moment has results when its whole test window lies before `today`. */
export function isMomentPast(year: number, yearTime: YearTime, today: Date): boolean {
  return momentEnd(year, yearTime) < toIsoDate(today);
}

/** Whether a date falls in a school closure. */
export function isSchoolClosed(date: string): boolean {
  return SCHOOL_CLOSURES.some(([from, to]) => date >= from && date <= to);
}

/** The calendar date of a Date in UTC as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

/** A timestamp at noon UTC of an ISO date. */
export function noon(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}
