import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client';

export interface TestDatabase extends Database {
  /** Drops the throw-away database (PostgreSQL) or closes the in-memory one (PGlite). */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by DATABASE_URL (created here and dropped by destroy()).
 */
export async function createTestDb(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = createDatabase({});
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const name = `leerzicht_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString(), poolMax: 4 });
  await database.migrate();
  return {
    ...database,
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
