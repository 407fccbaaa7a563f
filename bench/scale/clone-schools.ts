/**
 * Copies every school of a freshly seeded demo database `copies` times with set-based SQL (INSERT ... SELECT over
 * generate_series), so a national-scale database is built in minutes rather than by generating rows in JavaScript.
 *
 * What is copied is read from the database's own catalogue, so a new migration needs no change here: the schools,
 * the accounts (users, user_settings) and every non-empty table with a `school_id` column. Copy k of a row gets
 * `id + k * stride`, where a table's stride is its highest id in the demo; every foreign key into a copied table
 * is shifted by that table's stride, so each copy points only at its own school, pupils, groups and accounts
 * (catalogue tables such as subjects and national tests are shared, as in production). Copy k of an account is
 * named `<username>-k`, so `directeur-k` is the superuser of copy k of the demo's schools.
 */
import type pg from 'pg';

/** Integer references that are not declared as foreign keys: column -> the copied table it points into. */
const UNDECLARED_REFERENCES: Record<string, string> = {
  'schools.connection_changed_by_id': 'users',
  'users.homepage_school_id': 'schools',
  'users.homepage_group_id': 'year_classes',
  'year_class_notes.related_pupil_ids': 'pupils',
};

/** Columns that must differ per copy (unique keys, names a person reads). `k` is the copy number. */
const RENAMED: Record<string, string> = {
  'schools.brin_code': `t.brin_code || '-' || k`,
  'schools.name': `t.name || ' ' || k`,
  'users.username': `t.username || '-' || k`,
  'users.email': `regexp_replace(t.email, '@', '+' || k || '@')`,
  // One staff member of the provider is enough; the copies are ordinary accounts.
  'users.is_provider_staff': 'false',
};

interface Column {
  name: string;
  isArray: boolean;
}

export interface TablePlan {
  table: string;
  /** Highest id in the demo (0 for a table without an integer id, such as user_settings). */
  stride: number;
  /** SQL expression per column, over the demo row `t` and the copy number `k`. */
  columns: { name: string; expression: string }[];
  /** Picks the demo's own rows (later chunks of copies run in the same transaction and would see earlier ones). */
  demoRows: string;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads the catalogue and the demo's id ranges and returns what to copy, in a valid insertion order. */
export async function planCopies(client: pg.ClientBase): Promise<TablePlan[]> {
  const owned = await client.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns
      where table_schema = 'public' and (column_name = 'school_id' or table_name in ('schools', 'users', 'user_settings'))`,
  );
  const columns = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const foreignKeys = await client.query<{ table_name: string; column_name: string; target: string }>(
    `select c.conrelid::regclass::text as table_name, a.attname as column_name, c.confrelid::regclass::text as target
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and c.connamespace = 'public'::regnamespace`,
  );
  const references = new Map(Object.entries(UNDECLARED_REFERENCES));
  for (const row of foreignKeys.rows) references.set(`${row.table_name}.${row.column_name}`, row.target);

  const columnsOf = new Map<string, Column[]>();
  for (const row of columns.rows) {
    const list = columnsOf.get(row.table_name) ?? [];
    list.push({ name: row.column_name, isArray: row.data_type === 'ARRAY' });
    columnsOf.set(row.table_name, list);
  }

  const strides = new Map<string, number>();
  const tables: string[] = [];
  for (const { table_name: table } of owned.rows) {
    const hasIntegerId = columns.rows.some(
      (row) => row.table_name === table && row.column_name === 'id' && row.data_type === 'integer',
    );
    const { rows } = await client.query<{ rows: number; stride: number }>(
      `select count(*)::int as rows, ${hasIntegerId ? 'coalesce(max(id), 0)' : '0'}::int as stride from ${quote(table)}`,
    );
    const found = rows[0];
    if (!found || found.rows === 0) continue;
    tables.push(table);
    strides.set(table, found.stride);
  }

  const plans = tables.map((table): TablePlan => {
    const stride = strides.get(table) ?? 0;
    let demoRows = stride > 0 ? `t.id <= ${stride}` : '';
    const planned = (columnsOf.get(table) ?? []).map(({ name, isArray }) => {
      const key = `${table}.${name}`;
      const renamed = RENAMED[key];
      if (renamed) return { name, expression: renamed };
      if (name === 'id' && stride > 0) return { name, expression: `t.id + k * ${stride}` };
      const target = references.get(key);
      const targetStride = target ? strides.get(target) : undefined;
      if (targetStride === undefined) return { name, expression: `t.${quote(name)}` };
      if (!isArray) {
        demoRows ||= `t.${quote(name)} <= ${targetStride}`;
        return { name, expression: `t.${quote(name)} + k * ${targetStride}` };
      }
      const shifted = `array(select x + k * ${targetStride} from unnest(t.${quote(name)}) with ordinality as u(x, n) order by n)`;
      return { name, expression: shifted };
    });
    if (!demoRows)
      throw new Error(`${table}: no integer id or reference tells the demo's rows from the copies`);
    return { table, stride, columns: planned, demoRows };
  });
  // Parents first: schools and users, then the rest in name order (foreign keys are not checked while copying).
  const rank = (table: string) => ['schools', 'users', 'user_settings'].indexOf(table);
  return plans.sort((a, b) => {
    const ra = rank(a.table);
    const rb = rank(b.table);
    if (ra !== rb) return (ra === -1 ? 99 : ra) - (rb === -1 ? 99 : rb);
    return a.table.localeCompare(b.table);
  });
}

/** INSERT ... SELECT of copies `from`..`to` of one table. */
export function copyStatement(plan: TablePlan, from: number, to: number): string {
  const names = plan.columns.map((column) => quote(column.name)).join(', ');
  const expressions = plan.columns.map((column) => column.expression).join(', ');
  return (
    `insert into ${quote(plan.table)} (${names}) select ${expressions} ` +
    `from generate_series(${from}, ${to}) as k cross join ${quote(plan.table)} as t where ${plan.demoRows}`
  );
}

/**
 * Copies in chunks of `chunk` copies per statement inside one transaction. Foreign keys are not checked row by row
 * (session_replication_role = replica, which needs a superuser); `checkForeignKeys` checks them all afterwards.
 */
export async function copySchools(
  client: pg.ClientBase,
  plans: TablePlan[],
  copies: number,
  chunk: number,
  report: (table: string, rows: number, ms: number) => void,
): Promise<void> {
  await client.query('begin');
  try {
    await client.query(`set local session_replication_role = replica`);
    await client.query(`set local synchronous_commit = off`);
    for (const plan of plans) {
      const started = performance.now();
      let rows = 0;
      for (let from = 1; from <= copies; from += chunk) {
        const result = await client.query(copyStatement(plan, from, Math.min(copies, from + chunk - 1)));
        rows += result.rowCount ?? 0;
      }
      report(plan.table, rows, performance.now() - started);
    }
    for (const plan of plans) {
      if (plan.stride === 0) continue;
      await client.query(
        `select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${quote(plan.table)}) + 1, false)`,
        [plan.table],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Every declared single-column foreign key of the copied tables, checked set-wise; returns the violations. */
export async function checkForeignKeys(client: pg.ClientBase, plans: TablePlan[]): Promise<string[]> {
  const { rows } = await client.query<{
    table_name: string;
    column_name: string;
    target: string;
    key: string;
  }>(
    `select c.conrelid::regclass::text as table_name, a.attname as column_name,
            c.confrelid::regclass::text as target, b.attname as key
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute b on b.attrelid = c.confrelid and b.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and c.connamespace = 'public'::regnamespace`,
  );
  const copied = new Set(plans.map((plan) => plan.table));
  const problems: string[] = [];
  for (const fk of rows.filter((row) => copied.has(row.table_name))) {
    const { rows: orphans } = await client.query<{ count: number }>(
      `select count(*)::int as count from ${quote(fk.table_name)} c
        where c.${quote(fk.column_name)} is not null
          and not exists (select 1 from ${quote(fk.target)} p where p.${quote(fk.key)} = c.${quote(fk.column_name)})`,
    );
    const count = orphans[0]?.count ?? 0;
    if (count > 0) problems.push(`${fk.table_name}.${fk.column_name} -> ${fk.target}: ${count} missing`);
  }
  return problems;
}
