import { describe, expect, it } from 'vitest';
import type { YearGrade } from '@leerzicht/contract';
import { aggregate, SUBJECTS } from '../../../test/result-fixtures';
import { cohortChart, cohortGrowthChart } from './cohort-chart';

const years = [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024];
const yearGrade: YearGrade = {
  id: 6,
  grade: 6,
  schoolId: 1,
  subjects: SUBJECTS,
  norms: [],
  cohorts: years.map((calendarYear, index) => ({
    calendarYear,
    yearClasses: [],
    results: [{ ...aggregate(30 + index, 10), subjectId: 2, yearTime: 'M' as const }],
  })),
};

describe('cohort charts of the grade page', () => {
  it('compares the six latest cohorts, as lines or, with bar averages, as bars; the national line only when asked', () => {
    const lines = cohortChart(
      yearGrade,
      2,
      { national: 'NAT' },
      { showNationalAverage: false, showBarAverage: false },
    );
    expect(lines.series.map((s) => s.label)).toEqual(years.slice(-6).map((year) => `${year}-${year + 1}`));
    expect(lines.series.every((s) => s.kind === 'line')).toBe(true);
    expect(lines.rows).toEqual([
      {
        category: 'M6',
        values: {
          national: 50,
          ...Object.fromEntries(years.map((year, index) => [`y${year}`, 30 + index]).slice(-6)),
        },
      },
    ]);
    const bars = cohortChart(
      yearGrade,
      2,
      { national: 'NAT' },
      { showNationalAverage: true, showBarAverage: true },
    );
    expect(bars.series.map((s) => s.kind)).toEqual([...Array<string>(6).fill('bar'), 'dashed']);
  });

  it('draws growth as bars or a line by the same setting', () => {
    const growth = [
      { calendarYear: 2024, subjectId: 2, pupilCount: 3, meanGrowth: 5, normGrowth: 4, tests: [] },
    ];
    const labels = { growth: 'G', norm: 'N', category: (year: string, count: number) => `${year} ${count}` };
    expect(
      cohortGrowthChart(growth, 2, labels, { showNationalAverage: true, showBarAverage: true }).series.map(
        (s) => s.kind,
      ),
    ).toEqual(['bar', 'dashed']);
    expect(
      cohortGrowthChart(growth, 2, labels, { showNationalAverage: false, showBarAverage: false }).series.map(
        (s) => s.kind,
      ),
    ).toEqual(['line']);
  });
});
