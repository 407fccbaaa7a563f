import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/db/schema/index';
import { HttpError } from '../../src/platform/http-errors';
import { reserveAttempt, type BackoffLimit } from '../../src/platform/rate-limit';
import { createTestDb, type TestDatabase } from '../helpers/db';

/*
 * Attempts on one subject arriving together take turns at its counter: each reads the wait the one before it
 * started. On PostgreSQL they run on separate connections (the pool's), so this is the race itself; the embedded
 * database has one connection and runs them one by one.
 */
describe('backoff attempts at the same moment', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDb();
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('let exactly one through once the first of them starts the wait, and count only that one', async () => {
    const db = database.db;
    // Free: 1, so the first attempt counted starts a wait for whatever comes after it.
    const limit: BackoffLimit = {
      name: 'race-test',
      free: 1,
      baseMs: 60_000,
      maxWaitMs: 600_000,
      memoryMs: 3_600_000,
    };
    const now = new Date();
    const attempts = 8;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () => reserveAttempt(db, [{ limit, subject: 'someone' }], now)),
    );
    const through = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' &&
        outcome.reason instanceof HttpError &&
        outcome.reason.statusCode === 429,
    );
    expect(through).toHaveLength(1);
    expect(refused).toHaveLength(attempts - 1);

    // The refused attempts counted nowhere: the counter holds the one that went through, beside its wait.
    const rows = await db
      .select({ key: loginAttempts.key, count: loginAttempts.count })
      .from(loginAttempts)
      .where(like(loginAttempts.key, 'race-test%'));
    const counter = rows.filter((row) => row.key.startsWith('race-test:'));
    const waits = rows.filter((row) => row.key.startsWith('race-test-wait:'));
    expect(counter.map((row) => row.count)).toEqual([1]);
    expect(waits).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });
});
