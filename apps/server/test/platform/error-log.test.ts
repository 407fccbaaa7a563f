import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeQueryError } from '../../src/platform/query-errors';
import { api, createTestApp, type TestApp } from '../helpers/app';

const EMAIL = 'geheim.persoon@school.example';
const failureEntry = z.object({
  msg: z.literal('database query failed'),
  db: z.object({ query: z.string(), code: z.string().optional(), cause: z.string().optional() }),
});

describe('a failed query behind a 500 is logged without its parameters', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  });

  afterAll(() => t.close());

  it('logs the statement, the PostgreSQL code and the cause, never the e-mail address asked for', async () => {
    // The password reset looks the address up in users: without that table the query fails.
    await t.database.db.execute(sql`alter table users rename to users_away`);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: api('/rest-auth/password/reset/'),
        payload: { email: EMAIL },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: 500, detail: 'Internal server error.' });
    } finally {
      await t.database.db.execute(sql`alter table users_away rename to users`);
    }
    const log = lines.join('');
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain('geheim');
    expect(log).not.toContain('params:');
    const entries = lines
      .map((line) => failureEntry.safeParse(JSON.parse(line)))
      .filter((entry) => entry.success);
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    if (!entry?.success) throw new Error('no log entry for the failed query');
    const { db } = entry.data;
    expect(db.query).toMatch(/from "users"/);
    expect(db.code).toBe('42P01');
    expect(db.cause).toMatch(/"users" does not exist/);
  });

  it('cuts parameter values out of a database message that quotes them', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${EMAIL}"`), {
      code: '22P02',
    });
    const error = new DrizzleQueryError('select "id" from "users" where "id" = $1', [EMAIL, 7], cause);
    expect(error.message).toContain(EMAIL);
    const failure = describeQueryError(error);
    expect(failure).toEqual({
      query: 'select "id" from "users" where "id" = $1',
      code: '22P02',
      cause: 'invalid input syntax for type integer: "[param]"',
    });
  });
});
