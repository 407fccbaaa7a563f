import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  gradeGrowthListSchema,
  subjectTrendsSchema,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createCatalog,
  createNationalScore,
  createNationalTestVersion,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
  type YearClass,
} from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { auditLog } from '../../src/db/schema/index';
import { buildCatalog, nationalTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { normRows } from '../../src/seed/norms';

/*
 * GET /schools/{id}/subject_trends/ and /schools/{id}/year_grades/{grade}/growth/. One cohort followed over three
 * school years (groep 5 in 2023, 6 in 2024, 7 in 2025), a pupil who joins it in 2024, an excluded pupil, a second
 * cohort, a result of a lower-priority provider and one of another test version. Every expected figure is worked
 * out below from the rows inserted.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;
type Roman = (typeof ROMANS)[number];
const romanOf = (percentile: number): Roman =>
  percentile > 80 ? 'I' : percentile > 60 ? 'II' : percentile > 40 ? 'III' : percentile > 20 ? 'IV' : 'V';
const CATALOG_TESTS = buildCatalog().nationalTests;
const versionOf = (provider: TestProviderCode, subject: SubjectCode) =>
  CATALOG_TESTS.find((test) => test.id === nationalTestId(provider, subject))?.version ?? '';
const NORMS = normRows(PROVIDER_IDS, SUBJECT_IDS);
const normOf = (row: Row) =>
  NORMS.find(
    (n) =>
      n.providerId === PROVIDER_IDS[row.provider] &&
      n.subjectId === SUBJECT_IDS[row.subject] &&
      n.grade === row.grade &&
      n.yearTime === row.yearTime,
  )?.abilityScore ?? null;

interface Row {
  pupilId: number;
  yearClassId: number;
  subject: SubjectCode;
  provider: TestProviderCode;
  version: string;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  abilityScore: number;
  percentile: number;
  excluded: boolean;
}

const RANK: Record<TestProviderCode, number> = { CITO: 0, DIA: 1, IEP: 2 };
const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

/** The test's own counting: no excluded pupils, one result per pupil, subject and moment (CITO before DIA). */
function counted(rows: readonly Row[]): Row[] {
  const best = new Map<string, Row>();
  for (const row of rows) {
    if (row.excluded) continue;
    const key = `${row.pupilId}|${row.subject}|${row.calendarYear}|${row.yearTime}`;
    const current = best.get(key);
    if (!current || RANK[row.provider] < RANK[current.provider]) best.set(key, row);
  }
  return [...best.values()];
}

const ORDER: Record<YearTime, number> = { B: 0, M: 1, X: 2, E: 3 };
/** Expected points of a series: per moment, ascending, the count, means and level counts. */
function expectedPoints(rows: readonly Row[]) {
  const moments = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.calendarYear}-${row.yearTime}`;
    moments.set(key, [...(moments.get(key) ?? []), row]);
  }
  return [...moments.values()]
    .sort(
      (a, b) =>
        (a[0]?.calendarYear ?? 0) - (b[0]?.calendarYear ?? 0) ||
        ORDER[a[0]?.yearTime ?? 'B'] - ORDER[b[0]?.yearTime ?? 'B'],
    )
    .map((here) => {
      const tests = new Set(here.map((row) => `${row.provider}|${row.version}`));
      const ability = mean(here.map((row) => row.abilityScore));
      const percentile = mean(here.map((row) => row.percentile));
      return {
        calendarYear: here[0]?.calendarYear,
        yearTime: here[0]?.yearTime,
        pupilCount: here.length,
        meanAbilityScore: tests.size > 1 || ability === null ? null : Math.round(ability * 100) / 100,
        meanPercentile: percentile === null ? null : Math.round(percentile * 100) / 100,
        levels: Object.fromEntries(
          ROMANS.map((level) => [level, here.filter((row) => romanOf(row.percentile) === level).length]),
        ),
      };
    });
}

function groupBy<K>(rows: readonly Row[], key: (row: Row) => K): Map<K, Row[]> {
  const map = new Map<K, Row[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

describe('subject trends and grade growth', () => {
  let t: TestApp;
  const rows: Row[] = [];
  const tokens: Record<string, string> = {};
  let schoolId = 0;
  let otherSchoolId = 0;
  const groups: Record<string, YearClass> = {};
  /** pupil -> group per school year (the memberships inserted). */
  const members: { pupilId: number; yearClassId: number }[] = [];
  let directorId = 0;

  const get = (who: string, url: string) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(url) }));
  const trends = async (who: string, query: string, id = schoolId) => {
    const response = await get(who, `/schools/${id}/subject_trends/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return subjectTrendsSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db);
    schoolId = school.id;
    otherSchoolId = (await createSchool(db)).id;
    const group = async (key: string, grade: number, calendarYear: number) => {
      groups[key] = await createYearClass(db, schoolId, { name: `Groep ${key}`, grade, calendarYear });
    };
    await group('5-2023', 5, 2023);
    await group('6-2024', 6, 2024);
    await group('7-2025', 7, 2025);
    await group('5-2024', 5, 2024);
    await group('6-2025', 6, 2025);
    const g = (key: string) => {
      const found = groups[key];
      if (!found) throw new Error(key);
      return found;
    };
    const newVersion = await createNationalTestVersion(db, {
      provider: 'CITO',
      subject: 'RW',
      version: '9.0',
    });

    let seed = 7;
    const next = (low: number, high: number) => {
      seed = (seed * 48271) % 2147483647;
      return low + (seed % (high - low + 1));
    };
    const addScore = async (
      pupilId: number,
      yearClass: YearClass,
      calendarYear: number,
      yearTime: YearTime,
      excluded: boolean,
      options: { subject?: SubjectCode; provider?: TestProviderCode; otherVersion?: boolean } = {},
    ) => {
      const { subject = 'RW', provider = 'CITO', otherVersion = false } = options;
      const grade = yearClass.grade;
      const abilityScore = 20 + grade * 12 + (yearTime === 'E' ? 5 : 0) + next(0, 15);
      const percentile = next(1, 99);
      const roman = romanOf(percentile);
      await createNationalScore(db, {
        schoolId,
        pupilId,
        yearClassId: yearClass.id,
        subject,
        provider,
        ...(otherVersion ? { nationalTestId: newVersion } : {}),
        calendarYear,
        yearTime,
        grade,
        testDate: `${yearTime === 'M' ? calendarYear + 1 : calendarYear + 1}-${yearTime === 'M' ? '01' : '06'}-15`,
        abilityScore,
        percentile,
        roman,
        levelValue: 5 - ROMANS.indexOf(roman),
      });
      rows.push({
        pupilId,
        yearClassId: yearClass.id,
        subject,
        provider,
        version: otherVersion ? '9.0' : versionOf(provider, subject),
        calendarYear,
        yearTime,
        grade,
        abilityScore,
        percentile,
        excluded,
      });
    };
    const enrol = async (pupilId: number, yearClass: YearClass) => {
      members.push({ pupilId, yearClassId: yearClass.id });
      if (members.filter((m) => m.pupilId === pupilId).length > 1) {
        await db.execute(
          sql`insert into year_class_pupils (school_id, year_class_id, pupil_id, grade)
            values (${schoolId}, ${yearClass.id}, ${pupilId}, ${yearClass.grade})`,
        );
      }
    };

    // Cohort 2019 (groep 5 in 2023): three pupils throughout, one excluded, one who joins in 2024.
    const cohortGroups = [g('5-2023'), g('6-2024'), g('7-2025')];
    for (const index of [0, 1, 2, 3]) {
      const excluded = index === 3;
      const pupil = await createPupil(db, { yearClass: g('5-2023'), citoIsExcluded: excluded });
      await enrol(pupil.id, g('5-2023'));
      for (const [offset, yearClass] of cohortGroups.entries()) {
        if (offset > 0) await enrol(pupil.id, yearClass);
        for (const time of ['M', 'E'] as const) {
          const otherVersion = index === 1 && yearClass === g('7-2025') && time === 'E';
          await addScore(pupil.id, yearClass, 2023 + offset, time, excluded, { otherVersion });
        }
      }
      // A DIA result beside CITO: never counted.
      if (index === 0) await addScore(pupil.id, g('6-2024'), 2024, 'M', false, { provider: 'DIA' });
      // Another subject: never in the RW series.
      if (index === 2) await addScore(pupil.id, g('6-2024'), 2024, 'M', false, { subject: 'SP' });
    }
    const joiner = await createPupil(db, { yearClass: g('6-2024') });
    await enrol(joiner.id, g('6-2024'));
    await enrol(joiner.id, g('7-2025'));
    await addScore(joiner.id, g('6-2024'), 2024, 'E', false);
    await addScore(joiner.id, g('7-2025'), 2025, 'M', false);
    await addScore(joiner.id, g('7-2025'), 2025, 'E', false);
    // Cohort 2020 (groep 5 in 2024, 6 in 2025).
    for (let index = 0; index < 3; index++) {
      const pupil = await createPupil(db, { yearClass: g('5-2024') });
      await enrol(pupil.id, g('5-2024'));
      await enrol(pupil.id, g('6-2025'));
      for (const time of ['M', 'E'] as const) await addScore(pupil.id, g('5-2024'), 2024, time, false);
      await addScore(pupil.id, g('6-2025'), 2025, 'M', false);
    }

    const director = await createUser(db);
    directorId = director.id;
    await addMember(db, schoolId, director.id, { isSchoolSuperuser: true });
    const teacher = await createUser(db);
    await addMember(db, schoolId, teacher.id);
    await permitGroup(db, schoolId, teacher.id, g('6-2024').id);
    await permitGroup(db, schoolId, teacher.id, g('7-2025').id);
    const stranger = await createUser(db);
    await addMember(db, otherSchoolId, stranger.id, { isSchoolSuperuser: true });
    tokens.director = await signIn(t, director);
    tokens.teacher = await signIn(t, teacher);
    tokens.stranger = await signIn(t, stranger);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const rw = () => counted(rows).filter((row) => row.subject === 'RW');
  const checkSeries = (
    series: { points: unknown[] }[],
    keys: (number | null)[],
    expected: Map<number, Row[]>,
    keyOf: (index: number) => number | null,
  ) => {
    expect(keys).toEqual([...expected.keys()].sort((a, b) => a - b));
    series.forEach((entry, index) => {
      const own = expected.get(keyOf(index) ?? -1) ?? [];
      expect(entry.points).toEqual(
        expectedPoints(own).map((point) => expect.objectContaining(point) as unknown),
      );
    });
  };

  it('follows each cohort over the years: a joiner counts from their first result, excluded pupils never', async () => {
    const body = await trends('director', `subject_id=${SUBJECT_IDS.RW}&view=cohort`);
    const expected = groupBy(rw(), (row) => row.calendarYear - row.grade + 1);
    expect([...expected.keys()].sort()).toEqual([2019, 2020]);
    checkSeries(
      body.series,
      body.series.map((s) => s.cohort),
      expected,
      (index) => body.series[index]?.cohort ?? null,
    );
    const cohort2019 = body.series.find((s) => s.cohort === 2019);
    // Three years, M and E each; the 2025-E point mixes two test versions, so it has no mean ability.
    expect(cohort2019?.points.map((p) => `${p.calendarYear}-${p.yearTime}`)).toEqual([
      '2023-M',
      '2023-E',
      '2024-M',
      '2024-E',
      '2025-M',
      '2025-E',
    ]);
    expect(cohort2019?.points.map((p) => p.pupilCount)).toEqual([3, 3, 3, 4, 4, 4]);
    expect(cohort2019?.points.at(-1)?.meanAbilityScore).toBeNull();
    expect(cohort2019?.points.at(-1)?.tests).toHaveLength(2);
  });

  it('gives one series per grade', async () => {
    const body = await trends('director', `subject_id=${SUBJECT_IDS.RW}&view=grade`);
    const expected = groupBy(rw(), (row) => row.grade);
    checkSeries(
      body.series,
      body.series.map((s) => s.grade),
      expected,
      (index) => body.series[index]?.grade ?? null,
    );
  });

  it("follows a school year's groups back through their pupils' earlier results", async () => {
    const body = await trends('director', `subject_id=${SUBJECT_IDS.RW}&view=group&school_year=2025`);
    expect(body.calendarYear).toBe(2025);
    const ids2025 = new Set([groups['7-2025']?.id, groups['6-2025']?.id]);
    const expected = new Map<number, Row[]>();
    for (const member of members.filter((m) => ids2025.has(m.yearClassId))) {
      const own = rw().filter((row) => row.pupilId === member.pupilId && row.calendarYear <= 2025);
      expected.set(member.yearClassId, [...(expected.get(member.yearClassId) ?? []), ...own]);
    }
    expect(body.series.map((s) => s.yearClassName)).toEqual(['Groep 6-2025', 'Groep 7-2025']);
    expect(body.series.map((s) => s.grade)).toEqual([6, 7]);
    body.series.forEach((entry) => {
      expect(entry.points).toEqual(
        expectedPoints(expected.get(entry.yearClassId ?? -1) ?? []).map(
          (point) => expect.objectContaining(point) as unknown,
        ),
      );
    });
    // The 2024 groups' pupils of 2024, not those of 2025.
    const earlier = await trends('director', `subject_id=${SUBJECT_IDS.RW}&view=group&school_year=2024`);
    expect(earlier.series.map((s) => s.yearClassName)).toEqual(['Groep 5-2024', 'Groep 6-2024']);
    expect(earlier.series.flatMap((s) => s.points).every((p) => p.calendarYear <= 2024)).toBe(true);
  });

  it("limits a teacher to their groups' results, and their groups' pupils in the group view", async () => {
    const cohort = await trends('teacher', `subject_id=${SUBJECT_IDS.RW}&view=cohort`);
    const permitted = new Set([groups['6-2024']?.id, groups['7-2025']?.id]);
    const own = rw().filter((row) => permitted.has(row.yearClassId));
    checkSeries(
      cohort.series,
      cohort.series.map((s) => s.cohort),
      groupBy(own, (row) => row.calendarYear - row.grade + 1),
      (index) => cohort.series[index]?.cohort ?? null,
    );
    const group = await trends('teacher', `subject_id=${SUBJECT_IDS.RW}&view=group&school_year=2025`);
    expect(group.series.map((s) => s.yearClassName)).toEqual(['Groep 7-2025']);
    // Their pupils' results of 2023 (another group then) are part of the group's line.
    expect(group.series[0]?.points[0]?.calendarYear).toBe(2023);
  });

  it('refuses another school (404), a missing session (401) and bad input (400, per field)', async () => {
    expect((await get('stranger', `/schools/${schoolId}/subject_trends/?subject_id=1`)).statusCode).toBe(404);
    expect((await get('director', `/schools/${otherSchoolId}/subject_trends/?subject_id=1`)).statusCode).toBe(
      404,
    );
    expect((await get('stranger', `/schools/${schoolId}/year_grades/5/growth/`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/schools/${schoolId}/subject_trends/?subject_id=1`) }))
        .statusCode,
    ).toBe(401);
    const bad = await get('director', `/schools/${schoolId}/subject_trends/?subject_id=x&view=pupil`);
    expect(bad.statusCode).toBe(400);
    const errors: unknown = bad.json<{ errors?: unknown }>().errors;
    expect(errors).toEqual(
      expect.objectContaining({ subject_id: expect.anything(), view: expect.anything() }),
    );
    expect((await get('director', `/schools/${schoolId}/subject_trends/?subject_id=99999`)).statusCode).toBe(
      404,
    );
    expect((await get('director', `/schools/${schoolId}/year_grades/9/growth/`)).statusCode).toBe(400);
  });

  it('gives the growth M to E of each cohort of a grade, of pupils with both results of one test', async () => {
    for (const grade of [5, 6, 7]) {
      const response = await get('director', `/schools/${schoolId}/year_grades/${grade}/growth/`);
      expect(response.statusCode).toBe(200);
      const body = gradeGrowthListSchema.parse(response.json());
      const own = counted(rows).filter((row) => row.grade === grade);
      const expected: unknown[] = [];
      for (const [key, here] of groupBy(own, (row) => `${row.calendarYear}|${row.subject}`)) {
        const pairs = here.flatMap((end) => {
          if (end.yearTime !== 'E') return [];
          const middle = here.find(
            (m) =>
              m.yearTime === 'M' &&
              m.pupilId === end.pupilId &&
              m.provider === end.provider &&
              m.version === end.version,
          );
          return middle ? [{ end, middle }] : [];
        });
        if (pairs.length === 0) continue;
        const [year, subject] = key.split('|') as [string, SubjectCode];
        const growth = mean(pairs.map(({ end, middle }) => end.abilityScore - middle.abilityScore)) ?? 0;
        const norms = pairs.map(({ end, middle }) => (normOf(end) ?? 0) - (normOf(middle) ?? 0));
        expected.push({
          calendarYear: Number(year),
          subjectId: SUBJECT_IDS[subject],
          pupilCount: pairs.length,
          meanGrowth: Math.round(growth * 100) / 100,
          normGrowth: Math.round((mean(norms) ?? 0) * 100) / 100,
        });
      }
      expect(body.growth).toEqual(expected.map((item) => expect.objectContaining(item) as unknown));
    }
    // Groep 7 in 2025: the pupil whose E result is of another version has no pair, the joiner has one.
    const seven = gradeGrowthListSchema.parse(
      (await get('director', `/schools/${schoolId}/year_grades/7/growth/`)).json(),
    );
    expect(seven.growth.map((item) => item.pupilCount)).toEqual([3]);
  });

  it('audits the reads as pupil data', async () => {
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pupil_data.read'), eq(auditLog.actorUserId, directorId)));
    await trends('director', `subject_id=${SUBJECT_IDS.RW}&view=grade`);
    await expect
      .poll(async () => {
        const after = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'pupil_data.read'), eq(auditLog.actorUserId, directorId)));
        return after.filter((entry) => entry.entity.includes('subject_trends')).length;
      })
      .toBeGreaterThan(before.filter((entry) => entry.entity.includes('subject_trends')).length);
  });
});
