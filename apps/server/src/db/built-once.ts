import type { Db } from './client';

/**
 * A statement built once per database instead of on every call. Drizzle turns a query builder into its SQL text
 * on each run; for the few statements of every request (the session, the membership, a group's or pupil's school,
 * the audit row) that building was most of drizzle's share of a request's Node time. Build the statement with
 * `sql.placeholder(...)` for its values and `.prepare(NAMED_BY_TEXT)` (db/prepared-statements.ts: named, or not,
 * by the same rule as every other statement), then run it with `.execute({ ...values })`.
 *
 * Keyed by the database object: a transaction's `tx` gets its own (built once per transaction, as before).
 */
export function builtOncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
