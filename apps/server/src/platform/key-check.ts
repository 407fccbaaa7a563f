import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverKeys, users } from '../db/schema/index';
import type { SecretBox } from './secret-box';

const CANARY_NAME = 'totp-key-canary';
const CANARY_TEXT = 'leerzicht-key-check';

export const KEY_MISMATCH_MESSAGE =
  'The two-step encryption key (TOTP_ENCRYPTION_KEY, or JWT_SECRET when that is unset) is not the key this ' +
  "database's two-step secrets were sealed with. Start the server with the original key. (Set JWT_SECRET before " +
  'seeding or first start, and keep it the same for every server process.)';

export class KeyMismatchError extends Error {
  constructor() {
    super(KEY_MISMATCH_MESSAGE);
    this.name = 'KeyMismatchError';
  }
}

function opens(secretBox: SecretBox, sealed: string): boolean {
  try {
    secretBox.decrypt(sealed);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run at start-up and before seeding: a canary sealed with the key the data was first sealed with must open with
 * today's key, so a server started with another key stops with a clear message instead of failing every two-step
 * login later. A database from before the canary is checked against one of its sealed secrets, then stamped.
 */
export async function verifySecretKey(db: Db, secretBox: SecretBox): Promise<void> {
  const [canary] = await db.select().from(serverKeys).where(eq(serverKeys.name, CANARY_NAME)).limit(1);
  if (canary) {
    if (!opens(secretBox, canary.value)) throw new KeyMismatchError();
    return;
  }
  const [sealed] = await db
    .select({ value: users.totpSecretEnc })
    .from(users)
    .where(isNotNull(users.totpSecretEnc))
    .limit(1);
  if (sealed?.value && !opens(secretBox, sealed.value)) throw new KeyMismatchError();
  await db
    .insert(serverKeys)
    .values({ name: CANARY_NAME, value: secretBox.encrypt(CANARY_TEXT) })
    .onConflictDoNothing();
}
