import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { readSchoolHistory, yearGradeSchema, type SchoolHistory } from '@leerzicht/contract';
import { nationalTestScores, pupils, testProviders } from '../../src/db/schema/index';
import { createDatabase } from '../../src/db/client';
import { ensureSchoolHistory, readStoredHistory } from '../../src/modules/results/history-store';
import { storedHistoryRows } from '../../src/modules/results/history-store-repository';
import { historyRowsSql } from '../../src/modules/scores/history-repository';
import { PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createNationalScore } from '../helpers/factories';
import { queryRows } from '../helpers/query';
import { databaseUrl } from '../helpers/template-db';
import { buildResultsSchool, type InsertedScore } from '../helpers/results-fixture';
import { countedRows, expectAggregate, expectedAggregate } from '../helpers/results-expected';
import { signIn } from '../helpers/sign-in';

/*
 * The whole-school history and grade pages read stored rows (school_history_rows) that triggers mark stale on
 * every write that can change them. Each case writes, checks the mark, and checks the history against the test's
 * own figures from the rows it holds, and the stored rows against those computed from the results on the spot.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const SUBJECT_BY_ID = new Map(Object.entries(SUBJECT_IDS).map(([code, id]) => [id, code]));

describe('stored rows of the school history', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  let token = '';
  let rows: InsertedScore[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    rows = [...f.rows];
    token = await signIn(t, f.users.superuser);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;

  async function staleSchools(): Promise<number[]> {
    const marks = await queryRows<{ school_id: number }>(
      db(),
      sql`select school_id from school_history_stale order by school_id`,
    );
    return marks.map((mark) => Number(mark.school_id));
  }

  /** The history rows as sorted JSON lines. */
  async function rowLines(query: ReturnType<typeof storedHistoryRows>): Promise<string[]> {
    const found = await queryRows<Record<string, unknown>>(db(), query);
    // The stored tests are JSON text, the live ones jsonb (an array once read).
    const tests = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
    return found
      .map((row) => JSON.stringify(Object.entries({ ...row, tests: tests(row.tests) }).sort()))
      .sort();
  }

  async function expectStoredEqualsLive(schoolId: number) {
    const stored = await rowLines(storedHistoryRows(schoolId));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual(await rowLines(historyRowsSql({ schoolId })));
  }

  async function history(): Promise<SchoolHistory> {
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/school_history/${f.school.id}/`) }),
    );
    expect(response.statusCode).toBe(200);
    return readSchoolHistory(response.json());
  }

  /** Every school aggregate of the history against the test's own figures from `rows`. */
  function expectHistoryOf(body: SchoolHistory) {
    const counted = countedRows(rows);
    const moments = new Set(counted.map((row) => `${row.calendarYear}-${row.yearTime}`));
    expect(new Set(body.exams.map((exam) => exam.key))).toEqual(moments);
    for (const exam of body.exams) {
      for (const result of exam.results) {
        const here = counted.filter(
          (row) =>
            row.calendarYear === exam.calendarYear &&
            row.yearTime === exam.yearTime &&
            row.subject === SUBJECT_BY_ID.get(result.subjectId),
        );
        expectAggregate(result.school, expectedAggregate(here), `${exam.key} ${result.subjectId}`);
      }
    }
  }

  it('fills a stale school on its first read, equal to the sums of its results', async () => {
    expect(await staleSchools()).toEqual([f.school.id, f.other.id].sort((a, b) => a - b));
    expectHistoryOf(await history());
    expect(await staleSchools()).toEqual([f.other.id]);
    await expectStoredEqualsLive(f.school.id);
  });

  it('marks the school stale when a result is added, changed or deleted, and the history shows it', async () => {
    const pupil = f.cohort2[1];
    if (!pupil) throw new Error('fixture without pupil');
    const values = {
      schoolId: f.school.id,
      pupilId: pupil.id,
      yearClassId: f.groups.g7.id,
      subject: 'RW',
      calendarYear: 2025,
      yearTime: 'E',
      grade: 7,
      abilityScore: 123.5,
      percentile: 64,
      roman: 'II',
      levelValue: 4,
      referenceLevel: '1S',
      dle: 40,
      testDate: '2026-06-10',
    } as const;
    const added = await createNationalScore(db(), values);
    const { schoolId: _school, ...inserted } = values;
    rows.push({
      ...inserted,
      id: added.id,
      provider: 'CITO',
      version: rows.find((row) => row.provider === 'CITO' && row.subject === 'RW')?.version ?? '',
      dleAboveScale: false,
      excluded: false,
    });
    expect(await staleSchools()).toContain(f.school.id);
    expectHistoryOf(await history());
    expect(await staleSchools()).not.toContain(f.school.id);

    await db()
      .update(nationalTestScores)
      .set({ percentile: 12, roman: 'V' })
      .where(eq(nationalTestScores.id, added.id));
    rows = rows.map((row) => (row.id === added.id ? { ...row, percentile: 12, roman: 'V' } : row));
    expect(await staleSchools()).toContain(f.school.id);
    expectHistoryOf(await history());

    const first = rows[0];
    if (!first) throw new Error('fixture without rows');
    await db().delete(nationalTestScores).where(eq(nationalTestScores.id, first.id));
    rows = rows.filter((row) => row.id !== first.id);
    expect(await staleSchools()).toContain(f.school.id);
    expectHistoryOf(await history());
    await expectStoredEqualsLive(f.school.id);
  });

  it("marks the school stale when a pupil's exclusion from national tests changes", async () => {
    const pupil = f.cohort1[0];
    if (!pupil) throw new Error('fixture without pupil');
    await db()
      .update(pupils)
      .set({ citoIsExcluded: true })
      .where(and(eq(pupils.id, pupil.id), eq(pupils.schoolId, f.school.id)));
    rows = rows.map((row) => (row.pupilId === pupil.id ? { ...row, excluded: true } : row));
    expect(await staleSchools()).toContain(f.school.id);
    expectHistoryOf(await history());

    // A change of another column leaves the sums alone.
    await db().update(pupils).set({ firstName: 'Johan' }).where(eq(pupils.id, pupil.id));
    expect(await staleSchools()).not.toContain(f.school.id);
  });

  it("marks every school with stored rows stale when a provider's priority or a norm changes", async () => {
    await ensureSchoolHistory(db(), f.other.id);
    expect(await staleSchools()).toEqual([]);
    await db().update(testProviders).set({ priority: 9 }).where(eq(testProviders.id, PROVIDER_IDS.CITO));
    expect(await staleSchools()).toEqual([f.school.id, f.other.id].sort((a, b) => a - b));
    // CITO now counts after DIA and IEP: the test's own priority rule no longer holds, the live sums do.
    await ensureSchoolHistory(db(), f.school.id);
    await expectStoredEqualsLive(f.school.id);
    await db().update(testProviders).set({ priority: 1 }).where(eq(testProviders.id, PROVIDER_IDS.CITO));
    expectHistoryOf(await history());

    await ensureSchoolHistory(db(), f.other.id);
    await db().execute(sql`update national_norms set ability_score = ability_score + 1`);
    expect(await staleSchools()).toEqual([f.school.id, f.other.id].sort((a, b) => a - b));
    const body = await history();
    const norm = body.norms[0];
    if (!norm) throw new Error('no norms in the history');
    const [stored] = await queryRows<{ ability: number }>(
      db(),
      sql`select ability_score::float8 as ability from national_norms where provider_id = ${norm.providerId}
        and subject_id = ${norm.subjectId} and grade = ${norm.grade} and year_time = ${norm.yearTime}`,
    );
    expect(norm.abilityScore).toBe(stored?.ability);
    await expectStoredEqualsLive(f.school.id);
    await db().execute(sql`update national_norms set ability_score = ability_score - 1`);
    expectHistoryOf(await history());
  });

  it("answers a grade page from the stored rows with the grade's own figures", async () => {
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/schools/${f.school.id}/year_grades/6/`) }),
    );
    expect(response.statusCode).toBe(200);
    const body = yearGradeSchema.parse(response.json());
    const counted = countedRows(rows).filter((row) => row.grade === 6);
    const keys = new Set(
      counted.map((row) => `${row.calendarYear}|${row.yearTime}|${SUBJECT_IDS[row.subject]}`),
    );
    const answered = body.cohorts.flatMap((cohort) => cohort.results.map((result) => ({ cohort, result })));
    expect(
      new Set(
        answered.map(({ cohort, result }) => `${cohort.calendarYear}|${result.yearTime}|${result.subjectId}`),
      ),
    ).toEqual(keys);
    for (const { cohort, result } of answered) {
      const here = counted.filter(
        (row) =>
          row.calendarYear === cohort.calendarYear &&
          row.yearTime === result.yearTime &&
          SUBJECT_IDS[row.subject] === result.subjectId,
      );
      expectAggregate(result, expectedAggregate(here), `grade 6 ${cohort.calendarYear}-${result.yearTime}`);
    }
    expect(body.norms.every((norm) => norm.grade === 6)).toBe(true);
    expect(body.norms.length).toBeGreaterThan(0);
  });

  it('keeps the parsed rows of an unchanged school, and reads them again after a write', async () => {
    const first = await readStoredHistory(db(), f.school.id);
    expect(await readStoredHistory(db(), f.school.id)).toBe(first);
    const pupil = f.cohort2[2];
    if (!pupil) throw new Error('fixture without pupil');
    await createNationalScore(db(), {
      schoolId: f.school.id,
      pupilId: pupil.id,
      yearClassId: f.groups.g7.id,
      subject: 'TBL',
      calendarYear: 2025,
      yearTime: 'E',
      grade: 7,
      abilityScore: 140,
      percentile: 55,
    });
    const after = await readStoredHistory(db(), f.school.id);
    expect(after).not.toBe(first);
    const reading = after.aggregates.filter((row) => row.level === 0 && row.subject_id === SUBJECT_IDS.TBL);
    expect(reading.map((row) => [row.calendar_year, row.year_time, row.pupil_count])).toEqual([
      [2025, 'E', 1],
    ]);
    await db().delete(nationalTestScores).where(eq(nationalTestScores.subjectId, SUBJECT_IDS.TBL));
  });

  it('lets a school be deleted with its results and its marks', async () => {
    await db().execute(sql`delete from schools where id = ${f.other.id}`);
    expect(await staleSchools()).not.toContain(f.other.id);
    const left = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from school_history_rows where school_id = ${f.other.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});

// Two connections are needed to interleave a writer and a recompute: PostgreSQL only (the CI's second stage).
describe.runIf(process.env.DATABASE_URL)('stored history rows under a concurrent write', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('shows a second process the change another one recomputed', async () => {
    const db = t.database.db;
    const [named] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
    const other = createDatabase({
      url: databaseUrl(process.env.DATABASE_URL ?? '', named?.name ?? ''),
      poolMax: 2,
    });
    try {
      const countOf = (rows: Awaited<ReturnType<typeof readStoredHistory>>) =>
        rows.aggregates
          .filter((row) => row.level === 0 && row.subject_id === SUBJECT_IDS.DMT)
          .reduce((sum, row) => sum + row.pupil_count, 0);
      expect(countOf(await readStoredHistory(other.db, f.school.id))).toBe(0);
      const pupil = f.cohort1[1];
      if (!pupil) throw new Error('fixture without pupil');
      await createNationalScore(db, {
        schoolId: f.school.id,
        pupilId: pupil.id,
        yearClassId: f.groups.g6.id,
        subject: 'DMT',
        calendarYear: 2025,
        yearTime: 'M',
        grade: 6,
        abilityScore: 30,
        percentile: 40,
      });
      expect(countOf(await readStoredHistory(db, f.school.id))).toBe(1);
      // The other process's cached rows are of the older version: it reads the new ones.
      expect(countOf(await readStoredHistory(other.db, f.school.id))).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('includes a result committed while the recompute waited for it', async () => {
    const db = t.database.db;
    await ensureSchoolHistory(db, f.school.id);
    // A committed mark, as an earlier write leaves it.
    await db.execute(sql`update national_test_scores set percentile = percentile where school_id = ${f.school.id}
      and id = (select min(id) from national_test_scores where school_id = ${f.school.id})`);
    const pupil = f.cohort2[0];
    if (!pupil) throw new Error('fixture without pupil');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = 0;
    // The writer adds a result (its trigger locks the mark) and holds its transaction open.
    const writer = db.transaction(async (tx) => {
      const score = await createNationalScore(tx, {
        schoolId: f.school.id,
        pupilId: pupil.id,
        yearClassId: f.groups.g7.id,
        subject: 'WST',
        calendarYear: 2025,
        yearTime: 'E',
        grade: 7,
        abilityScore: 150,
        percentile: 77,
      });
      inserted = score.id;
      await held;
    });
    while (inserted === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const recompute = ensureSchoolHistory(db, f.school.id);
    // Until the recompute waits on the writer's lock.
    for (let tries = 0; tries < 500; tries++) {
      const waiting = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
          and wait_event_type = 'Lock'`,
      );
      if ((waiting[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await writer;
    await recompute;

    const stored = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(pupil_count), 0)::int as n from school_history_rows
        where school_id = ${f.school.id} and subject_id = ${SUBJECT_IDS.WST} and level = 0`,
    );
    expect(stored[0]?.n).toBe(1);
  });
});
