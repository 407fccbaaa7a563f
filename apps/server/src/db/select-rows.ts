import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { builtOncePerDb } from './built-once';
import type { Db } from './client';
import { NAMED_BY_TEXT } from './prepared-statements';
import { rowDecoderOf } from './row-decoder';

/**
 * Runs raw SQL and parses its rows with `row` through the schema's compiled reader (row-decoder.ts). PGlite and
 * node-postgres both answer `{ rows }`; the SQL casts counts to int and means to float8, which both drivers
 * return as numbers.
 */
export async function selectRows<S extends z.ZodType>(db: Db, row: S, query: SQL): Promise<z.output<S>[]> {
  const { rows } = resultSchema.parse(await db.execute(query));
  return rows.map(rowDecoderOf(row));
}

// Made once: zod compiles a schema's parser on its first use, so a schema made per call (the answer's wrapper, an
// array of the row) pays that on every statement.
const resultSchema = z.object({ rows: z.array(z.unknown()) });

/** Both drivers' databases use a dialect without options (db/client.ts): its SQL text is theirs. */
const dialect = new PgDialect();

/**
 * selectRows for a raw statement built once (see built-once.ts): `query` takes its values as
 * `sql.placeholder(name)`, and each run gives them by name. A results page's raw statements are trees of SQL
 * fragments (rankedScores is some sixty); drizzle walked them again on every request.
 */
export function selectRowsOnce<S extends z.ZodType>(row: S, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const statement = builtOncePerDb((db) => db._.session.prepareQuery(built, undefined, NAMED_BY_TEXT, false));
  const decode = rowDecoderOf(row);
  return async (db: Db, values: Record<string, unknown>): Promise<z.output<S>[]> => {
    const { rows } = resultSchema.parse(await statement(db).execute(values));
    return rows.map(decode);
  };
}
