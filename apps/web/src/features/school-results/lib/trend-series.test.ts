import { describe, expect, it } from 'vitest';
import { cohortTrends } from '../pages/subject-trends.fixture';
import { defaultTrendSelection, trendChartSpec, type TrendLabels } from './trend-series';

const labels: TrendLabels = {
  cohort: (cohort, grade) => `C${cohort} g${grade}`,
  cohortLeft: (cohort, year) => `C${cohort} left ${year}`,
  grade: (grade) => `G${grade}`,
  national: 'NAT',
  norm: (label) => `norm ${label}`,
};
const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9'];

describe('trendChartSpec', () => {
  const trends = cohortTrends(2014, 2021);
  const selected = defaultTrendSelection(trends);

  it('draws at most six series, each with its own Okabe–Ito colour, line pattern and marker', () => {
    const spec = trendChartSpec(
      trends,
      trends.series.map((s) => s.key),
      'ability',
      { showNationalAverage: false, showBarAverage: false },
      labels,
    );
    expect(spec.series).toHaveLength(6);
    expect(spec.series.map((s) => s.color)).toEqual(OKABE_ITO);
    const styles = spec.series.map((s) => spec.styles[s.key]);
    expect(new Set(styles.map((style) => style?.dash)).size).toBe(6);
    expect(new Set(styles.map((style) => style?.marker)).size).toBe(6);
    expect(spec.series.every((s) => s.kind === 'line')).toBe(true);
  });

  it('draws bars with the bar-averages setting and the national lines only with the national-average setting', () => {
    const bars = trendChartSpec(
      trends,
      selected,
      'percentile',
      { showNationalAverage: false, showBarAverage: true },
      labels,
    );
    expect(bars.series.map((s) => s.kind)).toEqual(Array<string>(6).fill('bar'));
    const national = trendChartSpec(
      trends,
      selected,
      'percentile',
      { showNationalAverage: true, showBarAverage: true },
      labels,
    );
    expect(national.series.at(-1)).toMatchObject({ key: 'national', kind: 'dashed' });
    expect(national.rows.every((row) => row.values.national === 50)).toBe(true);
    const norms = trendChartSpec(
      trends,
      selected,
      'ability',
      { showNationalAverage: true, showBarAverage: false },
      labels,
    );
    // Each series followed by its norm, with the norm of every point it has.
    expect(norms.series.map((s) => s.key)).toEqual(selected.flatMap((key) => [key, `${key}-norm`]));
    for (const series of trends.series.filter((s) => selected.includes(s.key)))
      for (const point of series.points) {
        const row = norms.rows.find(
          (r) =>
            r.category ===
            `${point.yearTime} ${String(point.calendarYear % 100).padStart(2, '0')}-${String((point.calendarYear + 1) % 100).padStart(2, '0')}`,
        );
        expect(row?.values[`${series.key}-norm`]).toBe(point.nationalAbilityScore);
        expect(row?.values[series.key]).toBe(point.meanAbilityScore);
      }
  });

  it('cuts an ability line where the test changes, never joining two scales; percentiles stay one line', () => {
    const one = cohortTrends(2019, 2019);
    const series = one.series[0];
    if (!series) throw new Error('fixture');
    const cut = series.points.length - 2;
    const changed = {
      ...one,
      series: [
        {
          ...series,
          points: series.points.map((point, index) =>
            index >= cut ? { ...point, tests: [{ provider: 'IEP' as const, version: '2024' }] } : point,
          ),
        },
      ],
    };
    const settings = { showNationalAverage: false, showBarAverage: false };
    const spec = trendChartSpec(changed, [series.key], 'ability', settings, labels);
    expect(spec.series.map((s) => [s.key, s.label])).toEqual([
      [`${series.key}@0`, 'C2019 g7 · CITO 3.0'],
      [series.key, 'C2019 g7 · IEP 2024'],
    ]);
    expect(spec.series.map((s) => spec.styles[s.key]?.legend)).toEqual([false, true]);
    spec.rows.forEach((row, index) => {
      const value = series.points[index]?.meanAbilityScore ?? null;
      expect(row.values[`${series.key}@0`]).toBe(index < cut ? value : null);
      expect(row.values[series.key]).toBe(index >= cut ? value : null);
    });
    expect(trendChartSpec(changed, [series.key], 'percentile', settings, labels).series).toHaveLength(1);
    // Bars join nothing: one bar series over both tests; its norm lines are still cut.
    const bars = trendChartSpec(
      changed,
      [series.key],
      'ability',
      { showNationalAverage: true, showBarAverage: true },
      labels,
    );
    expect(bars.series.map((s) => [s.key, s.kind])).toEqual([
      [series.key, 'bar'],
      [`${series.key}@0-norm`, 'dashed'],
      [`${series.key}-norm`, 'dashed'],
    ]);
  });
});
