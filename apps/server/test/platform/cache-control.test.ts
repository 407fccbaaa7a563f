import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../src/db/schema/index';
import { newInvitationKey } from '../../src/modules/invitations/keys';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import {
  TEST_PASSWORD,
  addMember,
  createCatalog,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
} from '../helpers/factories';
import {
  type Operation,
  fillPath,
  operationName,
  operationsOf,
  queryString,
  sampleValue,
} from '../helpers/openapi';

const NOW = new Date('2026-11-21T10:00:00Z');
const YEAR = 2026;
const GRADE = 5;

/** Every answer of the API may carry pupil or personal data: no browser or proxy may keep a copy. */
describe('Cache-Control: no-store on every API response', () => {
  let t: TestApp;
  let token: string;
  let operations: Operation[];
  const ids = { school: 0, group: 0, pupil: 0, user: 0, invitation: 0 };
  let invitationKey = '';

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db);
    const group = await createYearClass(db, school.id, { name: 'Groep 5', grade: GRADE, calendarYear: YEAR });
    const pupil = await createPupil(
      db,
      school.id,
      { firstName: 'Sam', lastName: 'Jansen' },
      { yearClassId: group.id, grade: GRADE },
    );
    const superuser = await createUser(db);
    await addMember(db, school.id, superuser.id, { isSchoolSuperuser: true });
    const { key, keyHash } = newInvitationKey();
    const [invitation] = await db
      .insert(invitations)
      .values({
        schoolId: school.id,
        email: 'uitgenodigd@school.example',
        keyHash,
        invitedBy: superuser.id,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 24 * 60 * 60 * 1000),
        mailSentAt: NOW,
      })
      .returning();
    if (!invitation) throw new Error('invitation not stored');
    Object.assign(ids, {
      school: school.id,
      group: group.id,
      pupil: pupil.id,
      user: superuser.id,
      invitation: invitation.id,
    });
    invitationKey = key;
    token = await loginToken(t.app, superuser.username, TEST_PASSWORD);
    operations = operationsOf(t.app);
  });

  afterAll(() => t.close());

  /** Real ids for each path parameter, by what the path names. */
  function pathValues(operation: Operation): Record<string, string> {
    const path = operation.path;
    const id = /year_classes/.test(path)
      ? ids.group
      : /pupils\/|pupil-outflow-advice|pin_pupil/.test(path)
        ? ids.pupil
        : /person_invitation/.test(path)
          ? ids.invitation
          : /provider_staff/.test(path)
            ? ids.user
            : ids.school;
    return {
      id: String(id),
      schoolId: String(ids.school),
      yeargradeId: String(GRADE),
      key: invitationKey,
      code: '123456',
    };
  }

  function queryValues(operation: Operation): Record<string, string> {
    const values: Record<string, string> = {};
    for (const parameter of operation.queryParams.filter((p) => p.required)) {
      values[parameter.name] = /school/i.test(parameter.name) ? String(ids.school) : '1';
    }
    return values;
  }

  const send = (operation: Operation, bearer: string | null): Promise<LightMyRequestResponse> => {
    const payload = operation.body ? sampleValue(operation.body) : undefined;
    const request = {
      method: operation.method,
      url: fillPath(operation.path, pathValues(operation)) + queryString(queryValues(operation)),
      ...(payload === undefined
        ? {}
        : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    };
    return t.app.inject(bearer ? authed(bearer, request) : request);
  };

  const isLogout = (operation: Operation) => operation.path.endsWith('/logout/');

  it('sends no-store with every operation of the OpenAPI document, signed in as a superuser', async () => {
    expect(operations.length).toBeGreaterThan(40);
    // Reads first, with the real ids; then the writes; logging out (which ends the session) last.
    const ordered = [
      ...operations.filter((o) => o.method === 'GET'),
      ...operations.filter((o) => o.method !== 'GET' && !isLogout(o)),
      ...operations.filter(isLogout),
    ];
    const missing: string[] = [];
    const readsAnswered: string[] = [];
    for (const operation of ordered) {
      const response = await send(operation, token);
      if (response.headers['cache-control'] !== 'no-store') {
        missing.push(
          `${operationName(operation)} (${response.statusCode}): ${response.headers['cache-control']}`,
        );
      }
      if (operation.method === 'GET' && response.statusCode === 200)
        readsAnswered.push(operationName(operation));
    }
    expect(missing).toEqual([]);
    // The reads of pupil and school data answered with data, not an error page.
    expect(readsAnswered).toEqual(
      expect.arrayContaining([
        `GET /api/1.0/schools/{id}/`,
        `GET /api/1.0/pupils/{id}/`,
        `GET /api/1.0/year_classes/{id}/result/`,
        `GET /api/1.0/school_pupils/{id}/`,
        `GET /api/1.0/profile/`,
        `GET /api/1.0/person_invitation/{key}`,
        `GET /api/1.0/school_permissions/{schoolId}/`,
      ]),
    );
  });

  it('sends no-store without a session, and for unknown API paths', async () => {
    const missing: string[] = [];
    for (const operation of operations) {
      const response = await send(operation, null);
      if (response.headers['cache-control'] !== 'no-store') {
        missing.push(`${operationName(operation)} (${response.statusCode})`);
      }
    }
    expect(missing).toEqual([]);
    const unknown = await t.app.inject({ method: 'GET', url: api('/no-such-thing/') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
