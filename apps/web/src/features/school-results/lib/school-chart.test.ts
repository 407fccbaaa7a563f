import { describe, expect, it } from 'vitest';
import type { SchoolAnalytics } from '@leerzicht/contract';
import { ambitionChart, distributionRows, growthChart, recentYears, yearCount } from './school-chart';

/* The school page's chart specs follow the user's "bar averages" and "national average" settings. */

const moment = (calendarYear: number, yearTime: 'M' | 'E', counts: number[], letters = false) => {
  const [a = 0, b = 0, c = 0, d = 0, e = 0] = counts;
  const none = { I: 0, II: 0, III: 0, IV: 0, V: 0 };
  const noLetters = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  const total = a + b + c + d + e;
  return {
    calendarYear,
    yearTime,
    key: `${calendarYear}-${yearTime}`,
    pupilCount: total,
    levels: letters ? none : { I: a, II: b, III: c, IV: d, V: e },
    letters: letters ? { A: a, B: b, C: c, D: d, E: e } : noLetters,
    percentileCount: total,
    // Counted from the top: the levels I and II lie at or above the low score, level I at or above the high.
    atOrAboveLow: a + b,
    atOrAboveHigh: a,
  };
};

const analytics: SchoolAnalytics = {
  schoolId: 1,
  subjectId: 2,
  ambition: { lowScore: 35, highScore: 75 },
  moments: [moment(2022, 'E', [2, 3, 1, 1, 1], true), moment(2023, 'M', [1, 2, 4, 2, 1])],
  growth: [
    {
      from: { calendarYear: 2023, yearTime: 'M' },
      to: { calendarYear: 2023, yearTime: 'E' },
      provider: 'CITO',
      version: '3.0',
      pupilCount: 9,
      meanGrowth: 5.25,
      nationalGrowth: 6,
      nationalCount: 9,
    },
  ],
};
const labels = { low: 'low', high: 'high', nationalLow: 'nl', nationalHigh: 'nh' };
const growthLabels = {
  school: 'school',
  national: 'national',
  halfYear: (a: string, b: string) => `${a}|${b}`,
};

describe('school charts', () => {
  it('draws the ambition shares and the growth as bars or lines, with or without the national figures', () => {
    for (const showBarAverage of [true, false]) {
      for (const showNationalAverage of [true, false]) {
        const settings = { showBarAverage, showNationalAverage };
        const kind = showBarAverage ? 'bar' : 'line';
        const ambition = ambitionChart(analytics, settings, labels);
        expect(ambition.series.map((s) => [s.key, s.kind])).toEqual([
          ['low', kind],
          ['high', kind],
          ...(showNationalAverage
            ? [
                ['nationalLow', 'dashed'],
                ['nationalHigh', 'dashed'],
              ]
            : []),
        ]);
        const growth = growthChart(analytics, settings, growthLabels);
        expect(growth.series.map((s) => [s.key, s.kind])).toEqual([
          ['school', kind],
          ...(showNationalAverage ? [['national', 'dashed']] : []),
        ]);
      }
    }
  });

  it('computes the shares from the counts', () => {
    const spec = ambitionChart(analytics, { showBarAverage: true, showNationalAverage: true }, labels);
    expect(spec.rows.map((row) => row.values)).toEqual(
      analytics.moments.map((m) => ({
        low: Math.round((1000 * (m.atOrAboveLow ?? 0)) / m.percentileCount) / 10,
        high: Math.round((1000 * (m.atOrAboveHigh ?? 0)) / m.percentileCount) / 10,
        nationalLow: 100 - 35,
        nationalHigh: 100 - 75,
      })),
    );
    const rows = distributionRows(analytics);
    expect(rows.map((row) => [row.category, row.scheme, row.total])).toEqual([
      ['E 22-23 (A-E)', 'letters', 8],
      ['M 23-24', 'levels', 10],
    ]);
    expect(rows[1]?.shares).toEqual([1, 2, 4, 2, 1].map((count) => (100 * count) / 10));
    expect(rows[0]?.national).toEqual([25, 25, 25, 15, 10]);
    expect(
      growthChart(analytics, { showBarAverage: true, showNationalAverage: true }, growthLabels).rows,
    ).toEqual([{ category: 'M 23-24|E 23-24', values: { school: 5.25, national: 6 } }]);
  });

  it('has no ambition chart without an ambition', () => {
    expect(
      ambitionChart(
        { ...analytics, ambition: null },
        { showBarAverage: true, showNationalAverage: true },
        labels,
      ).rows,
    ).toEqual([]);
  });

  it('keeps the last school years of the moments and of the growth when asked', () => {
    const many: SchoolAnalytics = {
      ...analytics,
      moments: [2019, 2020, 2021, 2022].flatMap((year) => [
        moment(year, 'M', [1, 1, 1, 1, 1]),
        moment(year, 'E', [1, 1, 1, 1, 1]),
      ]),
      growth: [2019, 2020, 2021].map((year) => ({
        ...analytics.growth[0]!,
        from: { calendarYear: year, yearTime: 'E' as const },
        to: { calendarYear: year + 1, yearTime: 'M' as const },
      })),
    };
    expect(yearCount(many)).toBe(4);
    const recent = recentYears(many, 2);
    expect(recent.moments.map((m) => m.key)).toEqual(
      many.moments.filter((m) => m.calendarYear >= 2021).map((m) => m.key),
    );
    expect(recent.growth.map((row) => row.to.calendarYear)).toEqual([2021, 2022]);
  });
});
