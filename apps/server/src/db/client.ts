import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendFileSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createPool } from './pool';
import { nameStatements } from './prepared-statements';
import * as schema from './schema/index';

import type { Db, Schema } from './db-type';

export type { Db, Schema };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  poolMax?: number;
  /** Name the statements sent outside transactions (PostgreSQL only; see nameStatements). Default on. */
  preparedStatements?: boolean;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    // Pools that survive a connection the server cuts off (pool.ts).
    const pool = createPool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      // Bounded waits instead of node-postgres' unbounded defaults.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 30_000,
      query_timeout: 35_000,
      idle_in_transaction_session_timeout: 60_000,
    });
    // The health check's own connection: its ping never waits for a connection that real work holds.
    const healthPool = createPool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 60_000,
      statement_timeout: 2_000,
      query_timeout: 2_500,
    });
    // bench/scale only: BENCH_SQL_LOG names a file that gets every statement with its parameters (off when unset).
    const sqlLog = process.env.BENCH_SQL_LOG;
    const logger = sqlLog
      ? {
          logQuery: (query: string, params: unknown[]) =>
            appendFileSync(sqlLog, `${JSON.stringify({ query, params })}\n`),
        }
      : undefined;
    const db = drizzlePg(pool, { schema, logger });
    const typed = db as unknown as Db;
    nameStatements(typed, options.preparedStatements !== false);
    return {
      db: typed,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        try {
          await healthPool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await Promise.all([pool.end(), healthPool.end()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // The embedded database has one connection in this process: a query would wait behind all queued work.
    // It is up when it has started and is not closed.
    ping: async () => {
      try {
        await client.waitReady;
        return client.ready && !client.closed;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
