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
 *   school_id with a value (`=`, `IN`, `= ANY`) in the level's WHERE or JOIN ... ON. A join on
 *   `a.school_id = b.school_id` carries that to the other table (co-located tables join shard by shard), but does
 *   not stand in for it; an unqualified `school_id` counts for every table.
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
    const filtered = filteredNames(conditions, new Set(tables.map((ref) => ref.name)));
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

/**
 * The table names (aliases) of this level whose school_id the conditions pin to a value, without entering
 * subqueries. A school_id compared to a value (a parameter, constant, list or `ANY`) pins its table; a join on
 * `a.school_id = b.school_id` passes a pin on to the other side, but two tables joined on school_id with neither
 * pinned still go to every shard. A school_id of a table outside the level (a correlated subquery's outer table)
 * counts as pinned: that table is checked at its own level.
 */
function filteredNames(
  conditions: Json[],
  levelNames: ReadonlySet<string>,
): { names: Set<string>; unqualified: boolean } {
  const pinned = new Set<string>();
  const links: [string, string][] = [];
  let unqualified = false;
  /** `school_id` columns: the qualifier, '' when unqualified; null for anything else. */
  const schoolIdOf = (node: Json | undefined): string | null => {
    if (!isObject(node) || !isObject(node.ColumnRef) || !Array.isArray(node.ColumnRef.fields)) return null;
    const fields = node.ColumnRef.fields.map((field) =>
      isObject(field) && isObject(field.String) ? field.String.sval : null,
    );
    if (fields.at(-1) !== 'school_id') return null;
    const qualifier = fields.at(-2);
    return typeof qualifier === 'string' ? qualifier : '';
  };
  const isColumn = (node: Json | undefined) => isObject(node) && isObject(node.ColumnRef);
  const pin = (name: string) => {
    if (name === '') unqualified = true;
    else pinned.add(name);
  };
  const compare = (left: Json | undefined, right: Json | undefined) => {
    const a = schoolIdOf(left);
    const b = schoolIdOf(right);
    if (a !== null && b !== null) {
      // An outer table's school_id pins this side; two of this level's tables only link.
      if (a !== '' && !levelNames.has(a)) pin(b);
      else if (b !== '' && !levelNames.has(b)) pin(a);
      else if (a !== '' && b !== '') links.push([a, b]);
      return;
    }
    if (a !== null && !isColumn(right)) pin(a);
    if (b !== null && !isColumn(left)) pin(b);
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
      if (comparison) compare(expr.lexpr, expr.rexpr);
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(conditions);
  // Pins travel along the school_id joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of links) {
      if (pinned.has(a) !== pinned.has(b)) {
        pinned.add(a);
        pinned.add(b);
        grew = true;
      }
    }
  }
  return { names: pinned, unqualified };
}
