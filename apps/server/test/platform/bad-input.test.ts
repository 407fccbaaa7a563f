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
} from '../helpers/factories';
import {
  type FieldPath,
  type JsonSchema,
  type Operation,
  fieldsOfType,
  fillPath,
  isNumericParameter,
  isRecord,
  operationName,
  operationsOf,
  queryString,
  sampleValue,
  withField,
} from '../helpers/openapi';

const NOW = new Date('2026-11-21T10:00:00Z');
const YEAR = 2026;
/** Forms that Number() reads as `value` but that are not its canonical decimal spelling. */
const nonCanonical = (value: number) => [
  `+${value}`,
  `0${value}`,
  `0x${value.toString(16)}`,
  `${value}.0`,
  `${value}e0`,
  ` ${value}`,
  `${value} `,
];
/** The smallest value a numeric parameter's schema admits (its number branch's minimum), if it says. */
function minimumOf(schema: JsonSchema): number | undefined {
  if (typeof schema.minimum === 'number') return schema.minimum;
  return schema.anyOf?.map(minimumOf).find((value) => value !== undefined);
}
const OUT_OF_RANGE = ['2147483648', '4294967296', '99999999999999999999', '0', '-1', '１'];
const TEXT_JUNK = ['ab\u0000cd', 'ab\u001bcd', 'ab\u007fcd', '\u0000', 'ab\ud800cd'];
/** The key of a nested field in the error body (the error handler joins the path with slashes). */
/** A URL cannot carry half a surrogate pair (encodeURIComponent throws). */
const PATH_TEXT_JUNK = TEXT_JUNK.filter((junk) => !/\p{Cs}/u.test(junk));
const errorKey = (field: FieldPath) => field.join('/');

describe('bad input answers 400 or 404 with the field named, never 500', () => {
  let t: TestApp;
  let token: string;
  let operations: Operation[];
  const ids = { school: 0, group: 0, pupil: 0 };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const school = await createSchool(db);
    const group = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: YEAR });
    const pupil = await createPupil(
      db,
      school.id,
      { firstName: 'Sam', lastName: 'Jansen' },
      { yearClassId: group.id, grade: 5 },
    );
    const superuser = await createUser(db);
    await addMember(db, school.id, superuser.id, { isSchoolSuperuser: true });
    Object.assign(ids, { school: school.id, group: group.id, pupil: pupil.id });
    token = await loginToken(t.app, superuser.username, TEST_PASSWORD);
    operations = operationsOf(t.app);
  });

  afterAll(() => t.close());

  const send = (operation: Operation, url: string, payload?: unknown) =>
    t.app.inject(
      authed(token, {
        method: operation.method,
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      }),
    );

  /** '' when the answer is a 400 naming `field` (or, where allowed, a 404); else what went wrong. */
  function problem(response: LightMyRequestResponse, field: string, allow404: boolean): string {
    if (allow404 && response.statusCode === 404) return '';
    if (response.statusCode !== 400) return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
    const body: unknown = response.json();
    const errors = isRecord(body) && isRecord(body.errors) ? body.errors : {};
    return field in errors ? '' : `400 without errors.${field}: ${response.body.slice(0, 200)}`;
  }

  const sampleBody = (operation: Operation) => (operation.body ? sampleValue(operation.body) : undefined);
  const requiredQuery = (operation: Operation) =>
    Object.fromEntries(operation.queryParams.filter((p) => p.required).map((p) => [p.name, '1']));

  it('knows the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('refuses out-of-range and non-canonical numbers in every numeric path and query parameter', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const parameters = [...operation.pathParams, ...operation.queryParams];
      for (const parameter of parameters.filter((p) => isNumericParameter(p.schema))) {
        // '0' is in range where the parameter's own pattern admits it (a page offset starts at 0).
        const zeroAllowed = minimumOf(parameter.schema) === 0;
        const junks = [...OUT_OF_RANGE, ...nonCanonical(1)].filter((junk) => !(zeroAllowed && junk === '0'));
        for (const junk of junks) {
          const inPath = parameter.in === 'path';
          const path = fillPath(operation.path, inPath ? { [parameter.name]: junk } : {});
          const query = { ...requiredQuery(operation), ...(inPath ? {} : { [parameter.name]: junk }) };
          const response = await send(operation, path + queryString(query), sampleBody(operation));
          const issue = problem(response, parameter.name, inPath);
          if (issue)
            failures.push(`${operationName(operation)} ${parameter.name}=${JSON.stringify(junk)}: ${issue}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never reads a non-canonical id or number as the number it resembles', async () => {
    const urls = [
      ...nonCanonical(ids.school).map((junk) => [`/schools/${encodeURIComponent(junk)}/`, 'id']),
      ...nonCanonical(ids.school).map((junk) => [
        `/pupils/${ids.pupil}/?school_id=${encodeURIComponent(junk)}`,
        'school_id',
      ]),
      ...nonCanonical(YEAR).map((junk) => [
        `/schools/${ids.school}/?school_year=${encodeURIComponent(junk)}`,
        'school_year',
      ]),
      ...nonCanonical(5).map((junk) => [
        `/schools/${ids.school}/year_grades/${encodeURIComponent(junk)}/`,
        'yeargradeId',
      ]),
    ];
    const failures: string[] = [];
    for (const [url = '', field = ''] of urls) {
      const response = await t.app.inject(authed(token, { method: 'GET', url: api(url) }));
      const issue = problem(response, field, false);
      if (issue) failures.push(`${url}: ${issue}`);
    }
    expect(failures).toEqual([]);
    const plain = await t.app.inject(authed(token, { method: 'GET', url: api(`/schools/${ids.school}/`) }));
    expect(plain.statusCode).toBe(200);
  });

  it('refuses ids above 2^31-1 and other bad integers in every integer field of every request body', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.body)) {
      for (const field of fieldsOfType(operation.body ?? {}, 'integer')) {
        for (const junk of [2147483648, 1e15, 1.5, -1]) {
          const body = withField(sampleBody(operation), field, junk);
          const path = fillPath(operation.path, {});
          const response = await send(operation, path + queryString(requiredQuery(operation)), body);
          const issue = problem(response, errorKey(field), false);
          if (issue) failures.push(`${operationName(operation)} ${errorKey(field)}=${junk}: ${issue}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL and control characters in every text field of every request body', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const operation of operations.filter((o) => o.body)) {
      for (const field of fieldsOfType(operation.body ?? {}, 'string')) {
        checked += 1;
        for (const junk of TEXT_JUNK) {
          const body = withField(sampleBody(operation), field, junk);
          const path = fillPath(operation.path, {});
          const response = await send(operation, path + queryString(requiredQuery(operation)), body);
          const issue = problem(response, errorKey(field), false);
          if (issue)
            failures.push(`${operationName(operation)} ${errorKey(field)}=${JSON.stringify(junk)}: ${issue}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('refuses NUL and control characters in text path parameters', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const parameter of operation.pathParams.filter((p) => p.schema.type === 'string')) {
        for (const junk of PATH_TEXT_JUNK) {
          const path = fillPath(operation.path, { [parameter.name]: junk });
          const response = await send(operation, path, sampleBody(operation));
          const issue = problem(response, parameter.name, false);
          if (issue)
            failures.push(`${operationName(operation)} ${parameter.name}=${JSON.stringify(junk)}: ${issue}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the reported requests with 400 naming the field', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload: { username: 'x\u0000y', password: 'secret' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ status: 400, errors: { username: [expect.any(String)] } });
    const school = await t.app.inject(authed(token, { method: 'GET', url: api('/schools/2147483648/') }));
    expect(school.statusCode).toBe(400);
    expect(school.json()).toMatchObject({ status: 400, errors: { id: [expect.any(String)] } });
  });

  it('keeps tabs and line breaks in multi-line text, and refuses them in single-line text', async () => {
    const report = await t.app.inject({
      method: 'POST',
      url: api('/client-errors/'),
      payload: {
        reportId: '3f0e1d2c-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
        message: 'TypeError: x is undefined\r\nwhile rendering',
        path: '/schools/1/',
        stack: 'TypeError: x is undefined\n\tat render (app.js:1:2)',
      },
    });
    expect(report.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload: { username: 'x\ny', password: 'secret' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ errors: { username: [expect.any(String)] } });
  });
});
