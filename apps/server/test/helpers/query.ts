import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** Runs raw SQL and returns its rows, whichever driver (PGlite or node-postgres) is underneath. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
