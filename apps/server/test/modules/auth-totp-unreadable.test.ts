import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/db/schema/index';
import { TOTP_SECRET_UNREADABLE } from '../../src/modules/auth/service';
import { createSecretBox } from '../../src/platform/secret-box';
import { newTotpSecret, totpCode } from '../../src/platform/totp';
import { createTestApp, type TestApp } from '../helpers/app';
import { createMember, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('a two-step secret the server cannot open', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('is a clear server error that does not spend the code attempt', async () => {
    // Sealed with another key than the server's, as after a start with the wrong JWT_SECRET.
    const secret = newTotpSecret();
    const { user } = await createMember(t.database.db, {
      totpActive: true,
      totpSecretEnc: createSecretBox('another-key-than-the-servers-own-key').encrypt(secret),
    });
    const codeCountersBefore = (await t.database.db.select().from(loginAttempts)).filter((row) =>
      row.key.startsWith('code:'),
    );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await postLogin(t.app, {
        username: user.username,
        password: TEST_PASSWORD,
        totpChallenge: totpCode(secret, NOW),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: 500, detail: TOTP_SECRET_UNREADABLE });
    }
    const codeCountersAfter = (await t.database.db.select().from(loginAttempts)).filter((row) =>
      row.key.startsWith('code:'),
    );
    expect(codeCountersAfter).toEqual(codeCountersBefore);
  });
});
