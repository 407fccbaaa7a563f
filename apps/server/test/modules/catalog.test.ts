import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  methodListSchema,
  nationalTestListSchema,
  schoolSchema,
  subjectListSchema,
  testProviderListSchema,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
} from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { listSubjects } from '../../src/modules/catalog/index';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('catalogue and the school extension', () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let otherId: number;
  let catalog: Awaited<ReturnType<typeof createCatalog>>;
  const get = (url: string) => t.app.inject(authed(token, { method: 'GET', url: api(url) }));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    catalog = await createCatalog(db);
    const school = await createSchool(db);
    const other = await createSchool(db);
    schoolId = school.id;
    otherId = other.id;
    const group = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2025 });
    const pupil = await createPupil(
      db,
      school.id,
      { firstName: 'A', lastName: 'B' },
      { yearClassId: group.id, grade: 5 },
    );
    for (const [subject, provider] of [
      ['RW', 'DIA'],
      ['SP', 'CITO'],
    ] as const) {
      await createNationalScore(db, {
        schoolId: school.id,
        pupilId: pupil.id,
        yearClassId: group.id,
        subject,
        provider,
        calendarYear: 2025,
        yearTime: 'M',
        grade: 5,
      });
    }
    const user = await createUser(db);
    await addMember(db, school.id, user.id);
    token = await signIn(t, user);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists subjects by position, not by id', async () => {
    const body = subjectListSchema.parse((await get('/subjects/')).json());
    const expected = [...catalog.subjects].sort((a, b) => a.position - b.position).map((s) => s.code);
    expect(body.map((s) => s.code)).toEqual(expected);
    expect(body.map((s) => s.id)).not.toEqual([...body.map((s) => s.id)].sort((a, b) => a - b));
  });

  it('lists providers by priority and the national tests and methods with their tests', async () => {
    const providers = testProviderListSchema.parse((await get('/test-providers/')).json());
    expect(providers.map((p) => p.code)).toEqual(['CITO', 'DIA', 'IEP']);
    const tests = nationalTestListSchema.parse((await get('/national-tests/')).json());
    expect(tests).toHaveLength(catalog.nationalTests.length);
    const methods = methodListSchema.parse((await get('/methods/')).json());
    expect(methods).toHaveLength(catalog.methods.length);
    for (const method of methods) {
      expect(method.tests.length).toBe(
        catalog.methodTests.filter((test) => test.methodId === method.id).length,
      );
    }
  });

  it("extends the school with the providers and national tests of the school's results", async () => {
    const response = await get(`/schools/${schoolId}/`);
    expect(response.statusCode).toBe(200);
    const school = schoolSchema.parse(response.json());
    expect(school.testProviders.map((p) => p.code)).toEqual(['CITO', 'DIA']);
    expect(school.nationalTests.map((test) => test.code).sort()).toEqual(['CITO-SP', 'DIA-RW']);
    expect((await get(`/schools/${otherId}/`)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    for (const url of ['/subjects/', '/test-providers/', '/national-tests/', '/methods/']) {
      expect((await t.app.inject({ method: 'GET', url: api(url) })).statusCode, url).toBe(401);
    }
  });
});

describe('the subjects, read once per database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('reads an empty database again, keeps the filled list, and shares it frozen', async () => {
    const db = t.database.db;
    expect(await listSubjects(db)).toEqual([]);
    const catalog = await createCatalog(db);
    const subjects = await listSubjects(db);
    const byPosition = [...catalog.subjects].sort(
      (a, b) => a.position - b.position || (a.id ?? 0) - (b.id ?? 0),
    );
    expect(subjects.map((subject) => subject.code)).toEqual(byPosition.map((subject) => subject.code));
    expect(await listSubjects(db)).toBe(subjects);
    expect(Object.isFrozen(subjects) && subjects.every((subject) => Object.isFrozen(subject))).toBe(true);
    // The answer is a copy of the kept list: the same subjects in the same order.
    const user = await createUser(db);
    const response = await t.app.inject(
      authed(await signIn(t, user), { method: 'GET', url: api('/subjects/') }),
    );
    expect(subjectListSchema.parse(response.json()).map((subject) => subject.id)).toEqual(
      subjects.map((subject) => subject.id),
    );
  });
});
