import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Architecture (Server): services call repositories; only repositories run SQL. This scans the modules' source for
 * SQL outside files named *repository*.ts: SQL text (sql`…`, sql.raw), a query builder called on a database or
 * transaction (db.select, tx.insert, …), .execute( and imports of the table schema (type-only imports aside).
 * Route files may not reach a repository or platform/sessions (which runs SQL) either: they call their module's
 * service.
 */

const MODULES = join(__dirname, '../../src/modules');

const SQL_PATTERNS: readonly RegExp[] = [
  /\bsql`/,
  /\bsql\.raw\(/,
  /\.execute\(/,
  /\b(?:db|tx|trx|database)\s*\.\s*(?:select|selectDistinct|insert|update|delete|query)\b/,
  /^import (?!type\b)[^;]*from '[./]*db\/schema(?:\/index)?'/m,
];

/**
 * Files outside repositories that keep SQL, each with its reason. Only SQL fragments that repositories compose
 * belong here; a file that runs a statement does not.
 */
const ALLOWED: Record<string, string> = {
  'scores/score-sql.ts':
    'the score rules as SQL fragments (rankedScores, …) that every score repository composes',
  'plan-reports/effect-sql.ts':
    'the plan effect relation, an SQL fragment the plan-report repositories compose',
  'scores/aggregate-sql.ts':
    "the aggregate of counted results as SQL columns that the scores module's repositories compose",
  'uploads/national-results/signature.ts':
    "the stored row's comparison text as an SQL fragment the repository reads",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(MODULES).map((path) => ({
  name: relative(MODULES, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

describe('SQL stays in repositories', () => {
  it('finds SQL outside repositories only in the allowlisted files', () => {
    const withSql = files
      .filter((file) => !/repository[^/]*\.ts$/.test(file.name))
      .filter((file) => SQL_PATTERNS.some((pattern) => pattern.test(file.text)))
      .map((file) => file.name)
      .sort();
    expect(withSql).toEqual(Object.keys(ALLOWED).sort());
  });

  it('has route files that reach no repository and not platform/sessions', () => {
    const reaching = files
      .filter((file) => /routes[^/]*\.ts$/.test(file.name))
      .filter((file) => /from '[^']*(?:repository|platform\/sessions)'/.test(file.text))
      .map((file) => file.name);
    expect(reaching).toEqual([]);
  });
});
