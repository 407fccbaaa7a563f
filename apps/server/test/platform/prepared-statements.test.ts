import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../../src/db/client';
import { writeAudit } from '../../src/platform/audit';
import { queryRows } from '../helpers/query';
import { databaseUrl, onServer } from '../helpers/template-db';

const baseUrl = process.env.DATABASE_URL ?? '';

/** Named statements live in one PostgreSQL connection: each database here has a pool of one. */
describe.runIf(baseUrl)('statements named after their text on PostgreSQL', () => {
  const name = `leerzicht_test_${randomBytes(6).toString('hex')}`;
  let named: Database;
  let unnamed: Database;

  beforeAll(async () => {
    await onServer(baseUrl, `CREATE DATABASE ${name}`);
    named = createDatabase({ url: databaseUrl(baseUrl, name), poolMax: 1 });
    unnamed = createDatabase({ url: databaseUrl(baseUrl, name), poolMax: 1, preparedStatements: false });
    // The audit row's statement is built once (db/built-once.ts): its table must exist.
    await named.migrate();
  });
  afterAll(async () => {
    await Promise.all([named.close(), unnamed.close()]);
    await onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  const prepared = (database: Database) =>
    queryRows<{ name: string; statement: string }>(
      database.db,
      sql`select name, statement from pg_prepared_statements where name like ${'lz\\_%'} order by prepare_time`,
    );

  it('prepares a statement once per connection and runs it again with other values', async () => {
    const marker = `marker_${randomBytes(4).toString('hex')}`;
    const sum = (a: number) => sql`select ${a}::int + 1 as sum, ${marker}::text as marker`;
    const first = await queryRows<{ sum: number }>(named.db, sum(1));
    const second = await queryRows<{ sum: number }>(named.db, sum(41));
    expect([first[0]?.sum, second[0]?.sum]).toEqual([2, 42]);
    const ours = (await prepared(named)).filter((row) => row.statement.includes('::int + 1 as sum'));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.name).toMatch(/^lz_[\w-]{27}$/);
  });

  it('leaves transactions, texts over 8 KB and a database with the setting off unnamed', async () => {
    const before = (await prepared(named)).length;
    await named.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as in_transaction`);
    });
    const long = `${'x'.repeat(9_000)}`;
    await named.db.execute(sql`select ${1}::int as long_one, ${sql.raw(`'${long}'`)} as padding`);
    const after = await prepared(named);
    expect(after.filter((row) => row.statement.includes('in_transaction'))).toEqual([]);
    expect(after.filter((row) => row.statement.includes('long_one'))).toEqual([]);
    expect(after).toHaveLength(before);
    await unnamed.db.execute(sql`select ${2}::int as off_setting`);
    expect(await prepared(unnamed)).toEqual([]);
  });

  it('names a statement built once by the same rule: by its text, not in a transaction, not with the setting off', async () => {
    const audit = (db: Database['db']) =>
      writeAudit(db, { actorUserId: null, action: 'test.prepared', entity: 'prepared-statements' });
    // Any name, not only this rule's: a statement that named itself would be prepared too.
    const auditRows = (database: Database) =>
      queryRows<{ name: string }>(
        database.db,
        sql`select name from pg_prepared_statements where statement like ${'insert into "audit_log"%'}`,
      );
    await unnamed.db.transaction(async (tx) => {
      await audit(tx);
    });
    await audit(unnamed.db);
    expect(await auditRows(unnamed)).toEqual([]);
    await named.db.transaction(async (tx) => {
      await audit(tx);
    });
    expect(await auditRows(named)).toEqual([]);
    await audit(named.db);
    await audit(named.db);
    const rows = await auditRows(named);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toMatch(/^lz_[\w-]{27}$/);
    const [written] = await queryRows<{ n: number }>(
      named.db,
      sql`select count(*)::int as n from audit_log where action = ${'test.prepared'}`,
    );
    expect(written?.n).toBe(5);
  });
});
