import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Independent writes in one statement, each a data-modifying CTE: one round trip and one commit instead of one
 * each, and all or none. They share the statement's snapshot, so none sees what another writes: only for writes
 * to different rows. PostgreSQL runs every such CTE to completion whether the statement reads it or not.
 */
export async function writeTogether(db: Db, writes: readonly SQL[]): Promise<void> {
  if (writes.length === 0) return;
  const parts = writes.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
