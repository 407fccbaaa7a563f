import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { parse } from 'libpg-query';
import * as schema from '../../src/db/schema/index';

/*
 * Does a statement filter every school-owned table it touches on school_id? That is what lets Citus route it to
 * the one shard of a school (docs/scaling.md). The statement is parsed by PostgreSQL's own parser (libpg-query)
 * and looked at query level by query level (a subquery, CTE or UNION branch is a level of its own):
 *
 * - SELECT, UPDATE, DELETE: each school-owned table in the level's FROM/USING/target needs a comparison of its
 *   school_id (`=`, `IN`, `= ANY`) in the level's WHERE or JOIN ... ON. A join on `a.school_id = b.school_id`
 *   counts for both (co-located tables join shard by shard); an unqualified `school_id` counts for every table.
 * - INSERT: the inserted columns include school_id (Citus routes each row by it).
 */

/** Tables with a school_id column, from the Drizzle schema. */
export function schoolOwnedTables(): Set<string> {
  const names = new Set<string>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.columns.some((column) => column.name === 'school_id')) names.add(config.name);
  }
  return names;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LEVEL_KINDS = ['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt'] as const;
type LevelKind = (typeof LEVEL_KINDS)[number];

interface TableRef {
  table: string;
  /** How the level names it: its alias, or its own name. */
  name: string;
}

/** The school-owned tables each statement of `sql` reads or writes without a school_id predicate. */
export async function unfilteredTables(sql: string, owned: ReadonlySet<string>): Promise<string[]> {
  const tree = (await parse(sql)) as unknown as JsonObject;
  const unfiltered = new Set<string>();
  const statements = Array.isArray(tree.stmts) ? tree.stmts : [];
  for (const raw of statements) {
    if (isObject(raw) && isObject(raw.stmt)) visitNested(raw.stmt, owned, unfiltered);
  }
  return [...unfiltered].sort();
}

/** Every query level inside `node` (a level's own nested levels are visited by that level). */
function visitNested(node: Json, owned: ReadonlySet<string>, unfiltered: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) visitNested(item, owned, unfiltered);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if ((LEVEL_KINDS as readonly string[]).includes(key) && isObject(value)) {
      visitLevel(key as LevelKind, value, owned, unfiltered);
    } else {
      visitNested(value, owned, unfiltered);
    }
  }
}

function visitLevel(kind: LevelKind, level: JsonObject, owned: ReadonlySet<string>, unfiltered: Set<string>) {
  const tables: TableRef[] = [];
  const conditions: Json[] = [];
  const addRangeVar = (rangeVar: Json | undefined) => {
    if (!isObject(rangeVar) || typeof rangeVar.relname !== 'string') return;
    const alias = isObject(rangeVar.alias) ? rangeVar.alias.aliasname : undefined;
    tables.push({ table: rangeVar.relname, name: typeof alias === 'string' ? alias : rangeVar.relname });
  };
  const collectFrom = (items: Json | undefined) => {
    for (const item of Array.isArray(items) ? items : []) {
      if (!isObject(item)) continue;
      if (isObject(item.RangeVar)) addRangeVar(item.RangeVar);
      if (isObject(item.JoinExpr)) {
        collectFrom([item.JoinExpr.larg ?? null, item.JoinExpr.rarg ?? null]);
        if (item.JoinExpr.quals) conditions.push(item.JoinExpr.quals);
      }
    }
  };

  if (kind === 'InsertStmt') {
    const columns = Array.isArray(level.cols) ? level.cols : [];
    const hasSchoolId = columns.some(
      (col) => isObject(col) && isObject(col.ResTarget) && col.ResTarget.name === 'school_id',
    );
    const relation = level.relation;
    if (
      isObject(relation) &&
      typeof relation.relname === 'string' &&
      owned.has(relation.relname) &&
      !hasSchoolId
    ) {
      unfiltered.add(relation.relname);
    }
  } else {
    if (kind !== 'SelectStmt') addRangeVar(level.relation);
    collectFrom(kind === 'DeleteStmt' ? level.usingClause : level.fromClause);
    if (level.whereClause) conditions.push(level.whereClause);
    const filtered = filteredNames(conditions);
    for (const ref of tables) {
      if (!owned.has(ref.table)) continue;
      if (filtered.unqualified || filtered.names.has(ref.name)) continue;
      unfiltered.add(ref.table);
    }
  }
  // UNION branches (bare SelectStmt nodes), subqueries, CTEs and INSERT ... SELECT are levels of their own.
  for (const branch of [level.larg, level.rarg]) {
    if (isObject(branch)) visitLevel('SelectStmt', branch, owned, unfiltered);
  }
  const rest = Object.entries(level).filter(([key]) => !['relation', 'larg', 'rarg'].includes(key));
  visitNested(Object.fromEntries(rest), owned, unfiltered);
}

/** The table names (aliases) whose school_id the conditions compare, without entering subqueries. */
function filteredNames(conditions: Json[]): { names: Set<string>; unqualified: boolean } {
  const names = new Set<string>();
  let unqualified = false;
  const noteColumn = (node: Json | undefined) => {
    if (!isObject(node) || !isObject(node.ColumnRef) || !Array.isArray(node.ColumnRef.fields)) return;
    const fields = node.ColumnRef.fields.map((field) =>
      isObject(field) && isObject(field.String) ? field.String.sval : null,
    );
    if (fields.at(-1) !== 'school_id') return;
    const qualifier = fields.at(-2);
    if (typeof qualifier === 'string') names.add(qualifier);
    else unqualified = true;
  };
  const walk = (node: Json) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isObject(node)) return;
    if (isObject(node.SubLink)) return;
    if (isObject(node.A_Expr)) {
      const expr = node.A_Expr;
      const operator =
        Array.isArray(expr.name) && isObject(expr.name[0]) && isObject(expr.name[0].String)
          ? expr.name[0].String.sval
          : null;
      const comparison =
        expr.kind === 'AEXPR_IN' ||
        ((expr.kind === 'AEXPR_OP' || expr.kind === 'AEXPR_OP_ANY') && operator === '=');
      if (comparison) {
        noteColumn(expr.lexpr);
        noteColumn(expr.rexpr);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(conditions);
  return { names, unqualified };
}
