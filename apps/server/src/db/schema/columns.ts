import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schools } from './schools';

/** `school_id integer not null references schools(id) on delete cascade`: the tenant key of every school-owned table. */
export function schoolIdColumn() {
  return integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });
}

/** `timestamp with time zone` as a JS Date. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

/** `column in ('a', 'b', ...)` for a check constraint on a text enumeration. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** PostgreSQL `bytea` as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType() {
    return 'bytea';
  },
});
