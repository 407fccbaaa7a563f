import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import {
  TEST_PASSWORD,
  addMember,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
} from '../helpers/factories';
import { type BodyJunk, bodyJunk, pathJunk, pathJunkIsInvalid, queryJunk } from '../helpers/junk';
import { type Operation, fillPath, operationName, operationsOf } from '../helpers/openapi';
import { rowCounts } from '../helpers/row-counts';

/** Fixed, so that a failure can be replayed; fast-check prints the seed and path of a counterexample. */
const SEED = 20_260_401;
/** Each run sends one request anonymously and, where allowed (see signedInAllowed), one signed in. */
const RUNS = 1_200;
const MIN_REQUESTS = 2_000;

interface BadRequest {
  operation: Operation;
  path: Record<string, string>;
  query: string;
  body: BodyJunk | null;
}

/** True when the junk made for the operation is refused whatever it is (a bad id, code or body). */
const surelyInvalid = (operation: Operation) =>
  operation.body !== null || operation.pathParams.some((parameter) => pathJunkIsInvalid(parameter.schema));

/**
 * Operations without any input to spoil (logout, two-step activation, reading settings that are created on first
 * read) would do their ordinary work for a signed-in user, so they are sent anonymously only. An operation whose
 * only input is free text in the path (the invitation key) is a read and may be sent signed in.
 */
const signedInAllowed = (operation: Operation) => operation.body !== null || operation.pathParams.length > 0;

function badRequest(operation: Operation): fc.Arbitrary<BadRequest> {
  const path = Object.fromEntries(operation.pathParams.map((p) => [p.name, pathJunk(p.schema)]));
  return fc.record({
    operation: fc.constant(operation),
    path: fc.record(path),
    query: queryJunk(operation.queryParams.map((parameter) => parameter.name)),
    body: operation.body ? bodyJunk(operation.body) : fc.constant(null),
  });
}

describe('property: bad input never answers 5xx and never changes a row', () => {
  let t: TestApp;
  let token: string;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = await createSchool(db);
    const group = await createYearClass(db, school.id, { name: 'Groep 6', grade: 6, calendarYear: 2026 });
    await createPupil(
      db,
      school.id,
      { firstName: 'Noor', lastName: 'Bakker' },
      { yearClassId: group.id, grade: 6 },
    );
    const superuser = await createUser(db);
    const teacher = await createUser(db);
    await addMember(db, school.id, superuser.id, { isSchoolSuperuser: true });
    await addMember(db, school.id, teacher.id);
    await permitGroup(db, school.id, teacher.id, group.id);
    token = await loginToken(t.app, superuser.username, TEST_PASSWORD);
  });

  afterAll(() => t.close());

  async function send(request: BadRequest, signedIn: boolean): Promise<LightMyRequestResponse> {
    const { operation, body } = request;
    const url = fillPath(operation.path, request.path, (segment) => segment) + request.query;
    const headers = body ? { 'content-type': body.contentType } : {};
    const options = { method: operation.method, url, headers, ...(body ? { payload: body.payload } : {}) };
    sent += 1;
    return t.app.inject(signedIn ? authed(token, options) : options);
  }

  function check(request: BadRequest, response: LightMyRequestResponse, who: string): void {
    const refused = response.statusCode >= 400 && response.statusCode < 500;
    if (response.statusCode < 500 && (refused || !surelyInvalid(request.operation))) return;
    const url = fillPath(request.operation.path, request.path, (segment) => segment) + request.query;
    throw new Error(
      `${who} ${operationName(request.operation)} ${url} body=${request.body?.payload.slice(0, 200)}: ` +
        `${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }

  it('refuses generated junk on every operation of the OpenAPI document', async () => {
    const operations = operationsOf(t.app);
    expect(operations.length).toBeGreaterThan(40);
    const before = await rowCounts(t.database.db);
    const requests = fc.constantFrom(...operations).chain(badRequest);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        check(request, await send(request, false), 'anonymous');
        if (signedInAllowed(request.operation)) check(request, await send(request, true), 'superuser');
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const profile = await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }));
    expect(profile.statusCode).toBe(200);
  });
});
