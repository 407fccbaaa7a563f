import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aspectListSchema, socialEmotionalAspectSchema } from '@leerzicht/contract';
import { socialEmotionalAspects } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildCareSchool, careTokens, type CareSchool, type CareTokens } from '../helpers/care-factories';
import { rowCounts } from '../helpers/row-counts';

const NOW = new Date('2026-03-01T10:00:00Z');
const DEFAULT_CODES = [
  'welbevinden',
  'betrokkenheid',
  'sociale_vaardigheden',
  'werkhouding',
  'zelfstandigheid',
];

describe('social-emotional aspects of a school', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const call = (who: keyof CareTokens, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const stored = () =>
    t.database.db
      .select()
      .from(socialEmotionalAspects)
      .where(eq(socialEmotionalAspects.schoolId, f.school.id));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('creates the default aspects on the first read, once, for any member', async () => {
    expect(await stored()).toEqual([]);
    const first = await call('teacher', 'GET', `/social_emotional_aspects/?school_id=${f.school.id}`);
    expect(first.statusCode).toBe(200);
    const aspects = aspectListSchema.parse(first.json());
    expect(aspects.map((a) => [a.code, a.name, a.isArchived])).toEqual(
      DEFAULT_CODES.map((code) => [code, null, false]),
    );
    const again = aspectListSchema.parse(
      (await call('superuser', 'GET', `/social_emotional_aspects/?school_id=${f.school.id}`)).json(),
    );
    expect(again.map((a) => a.id)).toEqual(aspects.map((a) => a.id));
    expect(await stored()).toHaveLength(DEFAULT_CODES.length);
  });

  it('lets sencos add own aspects and superusers rename, move and archive them', async () => {
    const added = await call('senco', 'POST', '/social_emotional_aspects/', {
      schoolId: f.school.id,
      name: '  Weerbaarheid ',
    });
    expect(added.statusCode).toBe(201);
    const own = socialEmotionalAspectSchema.parse(added.json());
    expect(own).toMatchObject({ code: null, name: 'Weerbaarheid', position: DEFAULT_CODES.length });

    const [welbevinden] = (await stored()).filter((row) => row.code === 'welbevinden');
    const renamed = await call('superuser', 'PATCH', `/social_emotional_aspects/${welbevinden?.id}/`, {
      name: 'Plezier op school',
      position: 7,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ code: 'welbevinden', name: 'Plezier op school', position: 7 });
    // The default name again: the web shows its own label for the code.
    const back = await call('senco', 'PATCH', `/social_emotional_aspects/${welbevinden?.id}/`, {
      name: 'Welbevinden',
    });
    expect(back.json()).toMatchObject({ code: 'welbevinden', name: null });
    const archived = await call('senco', 'PATCH', `/social_emotional_aspects/${own.id}/`, {
      isArchived: true,
    });
    expect(archived.json()).toMatchObject({ id: own.id, isArchived: true });

    const list = aspectListSchema.parse(
      (await call('teacher', 'GET', `/social_emotional_aspects/?school_id=${f.school.id}`)).json(),
    );
    // By position: the moved aspect last.
    expect(list.map((a) => a.code ?? a.name)).toEqual([
      ...DEFAULT_CODES.slice(1),
      'Weerbaarheid',
      'welbevinden',
    ]);
  });

  it('refuses teachers, other schools, read-only sessions and bad input, changing nothing', async () => {
    const [aspect] = await stored();
    const before = await rowCounts(t.database.db);
    const create = { schoolId: f.school.id, name: 'Zelfbeeld' };
    const patch = `/social_emotional_aspects/${aspect?.id}/`;
    const cases: [keyof CareTokens, 'GET' | 'POST' | 'PATCH', string, object | undefined, number][] = [
      ['teacher', 'POST', '/social_emotional_aspects/', create, 403],
      ['teacher', 'PATCH', patch, { name: 'Anders' }, 403],
      ['restricted', 'PATCH', patch, { isArchived: true }, 403],
      ['outsider', 'POST', '/social_emotional_aspects/', create, 404],
      ['outsider', 'PATCH', patch, { name: 'Anders' }, 404],
      ['outsider', 'GET', `/social_emotional_aspects/?school_id=${f.school.id}`, undefined, 404],
      ['demo', 'POST', '/social_emotional_aspects/', create, 403],
      ['impersonated', 'PATCH', patch, { name: 'Anders' }, 403],
      ['superuser', 'PATCH', '/social_emotional_aspects/999999/', { name: 'Anders' }, 404],
    ];
    for (const [who, method, url, payload, status] of cases) {
      const response = await call(who, method, url, payload);
      expect([who, method, url, response.statusCode]).toEqual([who, method, url, status]);
    }
    const invalid: [object, string][] = [
      [{ schoolId: f.school.id, name: '   ' }, 'name'],
      [{ schoolId: f.school.id, name: 'x'.repeat(101) }, 'name'],
      [{ schoolId: f.school.id, name: 'betrokkenheid' }, 'name'],
      [{ name: 'Zelfbeeld' }, 'schoolId'],
    ];
    for (const [payload, field] of invalid) {
      const response = await call('superuser', 'POST', '/social_emotional_aspects/', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const badPatch = await call('superuser', 'PATCH', patch, { position: -1 });
    expect(badPatch.json()).toMatchObject({ status: 400, errors: { position: [expect.any(String)] } });
    expect((await call('superuser', 'PATCH', patch, {})).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/social_emotional_aspects/?school_id=${f.school.id}`),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
