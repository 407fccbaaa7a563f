import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { queryRows } from './query';

/** The number of rows of every table in the public schema, by table name. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(tablename)}`,
    );
    counts[tablename] = row?.n ?? -1;
  }
  return counts;
}
