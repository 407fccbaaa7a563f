import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DOORSTROOMTOETS_ERRORS,
  doorstroomtoetsListSchema,
  doorstroomtoetsResultSchema,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser, permitGroup } from '../helpers/factories';
import { buildResultsSchool } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { auditLog, pupilDoorstroomtoets } from '../../src/db/schema/index';

const NOW = new Date('2026-03-01T10:00:00Z');

const VALID = {
  test: 'IEP',
  testDate: '2026-02-10',
  lezen: '2F',
  taalverzorging: '1F',
  rekenen: '1S',
  advice: 'HAVO',
} as const;

describe('doorstroomtoets results of a pupil', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who] ?? '', { method, url: api(url), payload }));
  // A pupil of the teacher's current group (Groep 6, 2025) and one of Groep 7, which the teacher does not teach.
  const ownPupil = () => {
    const found = f.cohort1[1];
    if (!found) throw new Error('fixture');
    return found;
  };
  const otherGroupPupil = () => {
    const found = f.cohort2[0];
    if (!found) throw new Error('fixture');
    return found;
  };
  const stored = (pupilId: number) =>
    t.database.db
      .select()
      .from(pupilDoorstroomtoets)
      .where(and(eq(pupilDoorstroomtoets.schoolId, f.school.id), eq(pupilDoorstroomtoets.pupilId, pupilId)));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    for (const [who, user] of Object.entries(f.users)) tokens[who] = await signIn(t, user);
    // A restricted teacher of the same group as the teacher: reads the pupil, writes nothing here.
    const restricted = await createUser(t.database.db, { isRestricted: true });
    await addMember(t.database.db, f.school.id, restricted.id);
    await permitGroup(t.database.db, f.school.id, restricted.id, f.groups.g6.id);
    tokens.restricted = await signIn(t, restricted);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('enters, reads back, corrects and removes a result (teacher of the group, senco, superuser)', async () => {
    const pupilId = ownPupil().id;
    const created = await call('teacher', 'POST', `/pupils/${pupilId}/doorstroomtoets/`, VALID);
    expect(created.statusCode).toBe(201);
    const result = doorstroomtoetsResultSchema.parse(created.json());
    expect(result).toMatchObject({ ...VALID, pupilId, calendarYear: 2025, createdById: f.users.teacher.id });
    const [row] = await stored(pupilId);
    expect(row).toMatchObject({
      ...VALID,
      calendarYear: 2025,
      createdById: f.users.teacher.id,
      changedById: f.users.teacher.id,
    });

    const corrected = await call('senco', 'PUT', `/pupils/${pupilId}/doorstroomtoets/${result.id}/`, {
      ...VALID,
      test: 'ROUTE8',
      testDate: '2025-04-15',
      lezen: '1F',
      taalverzorging: '<1F',
      advice: null,
    });
    expect(corrected.statusCode).toBe(200);
    expect(doorstroomtoetsResultSchema.parse(corrected.json())).toMatchObject({
      id: result.id,
      test: 'ROUTE8',
      testDate: '2025-04-15',
      calendarYear: 2024,
      lezen: '1F',
      taalverzorging: '<1F',
      rekenen: '1S',
      advice: null,
      createdById: f.users.teacher.id,
      changedById: f.users.senco.id,
    });
    await call('superuser', 'POST', `/pupils/${pupilId}/doorstroomtoets/`, { ...VALID, test: 'CITO' });

    // Latest test date first; the restricted user and the teacher read them, only the restricted user may not write.
    for (const [who, write] of [
      ['teacher', true],
      ['restricted', false],
      ['superuser', true],
    ] as const) {
      const listed = await call(who, 'GET', `/pupils/${pupilId}/doorstroomtoets/`);
      expect(listed.statusCode).toBe(200);
      const body = doorstroomtoetsListSchema.parse(listed.json());
      expect(body.results.map((r) => [r.test, r.testDate])).toEqual([
        ['CITO', '2026-02-10'],
        ['ROUTE8', '2025-04-15'],
      ]);
      expect(body.abilities.write, who).toBe(write);
    }

    expect(
      (await call('teacher', 'DELETE', `/pupils/${pupilId}/doorstroomtoets/${result.id}/`)).statusCode,
    ).toBe(204);
    expect((await stored(pupilId)).map((r) => r.test)).toEqual(['CITO']);
    expect(
      (await call('teacher', 'DELETE', `/pupils/${pupilId}/doorstroomtoets/${result.id}/`)).statusCode,
    ).toBe(404);
  });

  it('answers 404 to a teacher of another group and to another school, 403 to a restricted user', async () => {
    const pupilId = otherGroupPupil().id;
    const [mine] = await stored(ownPupil().id);
    if (!mine) throw new Error('no result from the first test');
    const before = (await stored(pupilId)).length;
    expect((await call('teacher', 'POST', `/pupils/${pupilId}/doorstroomtoets/`, VALID)).statusCode).toBe(
      404,
    );
    expect((await call('teacher', 'GET', `/pupils/${pupilId}/doorstroomtoets/`)).statusCode).toBe(404);
    expect(
      (await call('outsider', 'POST', `/pupils/${ownPupil().id}/doorstroomtoets/`, VALID)).statusCode,
    ).toBe(404);
    expect((await call('outsider', 'GET', `/pupils/${ownPupil().id}/doorstroomtoets/`)).statusCode).toBe(404);
    expect(
      (await call('outsider', 'DELETE', `/pupils/${ownPupil().id}/doorstroomtoets/${mine.id}/`)).statusCode,
    ).toBe(404);
    // A result id under another pupil is not found, even for a superuser.
    expect(
      (await call('superuser', 'PUT', `/pupils/${pupilId}/doorstroomtoets/${mine.id}/`, VALID)).statusCode,
    ).toBe(404);
    expect(
      (await call('restricted', 'POST', `/pupils/${ownPupil().id}/doorstroomtoets/`, VALID)).statusCode,
    ).toBe(403);
    expect(
      (await call('restricted', 'PUT', `/pupils/${ownPupil().id}/doorstroomtoets/${mine.id}/`, VALID))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('restricted', 'DELETE', `/pupils/${ownPupil().id}/doorstroomtoets/${mine.id}/`)).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api(`/pupils/${pupilId}/doorstroomtoets/`),
      payload: VALID,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await stored(pupilId)).length).toBe(before);
    expect((await stored(ownPupil().id)).map((r) => r.test)).toEqual([mine.test]);
  });

  it('refuses bad input per field, changing nothing', async () => {
    const pupilId = ownPupil().id;
    const before = await stored(pupilId);
    for (const [payload, field, message] of [
      [{ ...VALID, test: 'NIO' }, 'test', DOORSTROOMTOETS_ERRORS.test],
      [{ ...VALID, testDate: '10-02-2026' }, 'testDate', DOORSTROOMTOETS_ERRORS.date],
      [{ ...VALID, testDate: '2010-02-10' }, 'testDate', DOORSTROOMTOETS_ERRORS.earlyDate],
      [{ ...VALID, testDate: '2026-03-02' }, 'testDate', DOORSTROOMTOETS_ERRORS.futureDate],
      [{ ...VALID, lezen: '3F' }, 'lezen', DOORSTROOMTOETS_ERRORS.level],
      [{ ...VALID, taalverzorging: undefined }, 'taalverzorging', DOORSTROOMTOETS_ERRORS.level],
      [{ ...VALID, rekenen: '2S' }, 'rekenen', DOORSTROOMTOETS_ERRORS.level],
      [{ ...VALID, advice: 'GYMNASIUM' }, 'advice', DOORSTROOMTOETS_ERRORS.advice],
    ] as const) {
      const response = await call('superuser', 'POST', `/pupils/${pupilId}/doorstroomtoets/`, payload);
      expect(response.statusCode, field).toBe(400);
      const errors = response.json().errors as Record<string, string[]>;
      expect(errors[field], field).toContain(message);
    }
    const [mine] = before;
    if (!mine) throw new Error('no result from the first test');
    const put = await call('superuser', 'PUT', `/pupils/${pupilId}/doorstroomtoets/${mine.id}/`, {
      ...VALID,
      lezen: 'F2',
    });
    expect(put.statusCode).toBe(400);
    expect(Object.keys(put.json().errors as object)).toEqual(['lezen']);
    expect((await call('superuser', 'GET', `/pupils/x/doorstroomtoets/`)).statusCode).toBe(400);
    expect(await stored(pupilId)).toEqual(before);
  });

  it('audits reads and writes as pupil data', async () => {
    const pupilId = ownPupil().id;
    const audited = (action: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.schoolId, f.school.id)))
        .then((found) => found.filter((e) => e.entity.includes('doorstroomtoets')));
    const reads = (await audited('pupil_data.read')).length;
    const writes = (await audited('pupil_data.write')).length;
    await call('senco', 'GET', `/pupils/${pupilId}/doorstroomtoets/`);
    await call('senco', 'POST', `/pupils/${pupilId}/doorstroomtoets/`, VALID);
    await expect.poll(async () => (await audited('pupil_data.read')).length).toBe(reads + 1);
    await expect.poll(async () => (await audited('pupil_data.write')).length).toBe(writes + 1);
    const [entry] = (await audited('pupil_data.write')).slice(-1);
    expect(entry?.actorUserId).toBe(f.users.senco.id);
  });
});
