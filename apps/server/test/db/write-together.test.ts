import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/db/schema/index';
import { writeTogether } from '../../src/db/write-together';
import { createTestDb, type TestDatabase } from '../helpers/db';

/* The sign-in's writes go in one statement (modules/auth/repository.ts storeSignIn): all of them, or none. */
describe('writeTogether', () => {
  let database: TestDatabase;
  const windowStart = new Date('2026-11-26T00:00:00Z');
  const counters = () =>
    database.db
      .select({ key: loginAttempts.key, count: loginAttempts.count })
      .from(loginAttempts)
      .where(like(loginAttempts.key, 'together:%'))
      .orderBy(loginAttempts.key);
  const insert = (key: string, count: number) =>
    database.db.insert(loginAttempts).values({ key, windowStart, count }).getSQL();

  beforeAll(async () => {
    database = await createTestDb();
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('makes every write, each to its own rows, in one statement', async () => {
    await database.db.insert(loginAttempts).values({ key: 'together:b', windowStart, count: 5 });
    await writeTogether(database.db, [
      insert('together:a', 1),
      database.db
        .update(loginAttempts)
        .set({ count: sql`${loginAttempts.count} - 1` })
        .where(sql`${loginAttempts.key} = 'together:b'`)
        .getSQL(),
      insert('together:c', 3),
    ]);
    expect(await counters()).toEqual([
      { key: 'together:a', count: 1 },
      { key: 'together:b', count: 4 },
      { key: 'together:c', count: 3 },
    ]);
  });

  it('makes none of them when one fails', async () => {
    const before = await counters();
    // The second write inserts a row that is there already: the statement fails, and the others with it.
    await expect(
      writeTogether(database.db, [
        database.db
          .update(loginAttempts)
          .set({ count: 100 })
          .where(sql`${loginAttempts.key} = 'together:b'`)
          .getSQL(),
        insert('together:a', 1),
        insert('together:d', 7),
      ]),
    ).rejects.toThrow();
    expect(await counters()).toEqual(before);
  });

  it('sends nothing for no writes', async () => {
    const before = await counters();
    await writeTogether(database.db, []);
    expect(await counters()).toEqual(before);
  });
});
