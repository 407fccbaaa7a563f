import type { YearTime } from '@leerzicht/contract';
import type { NationalScoreFields } from './score-fields';

/** What identifies a national result: one per pupil, test and moment. */
export interface NationalScoreKey {
  pupilId: number;
  nationalTestId: number;
  calendarYear: number;
  yearTime: YearTime;
}

/** A national result as a file row gives it, ready to be compared with the stored one and written. */
export interface NationalScoreRow extends NationalScoreKey, NationalScoreFields {
  yearClassId: number;
  subjectId: number;
  providerId: number;
  grade: number;
  testDate: string;
}

export function nationalScoreKey(key: NationalScoreKey): string {
  return `${key.pupilId}:${key.nationalTestId}:${key.calendarYear}:${key.yearTime}`;
}
