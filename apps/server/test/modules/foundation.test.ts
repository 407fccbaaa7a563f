import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARKERS, profileSchema, schoolSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import {
  TEST_PASSWORD,
  addMember,
  createSchool,
  createUser,
  createYearClass,
  enrolPupils,
  permitGroup,
} from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const NOW = new Date('2026-11-21T10:00:00Z');
const CURRENT_YEAR = 2026;

describe('foundation slice: health, login, profile, school', () => {
  let t: TestApp;
  let ids: {
    schoolA: number;
    schoolB: number;
    unpaid: number;
    group5: number;
    group6: number;
    oldGroup: number;
  };
  let teacherName: string;
  let superName: string;
  let unpaidName: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const schoolA = await createSchool(db, { name: 'Basisschool A' });
    const schoolB = await createSchool(db, { name: 'Basisschool B' });
    const unpaid = await createSchool(db, { name: 'Gratis school', payingStatus: false });
    const group5 = await createYearClass(db, schoolA.id, {
      name: 'Groep 5',
      grade: 5,
      calendarYear: CURRENT_YEAR,
    });
    const group6 = await createYearClass(db, schoolA.id, {
      name: 'Groep 6/7',
      grade: 7,
      calendarYear: CURRENT_YEAR,
    });
    const oldGroup = await createYearClass(db, schoolA.id, {
      name: 'Groep 4',
      grade: 4,
      calendarYear: CURRENT_YEAR - 1,
    });
    await enrolPupils(db, schoolA.id, group5.id, [5, 5, 5]);
    await enrolPupils(db, schoolA.id, group6.id, [6, 6, 7, 7, 7]);
    const teacher = await createUser(db);
    const superuser = await createUser(db, { firstName: 'Anna', lastName: 'de Vries' });
    const unpaidUser = await createUser(db);
    await addMember(db, schoolA.id, teacher.id);
    await permitGroup(db, schoolA.id, teacher.id, group5.id);
    await addMember(db, schoolA.id, superuser.id, { isSchoolSuperuser: true });
    await addMember(db, unpaid.id, unpaidUser.id);
    ids = {
      schoolA: schoolA.id,
      schoolB: schoolB.id,
      unpaid: unpaid.id,
      group5: group5.id,
      group6: group6.id,
      oldGroup: oldGroup.id,
    };
    teacherName = teacher.username;
    superName = superuser.username;
    unpaidName = unpaidUser.username;
  });

  afterAll(() => t.close());

  it('reports the database in the health check, with and without trailing slash', async () => {
    for (const url of [api('/health/'), api('/health')]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: true });
    }
  });

  it('answers a token for the right password and one generic failure otherwise', async () => {
    const token = await loginToken(t.app, superName, TEST_PASSWORD);
    expect(token.split('.')).toHaveLength(3);
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload: { username: superName, password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload: { username: 'ghost', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('gives per-field errors for a malformed login', async () => {
    const response = await t.app.inject({ method: 'POST', url: api('/login/'), payload: { password: 'x' } });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { status: number; errors: Record<string, string[]> };
    expect(body.status).toBe(400);
    expect(Object.keys(body.errors)).toContain('username');
  });

  it('refuses a user whose schools do not pay with the marker', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload: { username: unpaidName, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: LOGIN_MARKERS.noPayingSchool });
  });

  it('returns the profile with every field of section 3', async () => {
    const token = await signIn(t, superName);
    const response = await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }));
    expect(response.statusCode).toBe(200);
    const profile = profileSchema.parse(response.json());
    expect(profile.fullName).toBe('Anna de Vries');
    expect(profile.isSchoolSuperuserOnAnySchool).toBe(true);
    expect(profile.schools.map((school) => school.id)).toEqual([ids.schoolA]);
    expect(profile.homepage).toEqual({ page: 'schools', schoolId: null, groupId: null });
    expect(profile.currentSchoolYear).toBe(CURRENT_YEAR);
  });

  it('refuses the profile without a valid token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: api('/profile/') });
    const forged = await t.app.inject(authed('a.b.c', { method: 'GET', url: api('/profile/') }));
    expect(missing.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
  });

  it('shows a superuser the current year groups with grades and pupil counts', async () => {
    const token = await signIn(t, superName);
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }),
    );
    expect(response.statusCode).toBe(200);
    const school = schoolSchema.parse(response.json());
    expect(school.isSchoolSuperuser).toBe(true);
    expect(school.classes.map((c) => [c.yearClassId, c.grades, c.pupilCount])).toEqual([
      [ids.group5, [5], 3],
      [ids.group6, [6, 7], 5],
    ]);
  });

  it('shows a teacher only the permitted groups', async () => {
    const token = await signIn(t, teacherName);
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/schools/${ids.schoolA}`) }),
    );
    expect(response.statusCode).toBe(200);
    expect(schoolSchema.parse(response.json()).classes.map((c) => c.yearClassId)).toEqual([ids.group5]);
  });

  it('answers 404 for a school the user does not belong to', async () => {
    const token = await signIn(t, superName);
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/schools/${ids.schoolB}/`) }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404 });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/1.0/login/', '/api/1.0/schools/{id}/']),
    );
  });
});
