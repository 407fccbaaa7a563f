import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullName, readYearClassResult } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildCareSchool, careTokens, type CareSchool, type CareTokens } from '../helpers/care-factories';

/* The group page names the group's teachers: the users permitted on it, by surname. */
describe('teachers of a group in its result', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-01T10:00:00Z') });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  });
  afterAll(() => t.close());

  it('lists the permitted users of each group, and only those', async () => {
    const teachersOf = async (yearClassId: number) => {
      const response = await t.app.inject(
        authed(tokens.senco, { method: 'GET', url: api(`/year_classes/${yearClassId}/result/`) }),
      );
      expect(response.statusCode).toBe(200);
      return readYearClassResult(response.json()).group.teachers;
    };
    const byName = (users: { id: number; firstName: string; lastName: string }[]) =>
      [...users]
        .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
        .map((user) => ({ id: user.id, name: fullName(user) }));
    expect(await teachersOf(f.groupA.id)).toEqual(byName([f.users.teacher, f.users.restricted]));
    expect(await teachersOf(f.groupB.id)).toEqual(byName([f.users.otherTeacher]));
    expect(await teachersOf(f.groupOld.id)).toEqual([]);
  });
});
