import type { YearTime } from '@leerzicht/contract';
import { isoDate } from './random';

/** Test windows of the national moments in school year `year`: M late January, E the first half of June. */
export const MOMENT_WINDOWS: Record<'M' | 'E', { month: number; from: number; to: number }> = {
  M: { month: 1, from: 16, to: 31 },
  E: { month: 6, from: 3, to: 19 },
};

export const SEED_MOMENTS = ['M', 'E'] as const satisfies readonly YearTime[];

/** The last day of a moment's test window. */
export function momentEnd(year: number, yearTime: 'M' | 'E'): string {
  const window = MOMENT_WINDOWS[yearTime];
  return isoDate(year + 1, window.month, window.to);
}

/** A moment has results when its whole test window lies before `today`. */
export function isMomentPast(year: number, yearTime: 'M' | 'E', today: Date): boolean {
  return momentEnd(year, yearTime) < toIsoDate(today);
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
