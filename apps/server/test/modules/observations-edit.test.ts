import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialEmotionalObservationSchema } from '@leerzicht/contract';
import { socialEmotionalAspects, socialEmotionalObservations } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createAspect,
  createObservation,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { rowCounts } from '../helpers/row-counts';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('PATCH and DELETE /social_emotional_observation/{id}/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const call = (who: keyof CareTokens, method: 'PATCH' | 'DELETE', id: number, payload?: object) =>
    t.app.inject(
      authed(tokens[who], {
        method,
        url: api(`/social_emotional_observation/${id}/`),
        ...(payload ? { payload } : {}),
      }),
    );
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);
  const stored = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(socialEmotionalObservations)
        .where(eq(socialEmotionalObservations.id, id))
    )[0] ?? null;
  const observation = (authorId: number, values: { confidential?: boolean; index?: number } = {}) =>
    createObservation(t.database.db, {
      schoolId: f.school.id,
      pupilId: pupil(values.index ?? 0).id,
      yearClassId: f.groupA.id,
      observedOn: '2026-01-20',
      ratings: { welbevinden: 3 },
      content: 'Oorspronkelijk',
      confidential: values.confidential ?? false,
      authorId,
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('lets the author change the given fields; a new date moves it to that school year', async () => {
    const own = await observation(f.users.teacher.id);
    const changed = await call('teacher', 'PATCH', own.id, {
      content: 'Aangepast',
      ratings: { betrokkenheid: 2 },
      confidential: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(socialEmotionalObservationSchema.parse(changed.json())).toMatchObject({
      id: own.id,
      content: 'Aangepast',
      confidential: true,
      observedOn: '2026-01-20',
      mean: 2,
    });
    expect(await stored(own.id)).toMatchObject({
      ratings: { betrokkenheid: 2 },
      authorId: f.users.teacher.id,
    });
    // The teacher has no permission on last year's group; the senco moves it there.
    expect((await call('teacher', 'PATCH', own.id, { observedOn: '2025-05-01' })).statusCode).toBe(403);
    const moved = await call('senco', 'PATCH', own.id, { observedOn: '2025-05-01' });
    expect(moved.json()).toMatchObject({
      yearClassId: f.groupOld.id,
      calendarYear: 2024,
      observedOn: '2025-05-01',
    });
    expect(await stored(own.id)).toMatchObject({ authorId: f.users.teacher.id, content: 'Aangepast' });
  });

  it('keeps the rating of an aspect archived since, but refuses new archived ones', async () => {
    const aspect = await createAspect(t.database.db, {
      schoolId: f.school.id,
      name: 'Zelfbeeld',
      position: 8,
    });
    const own = await createObservation(t.database.db, {
      schoolId: f.school.id,
      pupilId: pupil(1).id,
      yearClassId: f.groupA.id,
      observedOn: '2026-01-20',
      ratings: { [String(aspect.id)]: 4 },
      authorId: f.users.teacher.id,
    });
    await t.database.db
      .update(socialEmotionalAspects)
      .set({ isArchived: true })
      .where(eq(socialEmotionalAspects.id, aspect.id));
    const kept = await call('teacher', 'PATCH', own.id, {
      ratings: { [String(aspect.id)]: 5, welbevinden: 4 },
    });
    expect(kept.statusCode).toBe(200);
    expect(await stored(own.id)).toMatchObject({ ratings: { [String(aspect.id)]: 5, welbevinden: 4 } });
    const other = await observation(f.users.teacher.id, { index: 2 });
    const refused = await call('teacher', 'PATCH', other.id, { ratings: { [String(aspect.id)]: 5 } });
    expect(refused.json()).toMatchObject({
      status: 400,
      errors: { [`ratings/${aspect.id}`]: [expect.any(String)] },
    });
  });

  it('refuses other teachers, restricted users, other schools and read-only sessions, changing nothing', async () => {
    const bySenco = await observation(f.users.senco.id);
    const confidential = await observation(f.users.senco.id, { confidential: true });
    const byRestricted = await observation(f.users.restricted.id);
    const before = await rowCounts(t.database.db);
    const cases: [keyof CareTokens, 'PATCH' | 'DELETE', number, number][] = [
      ['teacher', 'PATCH', bySenco.id, 403],
      ['teacher', 'DELETE', bySenco.id, 403],
      ['teacher', 'PATCH', confidential.id, 404],
      ['teacher', 'DELETE', confidential.id, 404],
      ['otherTeacher', 'PATCH', bySenco.id, 404],
      ['outsider', 'DELETE', bySenco.id, 404],
      ['restricted', 'PATCH', byRestricted.id, 403],
      ['restricted', 'DELETE', byRestricted.id, 403],
      ['demo', 'DELETE', bySenco.id, 403],
      ['impersonated', 'PATCH', bySenco.id, 403],
      ['superuser', 'PATCH', 999_999, 404],
    ];
    for (const [who, method, id, status] of cases) {
      const response = await call(who, method, id, method === 'PATCH' ? { content: 'Gewijzigd' } : undefined);
      expect([who, method, id, response.statusCode]).toEqual([who, method, id, status]);
    }
    const invalid: [object, string][] = [
      [{ observedOn: '2026-03-02' }, 'observedOn'],
      [{ ratings: { welbevinden: 6 } }, 'ratings/welbevinden'],
      [{ ratings: {} }, 'ratings'],
      [{ content: 'x'.repeat(1001) }, 'content'],
    ];
    for (const [payload, field] of invalid) {
      const response = await call('senco', 'PATCH', bySenco.id, payload);
      expect([field, response.statusCode]).toEqual([field, 400]);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    expect((await call('senco', 'PATCH', bySenco.id, {})).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: api(`/social_emotional_observation/${bySenco.id}/`),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await stored(bySenco.id)).toMatchObject({ content: 'Oorspronkelijk' });
  });

  it("lets sencos and superusers change and delete anyone's, and the author delete their own", async () => {
    const byTeacher = await observation(f.users.teacher.id, { confidential: true });
    const edited = await call('senco', 'PATCH', byTeacher.id, { content: 'Door IB aangevuld' });
    expect(edited.json()).toMatchObject({
      content: 'Door IB aangevuld',
      canEdit: true,
      authorId: f.users.teacher.id,
    });
    expect((await call('superuser', 'DELETE', byTeacher.id)).statusCode).toBe(204);
    expect(await stored(byTeacher.id)).toBeNull();
    const own = await observation(f.users.teacher.id);
    expect((await call('teacher', 'DELETE', own.id)).statusCode).toBe(204);
    expect((await call('teacher', 'DELETE', own.id)).statusCode).toBe(404);
  });
});
