import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pinSchema, pupilDetailSchema, pupilOutflowAdviceSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildResultsSchool } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { pinnedPupils, pupilOutflowAdvice, yearClassPupils } from '../../src/db/schema/index';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('pupil detail, outflow advice and pins', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who] ?? '', { method, url: api(url), payload }));
  const pupil = (index: number) => {
    const found = f.cohort1[index];
    if (!found) throw new Error('fixture');
    return found;
  };
  const mila = () => {
    const found = f.cohort2[0];
    if (!found) throw new Error('fixture');
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    for (const [who, user] of Object.entries(f.users)) {
      tokens[who] = await signIn(t, user);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("gives the pupil's results across years and providers with enrolments", async () => {
    const response = await call('superuser', 'GET', `/pupils/${mila().id}/?school_id=${f.school.id}`);
    expect(response.statusCode).toBe(200);
    const body = pupilDetailSchema.parse(response.json());
    const own = f.rows.filter((row) => row.pupilId === mila().id);
    expect(body.scores.map((s) => s.id).sort((a, b) => a - b)).toEqual(
      own.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(new Set(body.scores.map((s) => s.provider))).toEqual(new Set(['CITO', 'DIA', 'IEP']));
    const inserted = own[0];
    const shown = body.scores.find((s) => s.id === inserted?.id);
    expect(shown).toMatchObject({
      abilityScore: inserted?.abilityScore,
      percentile: inserted?.percentile,
      roman: inserted?.roman,
      levelValue: inserted?.levelValue,
      referenceLevel: inserted?.referenceLevel,
      grade: inserted?.grade,
      testDate: inserted?.testDate,
    });
    // Where DIA and IEP both have a result, DIA counts.
    const spelling2025 = body.scores.filter(
      (s) => s.calendarYear === 2025 && s.yearTime === 'M' && s.provider !== 'CITO',
    );
    expect(spelling2025.map((s) => [s.provider, s.isCounted]).sort()).toEqual([
      ['DIA', true],
      ['IEP', false],
    ]);
    expect(body.enrolments.map((e) => [e.calendarYear, e.yearClassName, e.grade])).toEqual([
      [2024, 'Groep 6', 6],
      [2025, 'Groep 7', 7],
    ]);
    expect(body.current?.yearClassId).toBe(f.groups.g7.id);
    expect(body.outflowAdvice.outflowAdvice).toBeNull();
  });

  it('shows a teacher only pupils of their permitted groups (404 otherwise) and refuses other schools', async () => {
    expect(
      (await call('teacher', 'GET', `/pupils/${pupil(0).id}/?school_id=${f.school.id}`)).statusCode,
    ).toBe(200);
    expect((await call('teacher', 'GET', `/pupils/${mila().id}/?school_id=${f.school.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('outsider', 'GET', `/pupils/${pupil(0).id}/?school_id=${f.school.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('superuser', 'GET', `/pupils/${f.otherPupil.id}/?school_id=${f.school.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('superuser', 'GET', `/pupils/${f.otherPupil.id}/?school_id=${f.other.id}`)).statusCode,
    ).toBe(404);
    expect((await call('superuser', 'GET', `/pupils/${pupil(0).id}/`)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/pupils/${pupil(0).id}/?school_id=${f.school.id}`),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  const storedAdvice = async (pupilId: number) =>
    (await t.database.db.select().from(pupilOutflowAdvice).where(eq(pupilOutflowAdvice.pupilId, pupilId)))[0]
      ?.outflowAdvice ?? null;

  it('sets and reads the outflow advice (superuser, senco, teacher of the current group)', async () => {
    const set = await call('senco', 'POST', '/pupil-outflow-advice/', {
      pupilId: mila().id,
      outflowAdvice: 'HAVO',
    });
    expect(set.statusCode).toBe(200);
    expect(pupilOutflowAdviceSchema.parse(set.json())).toMatchObject({
      outflowAdvice: 'HAVO',
      calendarYear: 2025,
    });
    const again = await call('superuser', 'POST', '/pupil-outflow-advice/', {
      pupilId: mila().id,
      outflowAdvice: 'HAVO/VWO',
    });
    expect(again.statusCode).toBe(200);
    expect(await storedAdvice(mila().id)).toBe('HAVO/VWO');
    const read = await call('superuser', 'GET', `/pupil-outflow-advice/${mila().id}`);
    expect(read.json()).toMatchObject({ pupilId: mila().id, outflowAdvice: 'HAVO/VWO' });
    const byTeacher = await call('teacher', 'POST', '/pupil-outflow-advice/', {
      pupilId: pupil(1).id,
      outflowAdvice: 'VWO',
    });
    expect(byTeacher.statusCode).toBe(200);
    expect(await storedAdvice(pupil(1).id)).toBe('VWO');
  });

  it('refuses bad advice per field, and other pupils by role, changing nothing', async () => {
    for (const [payload, field] of [
      [{ pupilId: mila().id, outflowAdvice: 'GYMNASIUM' }, 'outflowAdvice'],
      [{ pupilId: mila().id }, 'outflowAdvice'],
      [{ pupilId: 'x', outflowAdvice: 'VWO' }, 'pupilId'],
    ] as const) {
      const response = await call('superuser', 'POST', '/pupil-outflow-advice/', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors as object)).toContain(field);
    }
    // A teacher outside the pupil's groups does not see the pupil (404); another school neither.
    expect(
      (await call('teacher', 'POST', '/pupil-outflow-advice/', { pupilId: mila().id, outflowAdvice: 'VWO' }))
        .statusCode,
    ).toBe(404);
    expect((await call('teacher', 'GET', `/pupil-outflow-advice/${mila().id}`)).statusCode).toBe(404);
    expect(
      (await call('outsider', 'POST', '/pupil-outflow-advice/', { pupilId: mila().id, outflowAdvice: 'VWO' }))
        .statusCode,
    ).toBe(404);
    expect((await call('outsider', 'GET', `/pupil-outflow-advice/${mila().id}`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/pupil-outflow-advice/'),
      payload: { pupilId: mila().id, outflowAdvice: 'VWO' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedAdvice(mila().id)).toBe('HAVO/VWO');
  });

  it('refuses a teacher who saw the pupil only in an earlier group (403)', async () => {
    // The teacher is permitted on Groep 5 (2024) and Groep 6 (2025); move Piet to Groep 7 for 2025 to test.
    await t.database.db
      .update(yearClassPupils)
      .set({ yearClassId: f.groups.g7.id, grade: 7 })
      .where(and(eq(yearClassPupils.pupilId, pupil(2).id), eq(yearClassPupils.yearClassId, f.groups.g6.id)));
    const response = await call('teacher', 'POST', '/pupil-outflow-advice/', {
      pupilId: pupil(2).id,
      outflowAdvice: 'VWO',
    });
    expect(response.statusCode).toBe(403);
    expect(await storedAdvice(pupil(2).id)).toBeNull();
  });

  it('pins and unpins own pins of visible pupils', async () => {
    const pinned = await call('teacher', 'POST', '/pin_pupil/', { pupil_id: pupil(0).id });
    expect(pinned.statusCode).toBe(201);
    const pin = pinSchema.parse(pinned.json());
    expect(pin.pupilId).toBe(pupil(0).id);
    const twice = await call('teacher', 'POST', '/pin_pupil/', { pupil_id: pupil(0).id });
    expect(twice.json()).toEqual(pin);
    const detail = pupilDetailSchema.parse(
      (await call('teacher', 'GET', `/pupils/${pupil(0).id}/?school_id=${f.school.id}`)).json(),
    );
    expect([detail.isPinned, detail.pinId]).toEqual([true, pin.id]);
    // Someone else's pin is not found; the own pin is removed once.
    expect((await call('superuser', 'DELETE', `/pin_pupil/${pin.id}/`)).statusCode).toBe(404);
    expect((await call('teacher', 'DELETE', `/pin_pupil/${pin.id}/`)).statusCode).toBe(204);
    expect((await call('teacher', 'DELETE', `/pin_pupil/${pin.id}/`)).statusCode).toBe(404);
  });

  it('refuses pins of invisible pupils and bad input', async () => {
    expect((await call('teacher', 'POST', '/pin_pupil/', { pupil_id: mila().id })).statusCode).toBe(404);
    expect((await call('superuser', 'POST', '/pin_pupil/', { pupil_id: f.otherPupil.id })).statusCode).toBe(
      404,
    );
    const bad = await call('superuser', 'POST', '/pin_pupil/', { pupilId: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors as object)).toContain('pupil_id');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/pin_pupil/'),
      payload: { pupil_id: mila().id },
    });
    expect(anonymous.statusCode).toBe(401);
    const pins = await t.database.db.select().from(pinnedPupils).where(eq(pinnedPupils.pupilId, mila().id));
    expect(pins).toEqual([]);
  });
});
