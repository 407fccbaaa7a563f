import { and, desc, eq, gt, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceTokens, users } from '../../db/schema/index';

/**
 * Counts a password attempt against the first valid device token among `tokenHashes` that belongs to `username`
 * (unexpired, fewer than `maxFailures` attempts not given back) and answers its id, or null when there is none.
 * One statement: the update locks the row and checks `failures` again on it, so concurrent attempts with one
 * token cannot get past the limit between them.
 */
export async function reserveDeviceAttempt(
  db: Db,
  check: { username: string; tokenHashes: readonly string[]; now: Date; maxFailures: number },
): Promise<number | null> {
  if (check.tokenHashes.length === 0) return null;
  const valid = (table: typeof deviceTokens) =>
    and(
      inArray(table.tokenHash, [...check.tokenHashes]),
      gt(table.expiresAt, check.now),
      lt(table.failures, check.maxFailures),
    );
  // The account as the login looks it up (repository.ts: findUserByUsername), by the token's user id.
  const ofAccount = sql`exists (select 1 from ${users}
    where ${users.id} = ${deviceTokens.userId} and lower(${users.username}) = lower(${check.username}))`;
  const first = db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(and(valid(deviceTokens), ofAccount))
    .limit(1);
  const rows = await db
    .update(deviceTokens)
    .set({ failures: sql`${deviceTokens.failures} + 1` })
    .where(and(eq(deviceTokens.id, sql`(${first})`), lt(deviceTokens.failures, check.maxFailures)))
    .returning({ id: deviceTokens.id });
  return rows[0]?.id ?? null;
}

/** The write that gives a counted attempt back to its device token (the password was right). */
export function releaseDeviceAttemptWrite(db: Db, tokenId: number): SQL {
  return db
    .update(deviceTokens)
    .set({ failures: sql`greatest(${deviceTokens.failures} - 1, 0)` })
    .where(eq(deviceTokens.id, tokenId))
    .getSQL();
}

/** Of the hashes, those of tokens still valid for accounts other than `userId` (their browser keeps them). */
export async function validTokensOfOthers(
  db: Db,
  query: { userId: number; tokenHashes: readonly string[]; now: Date; maxFailures: number },
): Promise<Set<string>> {
  if (query.tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: deviceTokens.tokenHash })
    .from(deviceTokens)
    .where(
      and(
        inArray(deviceTokens.tokenHash, [...query.tokenHashes]),
        ne(deviceTokens.userId, query.userId),
        gt(deviceTokens.expiresAt, query.now),
        lt(deviceTokens.failures, query.maxFailures),
      ),
    );
  return new Set(rows.map((row) => row.tokenHash));
}

/**
 * The writes that give the account a new device token at sign-in, to run together with the sign-in's: the new row
 * goes in, and of the account's rows go those the browser brought (the new token replaces them), the expired ones
 * and all but the newest `keep - 1` (the delete, in the same statement, does not see the row the insert adds).
 */
export function issueDeviceTokenWrites(
  db: Db,
  token: { userId: number; tokenHash: string; now: Date; expiresAt: Date; replaces: readonly string[] },
  keep: number,
): SQL[] {
  const newest = db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, token.userId))
    .orderBy(desc(deviceTokens.id))
    .limit(keep - 1);
  const gone = or(
    lte(deviceTokens.expiresAt, token.now),
    notInArray(deviceTokens.id, newest),
    ...(token.replaces.length > 0 ? [inArray(deviceTokens.tokenHash, [...token.replaces])] : []),
  );
  return [
    db
      .insert(deviceTokens)
      .values({
        userId: token.userId,
        tokenHash: token.tokenHash,
        createdAt: token.now,
        expiresAt: token.expiresAt,
      })
      .getSQL(),
    db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.userId, token.userId), gone))
      .getSQL(),
  ];
}
