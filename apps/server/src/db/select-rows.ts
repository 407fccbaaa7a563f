import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';

/**
 * Runs raw SQL and parses its rows with `row` (PGlite and node-postgres both answer `{ rows }`). The SQL casts
 * counts to int and means to float8, which both drivers return as numbers.
 */
export async function selectRows<S extends z.ZodType>(db: Db, row: S, query: SQL): Promise<z.output<S>[]> {
  const { rows } = resultSchema.parse(await db.execute(query));
  return rows.map((item) => row.parse(item));
}

// Made once: zod compiles a schema's parser on its first use, so a schema made per call (the answer's wrapper, an
// array of the row) pays that on every statement.
const resultSchema = z.object({ rows: z.array(z.unknown()) });
