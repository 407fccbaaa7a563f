import type { ImportTarget } from '../../src/modules/uploads/importer';
import { createSecretBox } from '../../src/platform/secret-box';
import { seedDemo } from '../../src/seed/index';
import { REGENBOOG } from '../../src/seed/schools';
import { EXAMPLES_TODAY } from '../fixtures/uploads/results/write-examples';
import { createTestDb, type TestDatabase } from './db';

/** The upload target of the example files in docs/uploads/examples: De Regenboog, on the day they were written. */
export const EXAMPLES_TARGET: ImportTarget = {
  schoolId: REGENBOOG.id,
  brinCode: REGENBOOG.brinCode,
  calendarYear: 2026,
  userId: 1,
  now: EXAMPLES_TODAY,
};

/** A database with the demo seeded on the day the example files were written, which they are checked against. */
export async function seedExamplesDemo(): Promise<TestDatabase> {
  const database = await createTestDb();
  const secretBox = createSecretBox('test-key-material-test-key-material');
  await seedDemo(database.db, {
    today: EXAMPLES_TODAY,
    providerDomain: 'leerzicht.example',
    encryptSecret: (plain) => secretBox.encrypt(plain),
  });
  return database;
}
