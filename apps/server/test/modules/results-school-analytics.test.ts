import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  schoolAnalyticsSchema,
  type SchoolAnalytics,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createYearClass,
} from '../helpers/factories';
import { addResultRoles } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { auditLog, schoolAmbitions } from '../../src/db/schema/index';
import { LOVS_VERSION, lovsTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { normRows } from '../../src/seed/norms';

/*
 * A small school with known results of one cohort (groep 5 in 2024, groep 6 in 2025) and one pupil of groep 4
 * over LOVS (2023-E) and Leerling in beeld moments. Every expected figure below is computed here from `rows`, the
 * results inserted: the counted result per pupil and moment (CITO before DIA before IEP), excluded pupils out,
 * growth between M and E of a year and E and M of the next within one provider and test version, and the norm's
 * growth from the norm rows the catalogue inserted.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const PRIORITY: Record<TestProviderCode, number> = { CITO: 1, DIA: 2, IEP: 3 };
const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;
const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
const NORMS = normRows(PROVIDER_IDS, SUBJECT_IDS);

interface Row {
  pupil: string;
  yearClassId: number;
  subject: SubjectCode;
  provider: TestProviderCode;
  version: string;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  abilityScore: number | null;
  percentile: number | null;
  excluded: boolean;
  lovs: boolean;
}

const romanOf = (p: number) => ROMANS[p > 80 ? 0 : p > 60 ? 1 : p > 40 ? 2 : p > 20 ? 3 : 4];
const letterOf = (p: number) => LETTERS[p > 75 ? 0 : p > 50 ? 1 : p > 25 ? 2 : p > 10 ? 3 : 4];
const timeRank = (time: YearTime) => ['B', 'M', 'X', 'E'].indexOf(time);
const norm = (provider: TestProviderCode, subject: SubjectCode, grade: number, yearTime: YearTime) =>
  NORMS.find(
    (n) =>
      n.providerId === PROVIDER_IDS[provider] &&
      n.subjectId === SUBJECT_IDS[subject] &&
      n.grade === grade &&
      n.yearTime === yearTime,
  )?.abilityScore ?? null;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The counted rows of a subject: per pupil and moment the result of the highest-priority provider. */
function counted(rows: Row[], subject: SubjectCode): Row[] {
  const best = new Map<string, Row>();
  for (const row of rows) {
    if (row.subject !== subject) continue;
    const key = `${row.pupil}|${row.calendarYear}|${row.yearTime}`;
    const current = best.get(key);
    if (!current || PRIORITY[row.provider] < PRIORITY[current.provider]) best.set(key, row);
  }
  return [...best.values()].filter((row) => !row.excluded);
}

function expectedMoments(rows: Row[], subject: SubjectCode, band: [number, number] | null) {
  const here = counted(rows, subject);
  const moments = [...new Set(here.map((row) => `${row.calendarYear}-${row.yearTime}`))]
    .map((key) => {
      const [year, time] = key.split('-');
      return { calendarYear: Number(year), yearTime: time as YearTime };
    })
    .sort((a, b) => a.calendarYear - b.calendarYear || timeRank(a.yearTime) - timeRank(b.yearTime));
  return moments.map((moment) => {
    const at = here.filter(
      (row) => row.calendarYear === moment.calendarYear && row.yearTime === moment.yearTime,
    );
    const withPercentile = at.flatMap((row) => (row.percentile === null ? [] : [row.percentile]));
    return {
      ...moment,
      key: `${moment.calendarYear}-${moment.yearTime}`,
      pupilCount: at.length,
      levels: Object.fromEntries(
        ROMANS.map((level) => [
          level,
          at.filter((row) => !row.lovs && row.percentile !== null && romanOf(row.percentile) === level)
            .length,
        ]),
      ),
      letters: Object.fromEntries(
        LETTERS.map((letter) => [
          letter,
          at.filter((row) => row.lovs && row.percentile !== null && letterOf(row.percentile) === letter)
            .length,
        ]),
      ),
      percentileCount: withPercentile.length,
      atOrAboveLow: band ? withPercentile.filter((p) => p >= band[0]).length : null,
      atOrAboveHigh: band ? withPercentile.filter((p) => p >= band[1]).length : null,
    };
  });
}

function expectedGrowth(rows: Row[], subject: SubjectCode) {
  const here = counted(rows, subject).filter(
    (row) => row.abilityScore !== null && (row.yearTime === 'M' || row.yearTime === 'E'),
  );
  const groups = new Map<string, { growth: number[]; national: number[]; sample: Row; from: Row }>();
  for (const to of here) {
    const from = here.find(
      (row) =>
        row.pupil === to.pupil &&
        row.provider === to.provider &&
        row.version === to.version &&
        (to.yearTime === 'E'
          ? row.yearTime === 'M' && row.calendarYear === to.calendarYear
          : row.yearTime === 'E' && row.calendarYear === to.calendarYear - 1),
    );
    if (!from || from.abilityScore === null || to.abilityScore === null) continue;
    const key = `${from.calendarYear}-${from.yearTime}|${to.provider}|${to.version}`;
    const group = groups.get(key) ?? { growth: [], national: [], sample: to, from };
    group.growth.push(to.abilityScore - from.abilityScore);
    const before = norm(from.provider, subject, from.grade, from.yearTime);
    const after = norm(to.provider, subject, to.grade, to.yearTime);
    if (before !== null && after !== null) group.national.push(after - before);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        a.from.calendarYear - b.from.calendarYear ||
        timeRank(a.from.yearTime) - timeRank(b.from.yearTime) ||
        PRIORITY[a.sample.provider] - PRIORITY[b.sample.provider],
    )
    .map((group) => ({
      from: { calendarYear: group.from.calendarYear, yearTime: group.from.yearTime },
      to: { calendarYear: group.sample.calendarYear, yearTime: group.sample.yearTime },
      provider: group.sample.provider,
      version: group.sample.version,
      pupilCount: group.growth.length,
      meanGrowth: mean(group.growth),
      nationalGrowth: group.national.length ? mean(group.national) : null,
      nationalCount: group.national.length,
    }));
}

function checkGrowth(actual: SchoolAnalytics['growth'], expected: ReturnType<typeof expectedGrowth>) {
  expect(actual.map(({ meanGrowth: _m, nationalGrowth: _n, ...rest }) => rest)).toEqual(
    expected.map(({ meanGrowth: _m, nationalGrowth: _n, ...rest }) => rest),
  );
  actual.forEach((row, index) => {
    const want = expected[index];
    if (!want) throw new Error('missing expected growth');
    expect(Math.abs(row.meanGrowth - want.meanGrowth)).toBeLessThanOrEqual(0.005);
    if (want.nationalGrowth === null) expect(row.nationalGrowth).toBeNull();
    else expect(Math.abs((row.nationalGrowth ?? Infinity) - want.nationalGrowth)).toBeLessThanOrEqual(0.005);
  });
}

describe('GET /schools/{id}/analytics/?subject_id=', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const rows: Row[] = [];
  let schoolId = 0;
  let otherId = 0;
  let permitted: number[] = [];
  const ambition: [number, number] = [40, 70];

  const get = (who: string, query: string, id = schoolId) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(`/schools/${id}/analytics/${query}`) }));
  const read = async (who: string, subject: SubjectCode) => {
    const response = await get(who, `?subject_id=${SUBJECT_IDS[subject]}`);
    expect(response.statusCode).toBe(200);
    return schoolAnalyticsSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db, { name: 'Analyseschool' });
    const other = await createSchool(db, { name: 'Andere school' });
    schoolId = school.id;
    otherId = other.id;
    const g4old = await createYearClass(db, school.id, { name: 'Groep 4', grade: 4, calendarYear: 2023 });
    const g5 = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2024 });
    const g6 = await createYearClass(db, school.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });
    const g4 = await createYearClass(db, school.id, { name: 'Groep 4', grade: 4, calendarYear: 2024 });
    const otherGroup = await createYearClass(db, other.id, { name: 'Groep 5', grade: 5, calendarYear: 2024 });
    permitted = [g5.id, g6.id];

    const pupils = new Map<string, { id: number; excluded: boolean }>();
    for (const [name, excluded, group, grade] of [
      ['Ada', false, g5, 5],
      ['Bram', false, g5, 5],
      ['Cor', false, g5, 5],
      ['Dirk', false, g5, 5],
      ['Eva', false, g5, 5],
      ['Fenna', true, g5, 5],
      ['Gijs', false, g4, 4],
      ['Hanna', false, g5, 5],
    ] as const) {
      const pupil = await createPupil(
        db,
        school.id,
        { firstName: name, lastName: 'Test', citoIsExcluded: excluded },
        { yearClassId: group.id, grade },
      );
      pupils.set(name, { id: pupil.id, excluded });
    }
    const outsider = await createPupil(
      db,
      other.id,
      { firstName: 'Ander', lastName: 'Kind' },
      { yearClassId: otherGroup.id, grade: 5 },
    );

    const add = async (
      pupil: string,
      subject: SubjectCode,
      calendarYear: number,
      yearTime: YearTime,
      abilityScore: number | null,
      percentile: number | null,
      provider: TestProviderCode = 'CITO',
      lovs = false,
    ) => {
      const found = pupils.get(pupil);
      if (!found) throw new Error(pupil);
      const isGijs = pupil === 'Gijs';
      const grade = isGijs ? 4 : calendarYear === 2023 ? 4 : calendarYear === 2024 ? 5 : 6;
      const yearClassId = isGijs
        ? g4.id
        : calendarYear === 2023
          ? g4old.id
          : calendarYear === 2024
            ? g5.id
            : g6.id;
      const testDate = `${calendarYear + 1}-${yearTime === 'M' ? '01-25' : '06-10'}`;
      await createNationalScore(db, {
        schoolId: school.id,
        pupilId: found.id,
        yearClassId,
        subject,
        provider,
        nationalTestId: lovs ? lovsTestId(subject) : undefined,
        calendarYear,
        yearTime,
        grade,
        testDate,
        abilityScore,
        percentile,
        roman: lovs || percentile === null ? null : romanOf(percentile),
        alphabetical: lovs && percentile !== null ? letterOf(percentile) : null,
      });
      rows.push({
        pupil,
        yearClassId,
        subject,
        provider,
        version: lovs ? LOVS_VERSION : provider === 'CITO' ? '3.0' : '2024',
        calendarYear,
        yearTime,
        grade,
        abilityScore,
        percentile,
        excluded: found.excluded,
        lovs,
      });
    };
    // LOVS at the end of groep 4 (2023-E): A-E levels, another test version (no growth into 2024-M).
    await add('Ada', 'RW', 2023, 'E', 60.5, 80, 'CITO', true);
    await add('Bram', 'RW', 2023, 'E', 55, 55, 'CITO', true);
    await add('Cor', 'RW', 2023, 'E', 40, 12, 'CITO', true);
    await add('Dirk', 'RW', 2023, 'E', 48, 30, 'CITO', true);
    // Groep 5, 2024-M and 2024-E; groep 6, 2025-M.
    const scores: [string, number, number, number, number, number, number][] = [
      // pupil, M ability, M pct, E ability, E pct, next M ability, next M pct
      ['Ada', 70, 85, 78.5, 88, 84, 90],
      ['Bram', 62, 65, 66, 62, 73.5, 70],
      ['Cor', 50, 15, 58, 25, 61, 35],
      ['Eva', 66, 45, 69, 40, 77, 55],
    ];
    for (const [pupil, mA, mP, eA, eP, nA, nP] of scores) {
      await add(pupil, 'RW', 2024, 'M', mA, mP);
      await add(pupil, 'RW', 2024, 'E', eA, eP);
      await add(pupil, 'RW', 2025, 'M', nA, nP);
    }
    // Dirk: CITO at M, DIA only at E (no pair: providers differ), CITO and DIA at 2025-M (CITO counts).
    await add('Dirk', 'RW', 2024, 'M', 59, 50);
    await add('Dirk', 'RW', 2024, 'E', 140, 52, 'DIA');
    await add('Dirk', 'RW', 2025, 'M', 66, 58);
    await add('Dirk', 'RW', 2025, 'M', 150, 20, 'DIA');
    // Hanna missed 2024-E: from 2024-M to 2025-M is no half-year.
    await add('Hanna', 'RW', 2024, 'M', 64, 47);
    await add('Hanna', 'RW', 2025, 'M', 75, 52);
    // Fenna is excluded from national tests: in no figure.
    await add('Fenna', 'RW', 2024, 'M', 10, 1);
    await add('Fenna', 'RW', 2024, 'E', 90, 99);
    // Gijs (groep 4 in 2024, not a teacher's group): one pair, and a result without percentile or ability.
    await add('Gijs', 'RW', 2024, 'M', 45, 75);
    await add('Gijs', 'RW', 2024, 'E', 52.5, 60);
    await add('Gijs', 'SP', 2024, 'M', null, null);
    await add('Ada', 'SP', 2024, 'M', 80, 92);
    await add('Bram', 'SP', 2024, 'M', 70, 40);
    // Another school's result never counts.
    await createNationalScore(db, {
      schoolId: other.id,
      pupilId: outsider.id,
      yearClassId: otherGroup.id,
      subject: 'RW',
      calendarYear: 2024,
      yearTime: 'M',
      grade: 5,
      abilityScore: 1,
      percentile: 1,
    });
    await db.insert(schoolAmbitions).values({
      schoolId: school.id,
      subjectId: SUBJECT_IDS.RW,
      lowScore: ambition[0],
      highScore: ambition[1],
    });
    await db.insert(schoolAmbitions).values({
      schoolId: other.id,
      subjectId: SUBJECT_IDS.SP,
      lowScore: 10,
      highScore: 20,
    });

    const { outsider: stranger, ...members } = await addResultRoles(db, school.id, other.id, [g5.id, g6.id]);
    for (const [who, user] of Object.entries({ ...members, stranger })) tokens[who] = await signIn(t, user);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('gives per moment the level distribution (I-V, A-E for LOVS) and the shares at or above the ambition', async () => {
    const body = await read('superuser', 'RW');
    expect(body.schoolId).toBe(schoolId);
    expect(body.subjectId).toBe(SUBJECT_IDS.RW);
    expect(body.ambition).toEqual({ lowScore: ambition[0], highScore: ambition[1] });
    expect(body.moments).toEqual(expectedMoments(rows, 'RW', ambition));
    // The fixture does what it says: LOVS letters only at 2023-E, Fenna nowhere, Dirk's DIA result counts at 2024-E.
    expect(body.moments.map((moment) => moment.key)).toEqual(['2023-E', '2024-M', '2024-E', '2025-M']);
    expect(body.moments[0]?.letters).toEqual({ A: 1, B: 1, C: 1, D: 1, E: 0 });
    expect(body.moments[2]?.pupilCount).toBe(6);
  });

  it('gives the growth per half-year of the same pupils within one test, beside the norm', async () => {
    const body = await read('superuser', 'RW');
    const expected = expectedGrowth(rows, 'RW');
    checkGrowth(body.growth, expected);
    // 2024 M->E: Ada, Bram, Cor, Eva and Gijs (Dirk changed provider); 2024-E -> 2025-M: the four without Dirk.
    expect(body.growth.map((row) => [row.from.yearTime, row.to.yearTime, row.pupilCount])).toEqual([
      ['M', 'E', 5],
      ['E', 'M', 4],
    ]);
  });

  it('has no ambition figures for a subject without ambition, and counts results without a percentile', async () => {
    const body = await read('senco', 'SP');
    expect(body.ambition).toBeNull();
    expect(body.moments).toEqual(expectedMoments(rows, 'SP', null));
    expect(body.moments[0]).toMatchObject({ pupilCount: 3, percentileCount: 2, atOrAboveLow: null });
    expect(body.growth).toEqual([]);
  });

  it("limits a teacher's figures to their permitted groups at the time of the test", async () => {
    const body = await read('teacher', 'RW');
    const own = rows.filter((row) => permitted.includes(row.yearClassId));
    expect(body.moments).toEqual(expectedMoments(own, 'RW', ambition));
    checkGrowth(body.growth, expectedGrowth(own, 'RW'));
    expect(body.moments.map((moment) => moment.key)).toEqual(['2024-M', '2024-E', '2025-M']);
  });

  it('refuses bad input with a message per field', async () => {
    for (const query of ['', '?subject_id=abc', '?subject_id=0', `?subject_id=${999}`]) {
      const response = await get('superuser', query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors), query).toEqual([
        'subject_id',
      ]);
    }
  });

  it('answers 404 for another school and 401 without a session', async () => {
    const query = `?subject_id=${SUBJECT_IDS.RW}`;
    expect((await get('stranger', query)).statusCode).toBe(404);
    expect((await get('superuser', query, otherId)).statusCode).toBe(404);
    expect((await get('superuser', query, 999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/schools/${schoolId}/analytics/${query}`),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('audits the read as pupil data of the school', async () => {
    const entries = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pupil_data.read'), eq(auditLog.schoolId, schoolId)));
    const before = (await entries()).filter((e) => e.entity.includes('/analytics/')).length;
    await read('superuser', 'RW');
    await expect
      .poll(async () => (await entries()).filter((e) => e.entity.includes('/analytics/')).length)
      .toBe(before + 1);
  });
});
