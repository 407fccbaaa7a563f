import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { writeAudit } from '../platform/audit';
import { isProviderEmail } from '../platform/provider-staff';
import { revokeImpersonationsBy } from '../platform/sessions';

const USAGE = 'Usage: npm run provider-staff -- grant|revoke <username>';

/**
 * `npm run provider-staff -- grant <username>` (or `revoke`): gives or takes the provider-staff role on the
 * server itself, for the first staff member; after that, staff grant it to each other in the app. Only accounts
 * with an address in PROVIDER_DOMAIN can be staff.
 */
async function run(): Promise<void> {
  const [action, username] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !username) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    poolMax: 1,
  });
  try {
    await database.migrate();
    const [user] = await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    if (!user) throw new Error(`No account with username ${username}.`);
    const grant = action === 'grant';
    if (grant && !isProviderEmail(user.email, config.PROVIDER_DOMAIN))
      throw new Error(`Only accounts with an address in ${config.PROVIDER_DOMAIN} can be provider staff.`);
    const now = new Date();
    await database.db
      .update(users)
      .set({ isProviderStaff: grant })
      .where(sql`${users.id} = ${user.id}`);
    if (!grant) await revokeImpersonationsBy(database.db, user.id, now);
    await writeAudit(database.db, {
      actorUserId: null,
      action: grant ? 'provider_staff.grant' : 'provider_staff.revoke',
      entity: 'user',
      entityId: user.id,
      details: { via: 'command-line' },
      at: now,
    });
    console.log(`${username} is ${grant ? 'now' : 'no longer'} provider staff.`);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
