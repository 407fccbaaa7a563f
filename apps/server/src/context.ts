import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './platform/mail';
import type { SecretBox } from './platform/secret-box';

/** What every module gets: the database, configuration, secrets and a clock tests can move. */
export interface AppContext {
  /** The primary: every write, and every read that must see the caller's own writes (sessions, access). */
  db: Db;
  /**
   * Where the results reads go: a streaming replica when DATABASE_READ_URL is set (a few seconds behind at
   * most), otherwise `db` itself. Only the routes that pass `onReadReplica(ctx)` to their service use it.
   */
  readDb: Db;
  config: Config;
  jwtSecret: string;
  secretBox: SecretBox;
  now: () => Date;
  buildVersion: string;
  mailer: Mailer;
}

/**
 * The context a results read runs with: the same, but its queries go to the read database. Access was already
 * resolved on the primary by the route's policy (cached per request), so only the results rows come from the
 * replica.
 */
export function onReadReplica(ctx: AppContext): AppContext {
  return ctx.readDb === ctx.db ? ctx : { ...ctx, db: ctx.readDb };
}
