import { describe, expect, it } from 'vitest';
import type { TestProviderCode, YearTime } from './constants';
import {
  averageOf,
  compareByPosition,
  growthSincePrevious,
  isInMethodWindow,
  isInNationalWindow,
  isWithinMonths,
  momentDate,
  sortMoments,
  windowStart,
} from './results-logic';

const moment = (calendarYear: number, yearTime: YearTime) => ({ calendarYear, yearTime });

describe('exam ordering', () => {
  it('sorts by school year, then B, X, M, E', () => {
    const sorted = sortMoments([
      moment(2024, 'E'),
      moment(2023, 'M'),
      moment(2024, 'B'),
      moment(2019, 'X'),
      moment(2024, 'M'),
      moment(2019, 'E'),
      moment(2019, 'B'),
    ]);
    expect(sorted.map((m) => `${m.calendarYear}${m.yearTime}`)).toEqual([
      '2019B',
      '2019X',
      '2019E',
      '2023M',
      '2024B',
      '2024M',
      '2024E',
    ]);
  });

  it('sorts subjects by position, ties by id', () => {
    const subjects = [
      { id: 4, position: 3 },
      { id: 1, position: 4 },
      { id: 2, position: 1 },
      { id: 9, position: 1 },
    ];
    expect([...subjects].sort(compareByPosition).map((s) => s.id)).toEqual([2, 9, 4, 1]);
  });
});

describe('time windows', () => {
  const today = new Date(2026, 2, 31); // 31 March 2026

  it('starts a window the given number of months before today, clamped to the month end', () => {
    expect(windowStart(1, today)).toBe('2026-02-28');
    expect(windowStart(30, today)).toBe('2023-09-30');
    expect(windowStart(120, today)).toBe('2016-03-31');
  });

  it('includes both ends and nothing in the future', () => {
    expect(isWithinMonths('2023-09-30', 30, today)).toBe(true);
    expect(isWithinMonths('2023-09-29', 30, today)).toBe(false);
    expect(isWithinMonths('2026-03-31T10:00:00Z', 30, today)).toBe(true);
    expect(isWithinMonths('2026-04-01', 30, today)).toBe(false);
  });

  it('shows method results of the last 30 months', () => {
    expect(isInMethodWindow('2023-10-01', today)).toBe(true);
    expect(isInMethodWindow('2023-09-01', today)).toBe(false);
  });

  it('shows national results of the last 120 months, by moment when there is no test date', () => {
    expect(isInNationalWindow({ ...moment(2016, 'M'), testDate: '2017-01-20' }, today)).toBe(true);
    expect(isInNationalWindow({ ...moment(2015, 'E'), testDate: '2016-03-30' }, today)).toBe(false);
    expect(momentDate(moment(2015, 'E'))).toBe('2016-06-15');
    expect(isInNationalWindow(moment(2015, 'E'), today)).toBe(true);
    expect(isInNationalWindow(moment(2015, 'B'), today)).toBe(false);
  });
});

describe('growth since the previous moment', () => {
  const point = (
    calendarYear: number,
    yearTime: YearTime,
    abilityScore: number | null,
    provider: TestProviderCode = 'CITO',
  ) => ({
    calendarYear,
    yearTime,
    abilityScore,
    provider,
  });

  it('is the difference with the latest earlier moment of the same provider', () => {
    const series = [point(2024, 'E', 70), point(2023, 'M', 50), point(2024, 'M', 62.5), point(2023, 'E', 55)];
    expect(growthSincePrevious(series, series[0]!)).toBe(7.5);
    expect(growthSincePrevious(series, series[2]!)).toBe(7.5);
    expect(growthSincePrevious(series, series[1]!)).toBeNull();
  });

  it('skips other providers and moments without a score', () => {
    const series = [
      point(2023, 'M', 40),
      point(2023, 'E', 90, 'IEP'),
      point(2024, 'M', null),
      point(2024, 'E', 52),
    ];
    expect(growthSincePrevious(series, series[3]!)).toBe(12);
    expect(growthSincePrevious(series, series[2]!)).toBeNull();
  });
});

describe('averageOf', () => {
  it('ignores missing values', () => {
    expect(averageOf([1, null, 2, undefined, 4])).toBe(2.3);
    expect(averageOf([null])).toBeNull();
  });
});
