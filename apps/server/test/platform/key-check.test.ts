import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverKeys } from '../../src/db/schema/index';
import { KEY_MISMATCH_MESSAGE, verifySecretKey } from '../../src/platform/key-check';
import { createSecretBox } from '../../src/platform/secret-box';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { createUser } from '../helpers/factories';

const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);

describe('start-up check of the two-step encryption key', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database.destroy());

  it('checks a database from before the canary against a sealed secret, then stamps a canary', async () => {
    const db = database.db;
    await createUser(db, { totpSecretEnc: createSecretBox(KEY_A).encrypt('JBSWY3DPEHPK3PXP') });
    await expect(verifySecretKey(db, createSecretBox(KEY_B))).rejects.toThrow(KEY_MISMATCH_MESSAGE);
    expect(await db.select().from(serverKeys)).toHaveLength(0);

    await verifySecretKey(db, createSecretBox(KEY_A));
    const [canary] = await db.select().from(serverKeys);
    expect(canary?.value).toMatch(/^v1\./);
    expect(createSecretBox(KEY_A).decrypt(canary?.value ?? '')).toBeTruthy();
  });

  it('lets the same key start again and stops a start with another key', async () => {
    await expect(verifySecretKey(database.db, createSecretBox(KEY_A))).resolves.toBeUndefined();
    await expect(verifySecretKey(database.db, createSecretBox(KEY_B))).rejects.toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(await database.db.select().from(serverKeys)).toHaveLength(1);
  });
});
