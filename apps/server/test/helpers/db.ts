import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { createDatabase, migrationsFolder, type Database, type Db } from '../../src/db/client';
import * as schema from '../../src/db/schema/index';
import { databaseUrl, onServer, type TemplateRef } from './template-db';

export interface TestDatabase extends Database {
  /** Closes and drops the throw-away database. */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: PGlite by default, or a new database on the PostgreSQL server
 * named by DATABASE_URL. Both are copies of the template test/global-setup.ts migrated once for the run (for
 * PGlite, a copy of its data directory); without that setup (another vitest config) an in-memory PGlite or
 * the new database is migrated here.
 */
export async function createTestDb(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  const template: TemplateRef | undefined = inject('testDbTemplate');
  if (!baseUrl) return pgliteDatabase(template?.kind === 'pglite' ? template : null);

  const name = `leerzicht_test_${randomBytes(6).toString('hex')}`;
  const fromTemplate = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await onServer(baseUrl, `CREATE DATABASE ${name}${fromTemplate}`);
  const database = createDatabase({ url: databaseUrl(baseUrl, name), poolMax: 4 });
  if (!fromTemplate) await database.migrate();
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function pgliteDatabase(template: { dir: string; scratch: string } | null): Promise<TestDatabase> {
  let dataDir: string | null = null;
  if (template) {
    dataDir = await mkdtemp(path.join(template.scratch, 'db-'));
    await cp(template.dir, dataDir, { recursive: true });
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const drizzleDb = drizzle(client, { schema });
  if (!template) await migrate(drizzleDb, { migrationsFolder });
  const db: Db = drizzleDb;
  const close = () => client.close();
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(drizzleDb, { migrationsFolder }),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close,
    destroy: async () => {
      await client.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
