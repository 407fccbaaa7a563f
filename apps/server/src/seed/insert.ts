import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import * as s from '../db/schema/index';
import { hashPassword } from '../platform/passwords';
import { DEMO_PASSWORD } from './accounts';
import { DEFAULT_SEED, generateDemoData } from './generate';
import type { DemoData } from './types';

export interface SeedDemoOptions {
  seed?: number;
  today?: Date;
  providerDomain: string;
  /** Seals the TOTP secret of the two-step demo account (the server's secret box). */
  encryptSecret: (plain: string) => string;
}

export interface SeedSummary {
  schools: number;
  users: number;
  pupils: number;
  yearClasses: number;
  nationalTestScores: number;
  methodTestScores: number;
  /** Rows inserted over all tables. */
  rows: number;
  ms: number;
}

/** PGlite is slow with huge statements; rows per insert statement. */
const BATCH_SIZE = 500;

type TableKey = Exclude<keyof DemoData, 'users'>;

/** Insertion order (dependencies first); users are inserted separately after hashing. */
const TABLES: readonly [TableKey, PgTable][] = [
  ['schools', s.schools],
  ['userSettings', s.userSettings],
  ['schoolMemberships', s.schoolMemberships],
  ['subjects', s.subjects],
  ['testProviders', s.testProviders],
  ['nationalTests', s.nationalTests],
  ['methods', s.methods],
  ['methodTests', s.methodTests],
  ['domains', s.domains],
  ['goals', s.goals],
  ['testSections', s.testSections],
  ['nationalNorms', s.nationalNorms],
  ['yearClasses', s.yearClasses],
  ['pupils', s.pupils],
  ['yearClassPupils', s.yearClassPupils],
  ['teacherGroupPermissions', s.teacherGroupPermissions],
  ['nationalTestScores', s.nationalTestScores],
  ['methodTestScores', s.methodTestScores],
  ['testSectionScores', s.testSectionScores],
  ['schoolAmbitions', s.schoolAmbitions],
  ['pupilNoteCategories', s.pupilNoteCategories],
  ['pupilNotes', s.pupilNotes],
  ['scoreNotes', s.scoreNotes],
  ['yearClassNotes', s.yearClassNotes],
  ['socialEmotionalObservations', s.socialEmotionalObservations],
  ['pupilApproaches', s.pupilApproaches],
  ['pupilApproachLogs', s.pupilApproachLogs],
  ['pupilOutflowAdvice', s.pupilOutflowAdvice],
  ['schoolOutflow', s.schoolOutflow],
  ['pupilDoorstroomtoets', s.pupilDoorstroomtoets],
  ['groupPlanTemplates', s.groupPlanTemplates],
  ['groupPlans', s.groupPlans],
  ['noteCategories', s.noteCategories],
  ['groupPlanNotes', s.groupPlanNotes],
  ['pupilNoteCategoryLinks', s.pupilNoteCategoryLinks],
  ['pinnedPupils', s.pinnedPupils],
  ['uploads', s.uploads],
  ['inspectorateFigures', s.inspectorateFigures],
];

/** True when the database holds no school (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.schools.id }).from(s.schools).limit(1);
  return rows.length === 0;
}

/** Empties every application table (TRUNCATE ... RESTART IDENTITY CASCADE); the migration history stays. */
export async function emptyDatabase(db: Db): Promise<void> {
  const names = [
    s.users,
    ...TABLES.map(([, table]) => table),
    s.sessions,
    s.passwordResetTokens,
    s.loginAttempts,
    s.invitations,
    s.hiddenNotifications,
    s.supportTickets,
    s.auditLog,
    s.clientErrorReports,
    s.emailChangeRequests,
    // The key canary goes too: nothing sealed is left, so the next start may use a new key.
    s.serverKeys,
  ].map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

/**
 * Loads the demo data (generateDemoData) into an empty, migrated database in one transaction. Rows carry explicit
 * ids; afterwards every id sequence is moved past the highest id so the application can insert as usual.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedSummary> {
  const started = Date.now();
  const data = generateDemoData({
    seed: options.seed ?? DEFAULT_SEED,
    today: options.today ?? new Date(),
    providerDomain: options.providerDomain,
  });
  // Each account gets its own hash (own salt) of the one demo password.
  const users = await Promise.all(
    data.users.map(async ({ totpSecret, ...user }) => ({
      ...user,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      totpSecretEnc: totpSecret ? options.encryptSecret(totpSecret) : null,
    })),
  );
  let rows = users.length;
  await db.transaction(async (tx) => {
    await tx.insert(s.users).values(users);
    for (const [key, table] of TABLES) {
      const list = data[key] as unknown as Record<string, unknown>[];
      for (let start = 0; start < list.length; start += BATCH_SIZE) {
        await tx.insert(table).values(list.slice(start, start + BATCH_SIZE));
      }
      rows += list.length;
    }
    for (const table of [s.users, ...TABLES.map(([, table]) => table)]) {
      if (table === s.userSettings) continue;
      const name = getTableName(table);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
      );
    }
  });
  return {
    schools: data.schools.length,
    users: users.length,
    pupils: data.pupils.length,
    yearClasses: data.yearClasses.length,
    nationalTestScores: data.nationalTestScores.length,
    methodTestScores: data.methodTestScores.length,
    rows,
    ms: Date.now() - started,
  };
}
