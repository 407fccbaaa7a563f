import { expect } from 'vitest';
import { DL_MAX, type TestProviderCode, type YearTime } from '@leerzicht/contract';
import { PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { normRows } from '../../src/seed/norms';
import type { InsertedScore } from './results-fixture';

/* The results tests' own computation of what the API should answer, from the rows the fixture inserted. */

const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;

/** Norm ability of the demo catalogue for a result (from the rows the catalogue factory inserted). */
const NORMS = normRows(PROVIDER_IDS, SUBJECT_IDS);
export function normOf(row: InsertedScore): number | undefined {
  return NORMS.find(
    (n) =>
      n.providerId === PROVIDER_IDS[row.provider] &&
      n.subjectId === SUBJECT_IDS[row.subject] &&
      n.grade === row.grade &&
      n.yearTime === row.yearTime,
  )?.abilityScore;
}

const RANK: Record<TestProviderCode, number> = { CITO: 0, DIA: 1, IEP: 2 };

/** The test's own DL: months of education from groep 3 (B 1, M 5, X 7, E 10 into the grade). */
function dlOf(grade: number, yearTime: YearTime): number {
  return (grade - 3) * 10 + { B: 1, M: 5, X: 7, E: 10 }[yearTime];
}

/** The test's own provider priority (CITO, DIA, IEP) and exclusion: the results an aggregate counts. */
export function countedRows(rows: readonly InsertedScore[]): InsertedScore[] {
  const rank = RANK;
  const best = new Map<string, InsertedScore>();
  for (const row of rows) {
    if (row.excluded) continue;
    const key = `${row.pupilId}|${row.subject}|${row.calendarYear}|${row.yearTime}`;
    const current = best.get(key);
    if (!current || rank[row.provider] < rank[current.provider]) best.set(key, row);
  }
  return [...best.values()];
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/**
 * The aggregate the API should give for these (already counted) rows, computed here: reference shares only over
 * results with a reference result; no mean ability across tests (provider or version); lag without "> 60".
 */
export function expectedAggregate(rows: readonly InsertedScore[]) {
  const withReference = rows.filter((row) => row.referenceLevel !== null);
  const norms = rows.map(normOf).filter((value): value is number => value !== undefined);
  const tests = [...new Map(rows.map((row) => [`${row.provider}|${row.version}`, row])).values()]
    .sort((a, b) => RANK[a.provider] - RANK[b.provider] || a.version.localeCompare(b.version))
    .map((row) => ({ provider: row.provider, version: row.version }));
  const oneTest = tests.length <= 1;
  const lags = rows
    .filter((row) => !row.dleAboveScale && row.dle <= DL_MAX)
    .map((row) => dlOf(row.grade, row.yearTime) - row.dle);
  return {
    pupilCount: rows.length,
    meanAbilityScore: oneTest ? mean(rows.map((row) => row.abilityScore)) : null,
    meanPercentile: mean(rows.map((row) => row.percentile)),
    meanLevelValue: mean(rows.map((row) => row.levelValue).filter((value) => value > 0)),
    levels: Object.fromEntries(
      ROMANS.map((roman) => [roman, rows.filter((row) => row.roman === roman).length]),
    ),
    share1F: withReference.length
      ? (100 * withReference.filter((row) => row.referenceLevel !== '<1F').length) / withReference.length
      : null,
    shareTarget: withReference.length
      ? (100 *
          withReference.filter((row) => row.referenceLevel === '1S' || row.referenceLevel === '2F').length) /
        withReference.length
      : null,
    referenceCount: withReference.length,
    referenceGrades: [...new Set(withReference.map((row) => row.grade))].sort((a, b) => a - b),
    nationalAbilityScore: oneTest ? mean(norms) : null,
    tests,
    meanDleLag: mean(lags),
  };
}

type Aggregate = ReturnType<typeof expectedAggregate>;

/** Compares an API aggregate with the expected one (means to one decimal; the API rounds to two). */
export function expectAggregate(
  actual: Record<string, unknown> | undefined,
  expected: Aggregate,
  label = '',
) {
  expect(actual, label).toBeDefined();
  for (const key of Object.keys(expected) as (keyof Aggregate)[]) {
    const want = expected[key];
    const got = actual?.[key];
    if (typeof want === 'number') expect(got, `${label} ${key}`).toBeCloseTo(want, 1);
    else expect(got, `${label} ${key}`).toEqual(want);
  }
}
