import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_LIMIT, socialEmotionalObservationSchema } from '@leerzicht/contract';
import { socialEmotionalAspects, socialEmotionalObservations } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createAspect,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { rowCounts } from '../helpers/row-counts';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('POST /social_emotional_observation/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const post = (who: keyof CareTokens, payload: object) =>
    t.app.inject(
      authed(tokens[who], { method: 'POST', url: api('/social_emotional_observation/'), payload }),
    );
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);
  const storedOf = (pupilId: number) =>
    t.database.db
      .select()
      .from(socialEmotionalObservations)
      .where(eq(socialEmotionalObservations.pupilId, pupilId));
  const aspectId = async (code: string) =>
    getOf(
      (await t.database.db.select().from(socialEmotionalAspects)).find(
        (row) => row.schoolId === f.school.id && row.code === code,
      ),
      code,
    ).id;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it("records a teacher's observation in the pupil's group of that school year", async () => {
    const content = 'Speelt veel alleen.\nGesprek met ouders gepland.';
    const response = await post('teacher', {
      pupilId: pupil(1).id,
      observedOn: '2026-02-10',
      ratings: { werkhouding: 2, welbevinden: 4 },
      content,
      instrument: 'Eigen observatie',
    });
    expect(response.statusCode).toBe(201);
    const body = socialEmotionalObservationSchema.parse(response.json());
    expect(body).toMatchObject({
      pupilId: pupil(1).id,
      yearClassId: f.groupA.id,
      yearClassName: f.groupA.name,
      calendarYear: 2025,
      observedOn: '2026-02-10',
      instrument: 'Eigen observatie',
      content,
      confidential: false,
      authorId: f.users.teacher.id,
      authorName: 'Tom Leerkracht',
      dateCreated: NOW.toISOString(),
      canEdit: true,
      mean: 3,
    });
    // In the school's aspect order, not the order given.
    expect(body.ratings.map((r) => [r.code, r.rating])).toEqual([
      ['welbevinden', 4],
      ['werkhouding', 2],
    ]);
    const [row] = await storedOf(pupil(1).id);
    expect(row).toMatchObject({
      ratings: { welbevinden: 4, werkhouding: 2 },
      authorId: f.users.teacher.id,
      yearClassId: f.groupA.id,
      calendarYear: 2025,
    });
  });

  it('takes aspect ids as keys and stores own aspects by id', async () => {
    const own = await createAspect(t.database.db, {
      schoolId: f.school.id,
      name: 'Weerbaarheid',
      position: 9,
    });
    const response = await post('senco', {
      pupilId: pupil(2).id,
      observedOn: '2025-09-01',
      ratings: { [String(own.id)]: 3, [String(await aspectId('betrokkenheid'))]: 5 },
      confidential: true,
    });
    expect(response.statusCode).toBe(201);
    const body = socialEmotionalObservationSchema.parse(response.json());
    expect(body.ratings.map((r) => [r.aspectId, r.code, r.name, r.rating])).toEqual([
      [await aspectId('betrokkenheid'), 'betrokkenheid', null, 5],
      [own.id, null, 'Weerbaarheid', 3],
    ]);
    expect(body).toMatchObject({ confidential: true, content: '', instrument: null, mean: 4 });
    const [row] = await storedOf(pupil(2).id);
    expect(row?.ratings).toEqual({ betrokkenheid: 5, [String(own.id)]: 3 });
  });

  it("places an observation of last school year in last year's group (superuser; its teacher 403)", async () => {
    const payload = { pupilId: pupil(0).id, observedOn: '2025-06-10', ratings: { welbevinden: 3 } };
    const byTeacher = await post('teacher', payload);
    expect(byTeacher.statusCode).toBe(403);
    expect(await storedOf(pupil(0).id)).toEqual([]);
    const bySuperuser = await post('superuser', payload);
    expect(bySuperuser.statusCode).toBe(201);
    expect(bySuperuser.json()).toMatchObject({ yearClassId: f.groupOld.id, calendarYear: 2024 });
  });

  it('refuses bad input per field and changes nothing', async () => {
    const archived = await createAspect(t.database.db, {
      schoolId: f.school.id,
      name: 'Oud aspect',
      isArchived: true,
    });
    const valid = { pupilId: pupil(3).id, observedOn: '2026-01-15', ratings: { welbevinden: 3 } };
    const cases: [object, string][] = [
      [{ ratings: { welbevinden: 0 } }, 'ratings/welbevinden'],
      [{ ratings: { welbevinden: 6 } }, 'ratings/welbevinden'],
      [{ ratings: { welbevinden: 2.5 } }, 'ratings/welbevinden'],
      [{ ratings: { welbevinden: '4' } }, 'ratings/welbevinden'],
      [{ ratings: { zelfvertrouwen: 4 } }, 'ratings/zelfvertrouwen'],
      [{ ratings: { welbevinden: 3, [String(archived.id)]: 4 } }, `ratings/${archived.id}`],
      [
        { ratings: { welbevinden: 3, [String(await aspectId('welbevinden'))]: 4 } },
        `ratings/${await aspectId('welbevinden')}`,
      ],
      [{ ratings: {} }, 'ratings'],
      [{ observedOn: '2026-03-02' }, 'observedOn'],
      [{ observedOn: '1999-12-31' }, 'observedOn'],
      [{ observedOn: '2026-02-30' }, 'observedOn'],
      [{ observedOn: '01-02-2026' }, 'observedOn'],
      // No group in that school year.
      [{ observedOn: '2023-10-01' }, 'observedOn'],
      [{ content: 'x'.repeat(NOTE_LIMIT + 1) }, 'content'],
      [{ content: 'nul\u0000teken' }, 'content'],
      [{ pupilId: 'een' }, 'pupilId'],
    ];
    const before = await rowCounts(t.database.db);
    for (const [change, field] of cases) {
      const response = await post('teacher', { ...valid, ...change });
      expect([field, response.statusCode]).toEqual([field, 400]);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const rating = await post('teacher', { ...valid, ratings: { welbevinden: 6 } });
    expect(rating.json()).toMatchObject({
      errors: { 'ratings/welbevinden': ['Enter a whole number from 1 to 5.'] },
    });
    const future = await post('teacher', { ...valid, observedOn: '2026-03-02' });
    expect(future.json()).toMatchObject({ errors: { observedOn: ['The date cannot be in the future.'] } });
    expect(await rowCounts(t.database.db)).toEqual(before);

    const longest = await post('teacher', { ...valid, content: `${'x'.repeat(NOTE_LIMIT - 1)}\n` });
    expect(longest.statusCode).toBe(201);
  });

  it('answers by role and tenant: other groups and schools 404, restricted and read-only 403', async () => {
    const payload = { pupilId: pupil(4).id, observedOn: '2026-02-01', ratings: { welbevinden: 4 } };
    const before = await rowCounts(t.database.db);
    const refused: [keyof CareTokens, object, number][] = [
      ['otherTeacher', payload, 404],
      ['outsider', payload, 404],
      ['superuser', { ...payload, pupilId: f.otherPupil.id }, 404],
      ['superuser', { ...payload, pupilId: 999_999 }, 404],
      ['restricted', payload, 403],
      ['demo', payload, 403],
      ['impersonated', payload, 403],
    ];
    for (const [who, body, status] of refused) {
      expect([who, (await post(who, body)).statusCode]).toEqual([who, status]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/social_emotional_observation/'),
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowCounts(t.database.db)).toEqual(before);

    expect((await post('senco', payload)).statusCode).toBe(201);
    expect((await post('superuser', payload)).statusCode).toBe(201);
    expect(
      (await post('otherTeacher', { ...payload, pupilId: getOf(f.pupilsB[0], 'B0').id })).statusCode,
    ).toBe(201);
    expect(await storedOf(pupil(4).id)).toHaveLength(2);
  });
});
