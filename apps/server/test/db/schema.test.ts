import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { queryRows } from '../helpers/query';

/**
 * Tables without a mandatory school: accounts and sessions, the schools themselves, the global test catalogue,
 * and a few platform tables. group_plan_templates and audit_log have a nullable school_id (system templates and
 * system-level events).
 */
const GLOBAL_TABLES = new Set([
  'users',
  'user_settings',
  'sessions',
  'password_reset_tokens',
  'login_attempts',
  'email_change_requests',
  'sign_in_links',
  'device_tokens',
  'server_keys',
  'schools',
  'subjects',
  'test_providers',
  'national_tests',
  'methods',
  'method_tests',
  'domains',
  'goals',
  'test_sections',
  'national_norms',
  'client_error_reports',
  'group_plan_templates',
  'audit_log',
]);

interface Row extends Record<string, unknown> {
  table_name: string;
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.destroy();
});

function rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

describe('schema', () => {
  it('creates the core tables', async () => {
    const tables = await rows<Row>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = new Set(tables.map((row) => row.table_name));
    for (const name of [
      'users',
      'user_settings',
      'sessions',
      'schools',
      'school_memberships',
      'teacher_group_permissions',
      'year_classes',
      'pupils',
      'year_class_pupils',
      'subjects',
      'test_providers',
      'national_tests',
      'national_test_scores',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('gives every school-owned table a NOT NULL school_id referencing schools', async () => {
    const tables = await rows<Row>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const schoolOwned = tables.map((row) => row.table_name).filter((name) => !GLOBAL_TABLES.has(name));
    expect(schoolOwned.length).toBeGreaterThan(20);
    const columns = await rows<Row & { is_nullable: string }>(
      sql`select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'school_id'`,
    );
    const nullability = new Map(columns.map((row) => [row.table_name, row.is_nullable]));
    const foreignKeys = await rows<Row>(sql`
      select kcu.table_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
        and kcu.column_name = 'school_id' and ccu.table_name = 'schools' and ccu.column_name = 'id'`);
    const withForeignKey = new Set(foreignKeys.map((row) => row.table_name));
    const problems = schoolOwned.filter(
      (name) => nullability.get(name) !== 'NO' || !withForeignKey.has(name),
    );
    expect(problems).toEqual([]);
  });

  it('gives every school-owned table an index that starts with school_id, apart from the listed ones', async () => {
    // Read by their own first column, never by school alone: a user's hidden notices (user_id, school_id, ...)
    // and a pupil's note categories (pupil_id, note_category_id).
    const readByOtherKey = new Set(['hidden_notifications', 'pupil_note_category_links']);
    const tables = await rows<Row>(sql`
      select c.relname as table_name from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum)
      order by 1`);
    const withSchoolId = await rows<Row>(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'school_id'`,
    );
    expect(withSchoolId.length).toBeGreaterThan(20);
    expect(tables.map((row) => row.table_name).filter((name) => !readByOtherKey.has(name))).toEqual([]);
  });

  it('keeps a foreign key to schools on the nullable school_id of templates and the audit log', async () => {
    const columns = await rows<Row & { is_nullable: string }>(
      sql`select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'school_id' and table_name in ('group_plan_templates', 'audit_log')`,
    );
    expect(columns.map((row) => row.is_nullable).sort()).toEqual(['YES', 'YES']);
  });
});
