import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath (client.ts makes it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
