import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema/index';

export type SettingsChanges = Partial<
  Pick<
    typeof userSettings.$inferInsert,
    'showNationalAverage' | 'showBarAverage' | 'aggregationType' | 'preferredTestsView' | 'verdictMeasure'
  >
>;

export function findSettings(db: Db, userId: number) {
  return db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** Inserts the row with `changes` over the defaults, or applies `changes` to the existing row. */
export async function upsertSettings(db: Db, userId: number, changes: SettingsChanges) {
  const insert = db.insert(userSettings).values({ userId, ...changes });
  const query =
    Object.keys(changes).length > 0
      ? insert.onConflictDoUpdate({ target: userSettings.userId, set: changes })
      : insert.onConflictDoNothing({ target: userSettings.userId });
  await query;
  const row = await findSettings(db, userId);
  if (!row) throw new Error('user settings missing after upsert');
  return row;
}
