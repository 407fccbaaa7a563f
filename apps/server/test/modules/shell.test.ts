import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSchema } from '@leerzicht/contract';
import { users } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createSchool,
  createUser,
  createYearClass,
  enrolPupils,
  permitGroup,
} from '../helpers/factories';
import { addMethodScore } from '../helpers/method-scores';
import { signIn } from '../helpers/sign-in';

const NOW = new Date('2026-09-15T10:00:00Z');
const CURRENT_YEAR = 2026;

describe('app shell: hidden notices, session school year, groups of a school year', () => {
  let t: TestApp;
  let ids: { schoolA: number; schoolB: number; withGoals: number; noGoals: number; oldGroup: number };
  let superToken: string;
  let teacherToken: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const schoolA = await createSchool(db, { name: 'Basisschool A', isConnectionActive: false });
    const schoolB = await createSchool(db, { name: 'Basisschool B' });
    const withGoals = await createYearClass(db, schoolA.id, {
      name: 'Groep 5',
      grade: 5,
      calendarYear: CURRENT_YEAR,
    });
    const noGoals = await createYearClass(db, schoolA.id, {
      name: 'Groep 6',
      grade: 6,
      calendarYear: CURRENT_YEAR,
    });
    const oldGroup = await createYearClass(db, schoolA.id, {
      name: 'Groep 4',
      grade: 4,
      calendarYear: CURRENT_YEAR - 1,
    });
    const [pupil5] = await enrolPupils(db, schoolA.id, withGoals.id, [5]);
    const [pupil6] = await enrolPupils(db, schoolA.id, noGoals.id, [6]);
    if (!pupil5 || !pupil6) throw new Error('no pupils');
    const calendarYear = CURRENT_YEAR;
    await addMethodScore(
      db,
      { schoolId: schoolA.id, yearClassId: withGoals.id, pupilId: pupil5.id, calendarYear },
      true,
    );
    await addMethodScore(
      db,
      { schoolId: schoolA.id, yearClassId: noGoals.id, pupilId: pupil6.id, calendarYear },
      false,
    );
    const superuser = await createUser(db);
    const teacher = await createUser(db);
    await addMember(db, schoolA.id, superuser.id, { isSchoolSuperuser: true });
    await addMember(db, schoolA.id, teacher.id);
    await permitGroup(db, schoolA.id, teacher.id, withGoals.id);
    await permitGroup(db, schoolA.id, teacher.id, oldGroup.id);
    ids = {
      schoolA: schoolA.id,
      schoolB: schoolB.id,
      withGoals: withGoals.id,
      noGoals: noGoals.id,
      oldGroup: oldGroup.id,
    };
    superToken = await signIn(t, superuser);
    teacherToken = await signIn(t, teacher);
  });

  afterAll(() => t.close());

  describe('hidden notifications', () => {
    it('are empty at first and need a session', async () => {
      const response = await t.app.inject(
        authed(superToken, { method: 'GET', url: api('/hidden-notifications/') }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      const anonymous = await t.app.inject({ method: 'GET', url: api('/hidden-notifications/') });
      expect(anonymous.statusCode).toBe(401);
    });

    it('hides the disconnected-school notice per school and the new-year notice per school year', async () => {
      const hide = (payload: object) =>
        t.app.inject(authed(superToken, { method: 'POST', url: api('/hidden-notifications/'), payload }));
      const first = await hide({ kind: 'disconnected_school', schoolId: ids.schoolA });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ kind: 'disconnected_school', schoolId: ids.schoolA, schoolYear: null });
      expect((await hide({ kind: 'disconnected_school', schoolId: ids.schoolA })).statusCode).toBe(200);
      expect(
        (await hide({ kind: 'new_school_year', schoolId: ids.schoolA, schoolYear: 2026 })).statusCode,
      ).toBe(200);
      const list = await t.app.inject(
        authed(superToken, { method: 'GET', url: api('/hidden-notifications/') }),
      );
      expect(list.json()).toEqual([
        { kind: 'disconnected_school', schoolId: ids.schoolA, schoolYear: null },
        { kind: 'new_school_year', schoolId: ids.schoolA, schoolYear: 2026 },
      ]);
      const teacherList = await t.app.inject(
        authed(teacherToken, { method: 'GET', url: api('/hidden-notifications/') }),
      );
      expect(teacherList.json()).toEqual([]);
    });

    it('needs a school year for the new-year notice only', async () => {
      const withoutYear = await t.app.inject(
        authed(superToken, {
          method: 'POST',
          url: api('/hidden-notifications/'),
          payload: { kind: 'new_school_year', schoolId: ids.schoolA },
        }),
      );
      expect(withoutYear.statusCode).toBe(400);
      const unknownKind = await t.app.inject(
        authed(superToken, {
          method: 'POST',
          url: api('/hidden-notifications/'),
          payload: { kind: 'something_else', schoolId: ids.schoolA },
        }),
      );
      expect(unknownKind.statusCode).toBe(400);
    });

    it('refuses another school with 404', async () => {
      const response = await t.app.inject(
        authed(superToken, {
          method: 'POST',
          url: api('/hidden-notifications/'),
          payload: { kind: 'disconnected_school', schoolId: ids.schoolB },
        }),
      );
      expect(response.statusCode).toBe(404);
    });
  });

  describe('groups of a school year', () => {
    it('marks the groups that have goals', async () => {
      const response = await t.app.inject(
        authed(superToken, { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }),
      );
      const school = schoolSchema.parse(response.json());
      expect(school.isConnectionActive).toBe(false);
      expect(school.classes.map((c) => [c.yearClassId, c.hasGoals])).toEqual([
        [ids.withGoals, true],
        [ids.noGoals, false],
      ]);
    });

    it('lists the groups of another school year with ?school_year=, keeping a teacher to their groups', async () => {
      const old = await t.app.inject(
        authed(superToken, {
          method: 'GET',
          url: api(`/schools/${ids.schoolA}/?school_year=${CURRENT_YEAR - 1}`),
        }),
      );
      expect(schoolSchema.parse(old.json()).classes.map((c) => c.yearClassId)).toEqual([ids.oldGroup]);
      const teacherNow = await t.app.inject(
        authed(teacherToken, { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }),
      );
      expect(schoolSchema.parse(teacherNow.json()).classes.map((c) => c.yearClassId)).toEqual([
        ids.withGoals,
      ]);
      const bad = await t.app.inject(
        authed(superToken, { method: 'GET', url: api(`/schools/${ids.schoolA}/?school_year=abc`) }),
      );
      expect(bad.statusCode).toBe(400);
    });

    it('answers 404 for another school, with or without a school year', async () => {
      for (const url of [api(`/schools/${ids.schoolB}/`), api(`/schools/${ids.schoolB}/?school_year=2025`)]) {
        const response = await t.app.inject(authed(superToken, { method: 'GET', url }));
        expect(response.statusCode).toBe(404);
      }
    });
  });

  describe('the session school year', () => {
    it('changes what the profile and the school call the current school year, for this session only', async () => {
      const change = await t.app.inject(
        authed(teacherToken, {
          method: 'PUT',
          url: api('/session/school-year/'),
          payload: { currentSchoolYear: CURRENT_YEAR - 1 },
        }),
      );
      expect(change.statusCode).toBe(200);
      expect(change.json()).toEqual({ currentSchoolYear: CURRENT_YEAR - 1 });
      const profile = await t.app.inject(authed(teacherToken, { method: 'GET', url: api('/profile/') }));
      expect((profile.json() as { currentSchoolYear: number }).currentSchoolYear).toBe(CURRENT_YEAR - 1);
      const school = await t.app.inject(
        authed(teacherToken, { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }),
      );
      const parsed = schoolSchema.parse(school.json());
      expect(parsed.currentSchoolYear).toBe(CURRENT_YEAR - 1);
      expect(parsed.classes.map((c) => c.yearClassId)).toEqual([ids.oldGroup]);

      const otherSession = await signIn(t, await usernameOfTeacher());
      const fresh = await t.app.inject(authed(otherSession, { method: 'GET', url: api('/profile/') }));
      expect((fresh.json() as { currentSchoolYear: number }).currentSchoolYear).toBe(CURRENT_YEAR);
    });

    it('refuses a school year after the current one, and a request without a session', async () => {
      const future = await t.app.inject(
        authed(superToken, {
          method: 'PUT',
          url: api('/session/school-year/'),
          payload: { currentSchoolYear: CURRENT_YEAR + 1 },
        }),
      );
      expect(future.statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: api('/session/school-year/'),
        payload: { currentSchoolYear: CURRENT_YEAR },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  async function usernameOfTeacher(): Promise<string> {
    const rows = await t.database.db
      .select({ username: users.username })
      .from(users)
      .innerJoin(sql`school_memberships m`, sql`m.user_id = ${users.id}`)
      .where(eq(sql`m.is_school_superuser`, false));
    const name = rows[0]?.username;
    if (!name) throw new Error('no teacher');
    return name;
  }
});
