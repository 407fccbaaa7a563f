import { describe, expect, it } from 'vitest';
import { normalQuantile, type NationalNorm } from '@leerzicht/contract';
import { nationalScore } from '../../../test/result-fixtures';
import { pupilSubjectChart, type PupilScoreRow } from './pupil-results';

const LABELS = { pupil: 'Leerling', national: 'Landelijk', good: 'Goed', low: 'Laag', middle: 'Midden' };
const norm = (abilityScore: number, abilitySd: number | null): NationalNorm => ({
  providerId: 1,
  subjectId: 1,
  grade: 5,
  yearTime: 'M',
  abilityScore,
  abilitySd,
});
const row = (
  calendarYear: number,
  yearTime: 'M' | 'E',
  abilityScore: number,
  provider: 'CITO' | 'IEP',
  n: NationalNorm | null,
  testVersion?: string,
): PupilScoreRow => ({
  score: nationalScore({
    pupilId: 1,
    subjectId: 1,
    calendarYear,
    yearTime,
    grade: 5,
    abilityScore,
    percentile: 50,
    provider,
    testVersion,
  }),
  norm: n,
  growth: null,
});

describe('pupilSubjectChart', () => {
  const rows = [
    row(2022, 'M', 60, 'CITO', norm(58, 10), '2.0'),
    row(2022, 'E', 64, 'CITO', norm(62, 10), '3.0'),
    row(2023, 'M', 70, 'CITO', norm(66, 10), '3.0'),
    row(2023, 'E', 140, 'IEP', norm(130, null)),
  ];

  it('draws one line per test: no line crosses a change of provider or version', () => {
    const spec = pupilSubjectChart(rows, LABELS, true, 'levelValue');
    const lines = spec.series.filter((series) => series.kind === 'line');
    expect(lines.map((series) => series.label)).toEqual([
      'Leerling (CITO 2.0)',
      'Leerling (CITO 3.0)',
      'Leerling (IEP 2024)',
    ]);
    for (const chartRow of spec.rows) {
      const filled = lines.filter((series) => chartRow.values[series.key] !== null);
      expect(filled).toHaveLength(1);
    }
    // Each point sits on the line of its own test.
    const iep = lines[2]!;
    expect(spec.rows.map((r) => r.values[iep.key])).toEqual([null, null, null, 140]);
  });

  it("draws the verdict's thresholds from the norm's mean and spread, per moment", () => {
    for (const [measure, good, low] of [
      ['levelValue', 0.6, 0.4],
      ['percentile', 0.75, 0.25],
    ] as const) {
      const spec = pupilSubjectChart(rows, LABELS, false, measure);
      const expectedGood = rows.map((r) =>
        r.norm?.abilitySd
          ? Math.round((r.norm.abilityScore + normalQuantile(good) * r.norm.abilitySd) * 10) / 10
          : null,
      );
      const expectedLow = rows.map((r) =>
        r.norm?.abilitySd
          ? Math.round((r.norm.abilityScore + normalQuantile(low) * r.norm.abilitySd) * 10) / 10
          : null,
      );
      expect(spec.rows.map((r) => r.values.good)).toEqual(expectedGood);
      expect(spec.rows.map((r) => r.values.low)).toEqual(expectedLow);
      expect(spec.series.some((series) => series.key === 'national')).toBe(false);
      // The area between the thresholds lies between the two lines that are drawn.
      expect(spec.areas).toEqual([
        { lowKey: 'low', highKey: 'good', label: 'Midden', color: expect.any(String) },
      ]);
    }
    // The quantiles themselves: z(0.75) is about 0.674.
    expect(normalQuantile(0.75)).toBeCloseTo(0.6745, 3);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 6);
  });

  it('fits the axis to what it draws, in whole tens within the scale', () => {
    const cito = rows.slice(0, 3);
    for (const showNational of [true, false]) {
      const spec = pupilSubjectChart(cito, LABELS, showNational, 'levelValue');
      const drawn = spec.rows
        .flatMap((r) => Object.entries(r.values))
        .filter(([key]) => showNational || key !== 'national')
        .map(([, value]) => value)
        .filter((value): value is number => value !== null);
      const [from, to] = spec.yDomain!;
      expect(from).toBeLessThanOrEqual(Math.min(...drawn));
      expect(to).toBeGreaterThanOrEqual(Math.max(...drawn));
      // Fits: no more than a step of room beyond the values, on whole tens, within the pupil scale 0-120.
      expect(Math.min(...drawn) - from).toBeLessThanOrEqual(15);
      expect(to - Math.max(...drawn)).toBeLessThanOrEqual(15);
      expect([from % 10, to % 10]).toEqual([0, 0]);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(120);
    }
    // A score beyond 120 (the IEP scale) widens the axis to it, within the graph scale 0-200.
    const [, to] = pupilSubjectChart(rows, LABELS, true, 'levelValue').yDomain!;
    expect(to).toBeGreaterThanOrEqual(140);
    expect(to).toBeLessThanOrEqual(200);
  });
});
