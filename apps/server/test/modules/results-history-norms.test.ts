import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchoolHistory, type NationalNorm } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildResultsSchool, type InsertedScore } from '../helpers/results-fixture';
import { countedRows } from '../helpers/results-expected';
import { signIn } from '../helpers/sign-in';
import { PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { normRows } from '../../src/seed/norms';

const NOW = new Date('2026-03-01T10:00:00Z');
const NORMS = normRows(PROVIDER_IDS, SUBJECT_IDS);

/**
 * The norms the history should carry: one per provider, subject, grade and moment of any inserted result in scope,
 * counted or not (a lower-priority provider's result, an excluded pupil's), as the catalogue factory inserted them
 * (real columns: read back as their float4 value).
 */
function expectedNorms(rows: readonly InsertedScore[]): NationalNorm[] {
  const keys = new Set(
    rows.map(
      (row) => `${PROVIDER_IDS[row.provider]}|${SUBJECT_IDS[row.subject]}|${row.grade}|${row.yearTime}`,
    ),
  );
  return NORMS.filter((norm) =>
    keys.has(`${norm.providerId}|${norm.subjectId}|${norm.grade}|${norm.yearTime}`),
  )
    .map((norm) => ({
      providerId: norm.providerId,
      subjectId: norm.subjectId,
      grade: norm.grade,
      yearTime: norm.yearTime,
      abilityScore: Math.fround(norm.abilityScore),
      abilitySd: Math.fround(norm.abilitySd),
    }))
    .sort(byKey);
}

function byKey(a: NationalNorm, b: NationalNorm): number {
  return (
    a.providerId - b.providerId ||
    a.subjectId - b.subjectId ||
    a.grade - b.grade ||
    a.yearTime.localeCompare(b.yearTime)
  );
}

describe('GET /school_history/{id}/ norms', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};

  const norms = async (who: string) => {
    const response = await t.app.inject(
      authed(tokens[who] ?? '', { method: 'GET', url: api(`/school_history/${f.school.id}/`) }),
    );
    expect(response.statusCode).toBe(200);
    return [...readSchoolHistory(response.json()).norms].sort(byKey);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    for (const [who, user] of Object.entries(f.users)) tokens[who] = await signIn(t, user);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('carries the norm of every result in scope, also of results that do not count', async () => {
    const expected = expectedNorms(f.rows);
    expect(await norms('superuser')).toEqual(expected);
    // Some of these norms belong only to results that count nowhere (Mila's IEP spelling, where her DIA result
    // counts; an excluded pupil's): a history of counted results alone would miss them.
    const counted = expectedNorms(countedRows(f.rows));
    const uncountedOnly = expected.filter((norm) => !counted.some((other) => byKey(norm, other) === 0));
    expect(uncountedOnly.length).toBeGreaterThan(0);
    expect(uncountedOnly).toContainEqual(expect.objectContaining({ providerId: PROVIDER_IDS.IEP }));
  });

  it("limits a teacher's norms to the results of their permitted groups", async () => {
    const permitted = [f.groups.g5.id, f.groups.g6.id];
    expect(await norms('teacher')).toEqual(
      expectedNorms(f.rows.filter((row) => permitted.includes(row.yearClassId))),
    );
  });
});
