import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { verifySecretKey } from '../platform/key-check';
import { createSecretBox } from '../platform/secret-box';
import { resolveSecrets } from '../platform/secrets';
import { emptyDatabase, isDatabaseEmpty, seedDemo } from './insert';

/**
 * `npm run seed:demo`: migrates the configured database and loads the demo data when it is empty.
 * `npm run seed:demo -- --force` empties every table first (all data is lost).
 */
async function run(): Promise<void> {
  const force = process.argv.includes('--force');
  const config = loadConfig();
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    poolMax: config.DATABASE_POOL_MAX,
  });
  try {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      if (!force) {
        console.log(
          'The database already holds schools; the demo data was not loaded. Use an empty database to load it.',
        );
        return;
      }
      console.log('--force: emptying every table of the database before loading the demo data.');
      await emptyDatabase(database.db);
    }
    const secretBox = createSecretBox(resolveSecrets(config).totpKey);
    await verifySecretKey(database.db, secretBox);
    const summary = await seedDemo(database.db, {
      providerDomain: config.PROVIDER_DOMAIN,
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    console.log(
      `Demo data loaded in ${(summary.ms / 1000).toFixed(1)} s: ${summary.schools} schools, ${summary.users} accounts, ` +
        `${summary.pupils} pupils, ${summary.yearClasses} groups, ${summary.nationalTestScores} national and ` +
        `${summary.methodTestScores} method results (${summary.rows} rows). Password of every account: welkom-leerzicht`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error('Loading the demo data failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
