import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../../src/db/client';

/**
 * The health check's database ping does not wait behind real work: on PostgreSQL (when the run has a
 * DATABASE_URL) it has its own connection while every connection of the main pool is busy; embedded, it asks
 * the in-process database whether it is up instead of queueing a query behind the others on its one connection.
 */
describe('the database ping of /health/', () => {
  let database: Database;
  const url = process.env.DATABASE_URL;

  beforeAll(() => {
    database = createDatabase(url ? { url, poolMax: 1 } : {});
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers while the database is busy with other work', async () => {
    const finished: string[] = [];
    const busyQuery = url ? sql`select pg_sleep(1.5)` : sql`select count(*) from generate_series(1, 100000)`;
    const busy = Array.from({ length: url ? 2 : 3 }, () =>
      database.db.execute(busyQuery).then(() => finished.push('work')),
    );
    const started = performance.now();
    const up = await database.ping();
    const pingMs = performance.now() - started;
    finished.push('ping');
    await Promise.all(busy);

    expect(up).toBe(true);
    expect(finished[0]).toBe('ping');
    expect(finished).toHaveLength(busy.length + 1);
    if (url) expect(pingMs).toBeLessThan(1_000);
  }, 30_000);

  it('reports a closed database as down', async () => {
    const other = createDatabase(url ? { url, poolMax: 1 } : {});
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});
