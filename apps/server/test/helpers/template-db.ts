import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';
import { createDatabase, migrationsFolder } from '../../src/db/client';
import * as schema from '../../src/db/schema/index';

const CACHE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.cache/leerzicht-test-db',
);
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_MAX_AGE_MS = 7 * DAY_MS;
const SCRATCH_PREFIX = 'leerzicht-test-';
const require = createRequire(import.meta.url);
const packageManifest = z.object({ name: z.string(), version: z.string() });

/** The migrated database of this run that every test file starts from (see test/global-setup.ts). */
export type TemplateRef =
  | {
      kind: 'pglite';
      /** the migrated data directory, never opened by a test */
      dir: string;
      /** where the test files' copies go (on tmpfs where there is one); removed at the end of the run */
      scratch: string;
    }
  | { kind: 'postgres'; /** a database on the server of DATABASE_URL */ name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TemplateRef;
  }
}

export interface Template {
  ref: TemplateRef;
  dispose(): Promise<void>;
}

/** A URL for another database on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/** Runs statements on the server of `url` over one short-lived connection (CREATE/DROP DATABASE). */
export async function onServer(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Migrates a template once: a PGlite data directory, or a template database on the PostgreSQL server. */
export async function buildTemplate(databaseUrlOrUnset: string | undefined): Promise<Template> {
  return databaseUrlOrUnset ? buildPostgresTemplate(databaseUrlOrUnset) : buildPgliteTemplate();
}

/**
 * PGlite's initdb alone costs seconds of CPU, so the migrated data directory is also kept between runs, under
 * a name derived from the migration files and the PGlite and Drizzle versions: any change to them builds anew.
 * Each test file opens a copy (a copied directory opens in about half the CPU time of an unpacked tarball).
 */
async function buildPgliteTemplate(): Promise<Template> {
  const dir = path.join(CACHE_DIR, await templateKey());
  await mkdir(CACHE_DIR, { recursive: true });
  if (await exists(dir)) {
    // The age pruneCache goes by is the time since last use.
    await utimes(dir, new Date(), new Date());
  } else {
    await pruneCache(dir);
    // Built aside and renamed, so a run started meanwhile never copies half a directory.
    const partial = `${dir}.${randomBytes(4).toString('hex')}.partial`;
    const client = new PGlite(partial);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      // A clean shutdown, so the copies start without crash recovery.
      await client.close();
    }
    try {
      await rename(partial, dir);
    } catch (error) {
      // Another run built the same template first.
      await rm(partial, { recursive: true, force: true });
      if (!(await exists(dir))) throw error;
    }
  }
  const scratchParent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  await removeStaleScratch(scratchParent);
  const scratch = await mkdtemp(path.join(scratchParent, SCRATCH_PREFIX));
  return {
    ref: { kind: 'pglite', dir, scratch },
    dispose: () => rm(scratch, { recursive: true, force: true }),
  };
}

/** Copies left behind by runs that were killed before their teardown (a day old: no run lasts that long). */
async function removeStaleScratch(parent: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const full = path.join(parent, name);
    const info = await stat(full).catch(() => null);
    if (info && Date.now() - info.mtimeMs > DAY_MS) await rm(full, { recursive: true, force: true });
  }
}

/** Drops templates of other migration states unused for a week, and leftovers of interrupted builds. */
async function pruneCache(current: string): Promise<void> {
  for (const name of await readdir(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, name);
    if (full === current) continue;
    const info = await stat(full).catch(() => null);
    const maxAge = name.endsWith('.partial') ? 60 * 60 * 1000 : CACHE_MAX_AGE_MS;
    if (info && Date.now() - info.mtimeMs > maxAge) await rm(full, { recursive: true, force: true });
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\ndrizzle ${packageVersion('drizzle-orm')}\n`);
  hash.update(await migrationsHash());
  return hash.digest('hex').slice(0, 16);
}

function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = packageManifest.safeParse(JSON.parse(readFileSync(manifest, 'utf8')));
      if (parsed.success && parsed.data.name === name) return parsed.data.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${name}`);
    dir = parent;
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function buildPostgresTemplate(url: string): Promise<Template> {
  const name = `leerzicht_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const drop = () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const database = createDatabase({ url: databaseUrl(url, name), poolMax: 1 });
    try {
      await database.migrate();
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { ref: { kind: 'postgres', name }, dispose: drop };
}

/** A hash of the names and contents of the migration files: a new or edited migration changes it. */
export async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\0`).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex');
}
