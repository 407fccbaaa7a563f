/**
 * A national-scale database for the read benchmark (issue 16 item 3): the demo, seeded as `npm run seed:demo`
 * seeds it, plus SCALE_COPIES copies of all its schools made with set-based SQL (clone-schools.ts), then ANALYZE.
 * The default, 200 copies of the demo's three schools, gives 603 schools and about 4 million national results.
 *
 *   npm run bench:scale:generate                                         # leerzicht_scale, 200 copies
 *   SCALE_COPIES=0 SCALE_DATABASE=leerzicht_scale_small npm run bench:scale:generate   # the demo alone
 *   SCALE_COPIES=667 npm run bench:scale:generate                        # about 2,000 schools
 *
 * The database is dropped and created again (apps/server/scripts/create-database.mjs). Copy k's superuser of its
 * first two schools is `directeur-k`, its teacher `leerkracht-k`; every account's password is the demo's.
 * SCALE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be a superuser connection.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkForeignKeys, copySchools, planCopies, quote } from './clone-schools';
import { ADMIN_URL, BIG_DATABASE, JWT_SECRET, databaseUrl } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COPIES = Number(process.env.SCALE_COPIES ?? 200);
const CHUNK = Number(process.env.SCALE_CHUNK ?? 25);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

async function main(): Promise<void> {
  if (!Number.isInteger(COPIES) || COPIES < 0) throw new Error('SCALE_COPIES must be a whole number >= 0');
  const started = performance.now();
  const url = databaseUrl(BIG_DATABASE);
  const createScript = path.join(root, 'apps/server/scripts/create-database.mjs');
  run(process.execPath, [createScript, ADMIN_URL, BIG_DATABASE, '--drop']);
  run(process.execPath, [createScript, ADMIN_URL, BIG_DATABASE]);
  // The demo exactly as `npm run seed:demo` loads it (migrations included), sealed with the benchmark's key.
  run('npm', ['run', 'seed:demo', '-w', '@leerzicht/server'], {
    ...process.env,
    // tsx passes bench/tsconfig.json down by a relative path; the server has its own.
    TSX_TSCONFIG_PATH: path.join(root, 'apps/server/tsconfig.json'),
    DATABASE_URL: url,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
  });
  const seeded = performance.now();
  console.log(`demo seeded in ${seconds(seeded - started)}`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans = await planCopies(client);
    if (COPIES > 0) {
      console.log(`copying ${plans.length} tables ${COPIES} times, ${CHUNK} copies per statement`);
      await copySchools(client, plans, COPIES, CHUNK, (table, rows, ms) =>
        console.log(`  ${table.padEnd(32)} +${String(rows).padStart(9)} rows  ${seconds(ms)}`),
      );
      const copied = performance.now();
      console.log(`copies made in ${seconds(copied - seeded)}`);
      const problems = await checkForeignKeys(client, plans);
      if (problems.length > 0) throw new Error(`foreign keys broken by the copy:\n${problems.join('\n')}`);
      console.log(`foreign keys checked in ${seconds(performance.now() - copied)}`);
    }
    const analyzing = performance.now();
    await client.query('analyze');
    console.log(`ANALYZE in ${seconds(performance.now() - analyzing)}`);

    console.log(`\n${BIG_DATABASE}: rows per table`);
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    for (const { name } of tables) {
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quote(name)}`);
      const count = Number(rows[0]?.count ?? 0);
      if (count > 0) console.log(`  ${name.padEnd(32)} ${String(count).padStart(10)}`);
    }
    const { rows: size } = await client.query<{ size: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(`database size ${size[0]?.size}; total time ${seconds(performance.now() - started)}`);
    console.log(`DATABASE_URL=${url}`);
  } finally {
    await client.end();
  }
}

await main();
