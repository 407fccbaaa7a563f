import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './platform/mail';
import type { SecretBox } from './platform/secret-box';

/** What every module gets: the database, configuration, secrets and a clock tests can move. */
export interface AppContext {
  db: Db;
  config: Config;
  jwtSecret: string;
  secretBox: SecretBox;
  now: () => Date;
  buildVersion: string;
  mailer: Mailer;
}
