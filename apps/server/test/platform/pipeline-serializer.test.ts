import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { buildApp } from '../../src/app';
import { compiledSerializerCompiler, wireConstant } from '../../src/platform/routing/index';
import { createSecretBox } from '../../src/platform/secret-box';
import { seedDemo } from '../../src/seed/index';
import { REGENBOOG } from '../../src/seed/schools';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { queryRows } from '../helpers/query';
import { signIn } from '../helpers/sign-in';

const TODAY = new Date('2026-11-21T12:00:00Z');

/**
 * Production serialises answers with a compiled serializer instead of validating them with zod: the bytes must
 * be the same. Both apps run on the same demo database; the test app validates (RESPONSE_VALIDATION on).
 */
describe('compiled response serialisation on the demo data', () => {
  let t: TestApp;
  let production: FastifyInstance;
  let token: string;
  let yearClassId: number;
  let pupilId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: TODAY });
    const secretBox = createSecretBox('test-key-material-test-key-material');
    await seedDemo(t.database.db, {
      today: TODAY,
      providerDomain: 'leerzicht.example',
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    const user = await createUser(t.database.db);
    await addMember(t.database.db, REGENBOOG.id, user.id, { isSchoolSuperuser: true });
    token = await signIn(t, user);
    const [yearClass] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select yc.id from year_classes yc join year_class_pupils ycp on ycp.year_class_id = yc.id
          where yc.school_id = ${REGENBOOG.id} group by yc.id order by count(*) desc, yc.id limit 1`,
    );
    const [pupil] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from pupils where school_id = ${REGENBOOG.id} order by id limit 1`,
    );
    if (!yearClass || !pupil) throw new Error('the demo has no group or pupil at De Regenboog');
    yearClassId = Number(yearClass.id);
    pupilId = Number(pupil.id);
    production = await buildApp({
      ctx: { ...t.ctx, config: { ...t.ctx.config, RESPONSE_VALIDATION: false } },
      ping: t.database.ping,
    });
    await production.ready();
  }, 180_000);

  afterAll(async () => {
    await production.close();
    await t.close();
  });

  it('validates in tests and not in production (the config default)', () => {
    expect(t.ctx.config.RESPONSE_VALIDATION).toBe(true);
  });

  const paths = () => [
    `/schools/${REGENBOOG.id}/`,
    `/school_history/${REGENBOOG.id}/`,
    `/school_pupils/${REGENBOOG.id}/`,
    `/year_classes/${yearClassId}/result/`,
    `/pupils/${pupilId}/?school_id=${REGENBOOG.id}`,
    '/version/',
    '/profile/',
  ];

  it('gives byte-identical answers for a school, its history, a group result and a pupil', async () => {
    for (const path of paths()) {
      const request = authed(token, { method: 'GET', url: api(path) });
      const validated = await t.app.inject(request);
      const compiled = await production.inject(request);
      expect(validated.statusCode, path).toBe(200);
      expect(compiled.statusCode, path).toBe(200);
      expect(validated.body.length, path).toBeGreaterThan(2);
      expect(compiled.body, path).toBe(validated.body);
    }
  });

  it("writes a school history again from its kept parts with the same bytes, and a changed group's name anew", async () => {
    const path = `/school_history/${REGENBOOG.id}/`;
    const request = authed(token, { method: 'GET', url: api(path) });
    const first = await production.inject(request);
    const again = await production.inject(request);
    expect(again.body).toBe(first.body);
    expect(again.body).toBe((await t.app.inject(request)).body);
    // A renamed group changes the kept part's key: the next answer carries the new name, as validation's does.
    const [group] = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select yc.id, yc.name from year_classes yc
          where yc.school_id = ${REGENBOOG.id}
            and exists (select 1 from national_test_scores n where n.year_class_id = yc.id)
          order by yc.id limit 1`,
    );
    if (!group) throw new Error('no group with results at De Regenboog');
    const renamed = `${group.name} (hernoemd)`;
    await t.database.db.execute(sql`update year_classes set name = ${renamed} where id = ${group.id}`);
    try {
      const after = await production.inject(request);
      expect(after.body).not.toBe(first.body);
      expect(after.body).toContain(JSON.stringify(renamed));
      expect(after.body).toBe((await t.app.inject(request)).body);
    } finally {
      await t.database.db.execute(sql`update year_classes set name = ${group.name} where id = ${group.id}`);
    }
  });
});

describe('the compiled serializer on its own', () => {
  const schema = z.object({
    id: z.number().int(),
    name: z.string(),
    group: z.object({ id: z.number().int(), label: z.string().nullable() }).nullable(),
    tags: z.array(z.string()),
    note: z.string().optional(),
    kind: z.union([z.literal('a'), z.number()]),
  });
  const route = { schema, method: 'GET', url: '/x/', httpStatus: '200' };
  const compiled = compiledSerializerCompiler(route);
  const validating = serializerCompiler(route);

  it("writes the schema's keys in its order and leaves out what it does not name, as zod does", () => {
    const answers = [
      { tags: ['x'], name: 'Anna "de" Vries\n', id: 3, secret: 'hash', group: null, kind: 'a' },
      { kind: 7.5, group: { label: null, id: 1, extra: true }, id: 4, name: '', tags: [], note: 'ü' },
    ];
    for (const answer of answers) {
      const bytes = compiled(answer);
      expect(bytes).toBe(validating(answer));
      expect(bytes).not.toContain('secret');
      expect(bytes).not.toContain('extra');
    }
    expect(Object.keys(JSON.parse(compiled(answers[0])) as object)).toEqual([
      'id',
      'name',
      'group',
      'tags',
      'kind',
    ]);
  });

  it('writes a wire constant once: the same bytes each time, and the constant cannot change afterwards', () => {
    const group = wireConstant({ id: 9, label: 'Groep 5a', hidden: 'x' });
    const tags = wireConstant(['a', 'b']);
    const answer = { id: 1, name: 'n', group, tags, kind: 'a' as const };
    const once = compiled(answer);
    expect(compiled({ ...answer, name: 'm' })).toBe(validating({ ...answer, name: 'm' }));
    expect(compiled(answer)).toBe(once);
    expect(once).toBe(validating(answer));
    expect(once).not.toContain('hidden');
    expect(() => tags.push('c')).toThrow(TypeError);
    expect(() => Object.assign(group, { label: 'other' })).toThrow(TypeError);
  });
});
