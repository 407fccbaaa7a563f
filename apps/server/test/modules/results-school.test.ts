import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schoolOutflowSchema, schoolPupilsSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildResultsSchool } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { pinnedPupils, schoolAmbitions, schoolOutflow } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('school pupils, outflow and ambitions', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  let ambitionId: number;
  let otherAmbitionId: number;
  const tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who] ?? '', { method, url: api(url), payload }));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildResultsSchool(db);
    const [ambition] = await db
      .insert(schoolAmbitions)
      .values({ schoolId: f.school.id, subjectId: SUBJECT_IDS.RW, lowScore: 40, highScore: 60 })
      .returning();
    const [otherAmbition] = await db
      .insert(schoolAmbitions)
      .values({ schoolId: f.other.id, subjectId: SUBJECT_IDS.RW, lowScore: 10, highScore: 20 })
      .returning();
    ambitionId = ambition?.id ?? 0;
    otherAmbitionId = otherAmbition?.id ?? 0;
    await db.insert(schoolOutflow).values([
      { schoolId: f.school.id, calendarYear: 2024, advice: 'VWO', count: 4 },
      { schoolId: f.school.id, calendarYear: 2024, advice: 'HAVO', count: 6 },
      { schoolId: f.school.id, calendarYear: 2023, advice: 'VMBO-KB', count: 3 },
      { schoolId: f.other.id, calendarYear: 2024, advice: 'VWO', count: 99 },
    ]);
    const pinned = f.cohort1[2];
    if (pinned)
      await db
        .insert(pinnedPupils)
        .values({ schoolId: f.school.id, userId: f.users.superuser.id, pupilId: pinned.id });
    for (const [who, user] of Object.entries(f.users)) {
      tokens[who] = await signIn(t, user);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists the pupils of a school year by the particle rule with flags, grade and pins', async () => {
    const response = await call('superuser', 'GET', `/school_pupils/${f.school.id}/?school_year=2025`);
    expect(response.statusCode).toBe(200);
    const body = schoolPupilsSchema.parse(response.json());
    expect(body.calendarYear).toBe(2025);
    expect(body.yearClasses.map((g) => g.yearclassId)).toEqual([f.groups.g6.id, f.groups.g7.id]);
    expect(body.pupils.map((p) => p.lastName)).toEqual([
      'Bakker',
      'Berg',
      'Boer',
      'Dijk',
      'Jansen',
      'Uitgesloten',
      'Visser',
      'Wit',
      'Zwart',
    ]);
    const excluded = body.pupils.find((p) => p.lastName === 'Uitgesloten');
    expect(excluded).toMatchObject({ citoIsExcluded: true, grade: 6, yearclassId: f.groups.g6.id });
    expect(body.pupils.filter((p) => p.isPinned).map((p) => p.lastName)).toEqual(['Zwart']);
    const older = schoolPupilsSchema.parse(
      (await call('superuser', 'GET', `/school_pupils/${f.school.id}/?school_year=2024`)).json(),
    );
    expect(older.pupils.find((p) => p.lastName === 'Jansen')?.grade).toBe(6);
  });

  it("limits a teacher's list to their groups; pins are the user's own", async () => {
    const body = schoolPupilsSchema.parse(
      (await call('teacher', 'GET', `/school_pupils/${f.school.id}/?school_year=2025`)).json(),
    );
    expect(new Set(body.pupils.map((p) => p.yearclassId))).toEqual(new Set([f.groups.g6.id]));
    expect(body.pupils.some((p) => p.isPinned)).toBe(false);
  });

  it('sums the outflow per year', async () => {
    const body = schoolOutflowSchema.parse(
      (await call('teacher', 'GET', `/school-outflow/${f.school.id}/`)).json(),
    );
    expect(body.years).toEqual([
      { calendarYear: 2023, total: 3, advices: [{ advice: 'VMBO-KB', count: 3 }] },
      {
        calendarYear: 2024,
        total: 10,
        advices: [
          { advice: 'HAVO', count: 6 },
          { advice: 'VWO', count: 4 },
        ],
      },
    ]);
  });

  it('refuses another school (404) and no session (401) on every list', async () => {
    for (const url of [`/school_pupils/${f.school.id}/`, `/school-outflow/${f.school.id}/`]) {
      expect((await call('outsider', 'GET', url)).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: api(url) })).statusCode, url).toBe(401);
    }
  });

  const ambition = async () => {
    const [row] = await t.database.db
      .select()
      .from(schoolAmbitions)
      .where(eq(schoolAmbitions.id, ambitionId));
    return [row?.lowScore, row?.highScore];
  };

  it('lets a superuser change an ambition', async () => {
    const response = await call('superuser', 'PATCH', `/school_ambitions/${ambitionId}/`, {
      id: ambitionId,
      lowScore: 35,
      highScore: 70.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: ambitionId,
      subjectId: SUBJECT_IDS.RW,
      lowScore: 35,
      highScore: 70.5,
    });
    expect(await ambition()).toEqual([35, 70.5]);
  });

  it('rejects bad ambitions per field and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ id: ambitionId, lowScore: 80, highScore: 20 }, 'lowScore'],
      [{ id: ambitionId, lowScore: -1, highScore: 20 }, 'lowScore'],
      [{ id: ambitionId, lowScore: 10, highScore: 101 }, 'highScore'],
      [{ id: ambitionId, lowScore: 10 }, 'highScore'],
      [{ id: ambitionId + 1000, lowScore: 10, highScore: 20 }, 'id'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('superuser', 'PATCH', `/school_ambitions/${ambitionId}/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors as object), JSON.stringify(payload)).toContain(field);
    }
    expect(await ambition()).toEqual([35, 70.5]);
  });

  it('refuses other roles (403), other schools (404) and no session (401)', async () => {
    const payload = { id: ambitionId, lowScore: 1, highScore: 2 };
    expect((await call('teacher', 'PATCH', `/school_ambitions/${ambitionId}/`, payload)).statusCode).toBe(
      403,
    );
    expect((await call('senco', 'PATCH', `/school_ambitions/${ambitionId}/`, payload)).statusCode).toBe(403);
    expect((await call('outsider', 'PATCH', `/school_ambitions/${ambitionId}/`, payload)).statusCode).toBe(
      404,
    );
    const foreign = { id: otherAmbitionId, lowScore: 1, highScore: 2 };
    expect(
      (await call('superuser', 'PATCH', `/school_ambitions/${otherAmbitionId}/`, foreign)).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: api(`/school_ambitions/${ambitionId}/`),
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ambition()).toEqual([35, 70.5]);
  });
});
