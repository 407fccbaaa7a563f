import { YEAR_TIME_ORDER, type YearTime } from './constants';

export interface MomentLike {
  calendarYear: number;
  yearTime: YearTime;
}

/** Exams sort by school year, then by time within the year: B, X, M, E. */
export function compareMoments(a: MomentLike, b: MomentLike): number {
  return a.calendarYear - b.calendarYear || YEAR_TIME_ORDER[a.yearTime] - YEAR_TIME_ORDER[b.yearTime];
}

/** "2024-M": a stable key of a moment. */
export function momentKey(moment: MomentLike): string {
  return `${moment.calendarYear}-${moment.yearTime}`;
}
