import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ERRORS, schoolPermissionsSchema, schoolSchema } from '@leerzicht/contract';
import { teacherGroupPermissions } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createSchool, createUser, createYearClass, permitGroup } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('teacher group permissions', () => {
  let t: TestApp;
  let ids: {
    schoolA: number;
    schoolB: number;
    group5: number;
    group6: number;
    group7: number;
    groupB: number;
  };
  let people: Record<'superA' | 'teacher' | 'senco' | 'superB', { id: number; username: string }>;

  const tokens: Record<string, string> = {};
  const tokenOf = async (username: string) => (tokens[username] ??= await signIn(t, username));
  const read = async (as: string, schoolId = ids.schoolA) =>
    t.app.inject(authed(await tokenOf(as), { method: 'GET', url: api(`/school_permissions/${schoolId}/`) }));
  const change = async (as: string, action: 'add' | 'remove', payload: object) =>
    t.app.inject(
      authed(await tokenOf(as), { method: 'POST', url: api(`/school_permissions/${action}/`), payload }),
    );
  const visibleGroups = async (as: string) => {
    const response = await t.app.inject(
      authed(await tokenOf(as), { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }),
    );
    return schoolSchema.parse(response.json()).classes.map((group) => group.yearClassId);
  };
  const rowCount = () => t.database.db.$count(teacherGroupPermissions);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const schoolA = await createSchool(db);
    const schoolB = await createSchool(db);
    const group5 = await createYearClass(db, schoolA.id, { name: 'Groep 5', grade: 5, calendarYear: 2026 });
    const group6 = await createYearClass(db, schoolA.id, { name: 'Groep 6', grade: 6, calendarYear: 2026 });
    const group7 = await createYearClass(db, schoolA.id, { name: 'Groep 7', grade: 7, calendarYear: 2026 });
    const groupB = await createYearClass(db, schoolB.id, { name: 'Groep 5', grade: 5, calendarYear: 2026 });
    const superA = await createUser(db);
    const teacher = await createUser(db);
    const senco = await createUser(db);
    const superB = await createUser(db);
    await addMember(db, schoolA.id, superA.id, { isSchoolSuperuser: true });
    await addMember(db, schoolA.id, teacher.id);
    await addMember(db, schoolA.id, senco.id, { isSenco: true });
    await addMember(db, schoolB.id, superB.id, { isSchoolSuperuser: true });
    await permitGroup(db, schoolA.id, teacher.id, group7.id);
    ids = {
      schoolA: schoolA.id,
      schoolB: schoolB.id,
      group5: group5.id,
      group6: group6.id,
      group7: group7.id,
      groupB: groupB.id,
    };
    people = { superA, teacher, senco, superB };
  });

  afterAll(() => t.close());

  it('refuses every call without a session (401)', async () => {
    const payload = { schoolId: ids.schoolA, userId: 1, groupIds: [1] };
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/school_permissions/${ids.schoolA}/`) })).statusCode,
    ).toBe(401);
    for (const action of ['add', 'remove']) {
      const response = await t.app.inject({
        method: 'POST',
        url: api(`/school_permissions/${action}/`),
        payload,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lists every member with their group ids, for superusers only', async () => {
    const response = await read(people.superA.username);
    expect(response.statusCode).toBe(200);
    const rows = schoolPermissionsSchema.parse(response.json());
    expect(rows).toEqual(
      [
        { userId: people.superA.id, groupIds: [] },
        { userId: people.teacher.id, groupIds: [ids.group7] },
        { userId: people.senco.id, groupIds: [] },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect((await read(people.teacher.username)).statusCode).toBe(403);
    expect((await read(people.senco.username)).statusCode).toBe(403);
    expect((await read(people.superB.username)).statusCode).toBe(404);
  });

  it('adds and removes permissions, and the teacher sees exactly the permitted groups', async () => {
    expect(await visibleGroups(people.teacher.username)).toEqual([ids.group7]);
    const added = await change(people.superA.username, 'add', {
      schoolId: ids.schoolA,
      userId: people.teacher.id,
      groupIds: [ids.group5, ids.group7],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      userId: people.teacher.id,
      groupIds: [ids.group5, ids.group7].sort((a, b) => a - b),
    });
    expect(await visibleGroups(people.teacher.username)).toEqual([ids.group5, ids.group7]);

    const removed = await change(people.superA.username, 'remove', {
      schoolId: ids.schoolA,
      userId: people.teacher.id,
      groupIds: [ids.group5, ids.group6],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ userId: people.teacher.id, groupIds: [ids.group7] });
    expect(await visibleGroups(people.teacher.username)).toEqual([ids.group7]);
    // Sencos and superusers read the whole school regardless.
    expect(await visibleGroups(people.senco.username)).toEqual([ids.group5, ids.group6, ids.group7]);
  });

  it('refuses groups of another school and non-members with per-field errors, changing nothing', async () => {
    const before = await rowCount();
    const foreignGroup = await change(people.superA.username, 'add', {
      schoolId: ids.schoolA,
      userId: people.teacher.id,
      groupIds: [ids.group5, ids.groupB],
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json()).toMatchObject({
      errors: { groupIds: [`${PERMISSION_ERRORS.unknownGroups} ${ids.groupB}`] },
    });
    const outsider = await change(people.superA.username, 'add', {
      schoolId: ids.schoolA,
      userId: people.superB.id,
      groupIds: [ids.group5],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ errors: { userId: [PERMISSION_ERRORS.notMember] } });
    for (const payload of [
      { schoolId: ids.schoolA, userId: people.teacher.id },
      { schoolId: ids.schoolA, userId: people.teacher.id, groupIds: [] },
      { schoolId: ids.schoolA, userId: 'x', groupIds: [ids.group5] },
    ]) {
      const response = await change(people.superA.username, 'add', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys((response.json() as { errors: object }).errors).length).toBeGreaterThan(0);
    }
    expect(await rowCount()).toBe(before);
  });

  it('lets only superusers of that school change permissions', async () => {
    const before = await rowCount();
    const payload = { schoolId: ids.schoolA, userId: people.teacher.id, groupIds: [ids.group6] };
    for (const action of ['add', 'remove'] as const) {
      expect((await change(people.teacher.username, action, payload)).statusCode).toBe(403);
      expect((await change(people.senco.username, action, payload)).statusCode).toBe(403);
      expect((await change(people.superB.username, action, payload)).statusCode).toBe(404);
    }
    // A superuser of B cannot reach A's groups through B either.
    const viaB = await change(people.superB.username, 'add', {
      schoolId: ids.schoolB,
      userId: people.superB.id,
      groupIds: [ids.group6],
    });
    expect(viaB.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});
