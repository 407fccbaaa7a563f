/**
 * Import speed (issue 16 item 5): a national-results CSV of 100,000 rows for a generated school, imported on
 * PostgreSQL. Makes a fresh database `bench_import` (apps/server/scripts/create-database.mjs), migrates it, inserts
 * the catalogue and a school with its groups and pupils in bulk, writes a CITO export of BENCH_ROWS rows and prints
 * - plan (read the file, before the transaction; then match, validate and compare every row) and write (the
 *   batched inserts), in one transaction;
 * - the same file again (all unchanged: plan only, nothing to write);
 * - the whole upload through the API as a user does it, on a server started as `npm start` starts it (BENCH_PORT,
 *   default 3502): POST preview, then POST apply (multipart, a second file in which every row changed), each timed.
 * Target: plan + write under 10 s. Run: `npm run bench:import`. BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres, the admin connection), BENCH_ROWS (default 100000).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Db } from '../apps/server/src/db/client';
import {
  methods,
  methodTests,
  nationalNorms,
  nationalTests,
  pupils,
  schoolMemberships,
  schools,
  subjects,
  testProviders,
  userSettings,
  users,
  yearClasses,
  yearClassPupils,
} from '../apps/server/src/db/schema/index';
import { nationalResultsImporter } from '../apps/server/src/modules/uploads/national-results/index';
import type { ImportFile, ImportTarget } from '../apps/server/src/modules/uploads/importer';
import { ReadDeadline } from '../apps/server/src/modules/uploads/read-limits';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { buildCatalog, PROVIDER_IDS, SUBJECT_IDS } from '../apps/server/src/seed/catalog';
import { normRows } from '../apps/server/src/seed/norms';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DB_NAME = 'bench_import';
const PROVIDER_DOMAIN = 'leerzicht.example';
const PORT = Number(process.env.BENCH_PORT ?? 3502);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1234';
const SUBJECTS = ['RW', 'SP', 'TBL', 'DMT', 'WST'] as const;
const SUBJECT_NAMES = ['Rekenen-Wiskunde', 'Spelling', 'Begrijpend lezen', 'Technisch lezen', 'Woordenschat'];
const YEARS = [2021, 2022, 2023, 2024, 2025];
const NOW = new Date('2026-11-25T12:00:00Z');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function createDatabaseFresh(): string {
  const script = path.join(root, 'apps/server/scripts/create-database.mjs');
  for (const args of [
    [ADMIN_URL, DB_NAME, '--drop'],
    [ADMIN_URL, DB_NAME],
  ]) {
    const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`create-database.mjs failed: ${run.stderr}`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function insertInBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += 2_000) await insert(items.slice(start, start + 2_000));
}

/**
 * A school with two groups per grade and school year, and enough pupils for ROWS results: every pupil has five
 * school years (grades 3-7 or 4-8) with five subjects at M and E, 50 results.
 */
async function buildSchool(db: Db) {
  const catalog = buildCatalog();
  await db.insert(subjects).values(catalog.subjects);
  await db.insert(testProviders).values(catalog.testProviders);
  await db.insert(nationalTests).values(catalog.nationalTests);
  await db.insert(methods).values(catalog.methods);
  await db.insert(methodTests).values(catalog.methodTests);
  await db.insert(nationalNorms).values(normRows(PROVIDER_IDS, SUBJECT_IDS));
  const [school] = await db
    .insert(schools)
    .values({ brinCode: '99ZZ', name: 'Benchschool', startYear: 2015, payingStatus: true })
    .returning();
  if (!school) throw new Error('no school');
  const groupIds = new Map<string, number>();
  for (const year of YEARS) {
    for (let grade = 3; grade <= 8; grade++) {
      const rows = await db
        .insert(yearClasses)
        .values(
          ['A', 'B'].map((letter) => ({
            schoolId: school.id,
            name: `Groep ${grade}${letter}`,
            calendarYear: year,
            grade,
          })),
        )
        .returning({ id: yearClasses.id, name: yearClasses.name });
      for (const row of rows) groupIds.set(`${year}:${row.name}`, row.id);
    }
  }
  const pupilCount = Math.ceil(ROWS / (YEARS.length * SUBJECTS.length * 2));
  const pupilRows = Array.from({ length: pupilCount }, (_, index) => ({
    schoolId: school.id,
    firstName: `Leerling ${index}`,
    lastName: `Achternaam ${index}`,
    externalKey: `B${String(index).padStart(6, '0')}`,
  }));
  const pupilIds: number[] = [];
  await insertInBatches(pupilRows, async (batch) => {
    const rows = await db.insert(pupils).values(batch).returning({ id: pupils.id });
    pupilIds.push(...rows.map((row) => row.id));
  });
  const enrolments: (typeof yearClassPupils.$inferInsert)[] = [];
  pupilIds.forEach((pupilId, index) => {
    YEARS.forEach((year, offset) => {
      const grade = 3 + (index % 2) + offset;
      const yearClassId = groupIds.get(`${year}:Groep ${grade}${index % 4 < 2 ? 'A' : 'B'}`);
      if (yearClassId === undefined) throw new Error('no group');
      enrolments.push({ schoolId: school.id, yearClassId, pupilId, grade });
    });
  });
  await insertInBatches(enrolments, (batch) => db.insert(yearClassPupils).values(batch));
  const [staff] = await db
    .insert(users)
    .values({
      username: 'bench-staff',
      email: `bench-staff@${PROVIDER_DOMAIN}`,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Bench',
      lastName: 'Staff',
      isProviderStaff: true,
    })
    .returning();
  if (!staff) throw new Error('no user');
  await db.insert(userSettings).values({ userId: staff.id });
  await db
    .insert(schoolMemberships)
    .values({ schoolId: school.id, userId: staff.id, isSchoolSuperuser: true });
  return { school, staff, pupilCount };
}

/** A CITO export of ROWS results; `shift` moves every ability score (a second file in which every row changed). */
function citoCsv(pupilCount: number, shift: number): string {
  const lines = [
    'Leerlingnummer;Achternaam;Voornaam;Toets;Toetsversie;Toetsmoment;Afnamedatum;Vaardigheidsscore;Niveau;' +
      'Percentiel;Functioneringsniveau;DLE;Referentieniveau;Verwacht referentieniveau',
  ];
  let rows = 0;
  for (let index = 0; index < pupilCount && rows < ROWS; index++) {
    const key = `B${String(index).padStart(6, '0')}`;
    YEARS.forEach((year, offset) => {
      const grade = 3 + (index % 2) + offset;
      for (const [moment, isoDate] of [
        ['M', `${year + 1}-01-2${index % 8}`],
        ['E', `${year + 1}-06-1${index % 8}`],
      ] as const) {
        SUBJECTS.forEach((_, s) => {
          if (rows >= ROWS) return;
          rows++;
          const percentile = (index * 7 + s * 13 + offset * 5) % 100;
          const level = ['V', 'IV', 'III', 'II', 'I'][Math.min(4, Math.floor(percentile / 20))];
          const ability = (60 + grade * 8 + (percentile - 50) / 5 + shift).toFixed(1).replace('.', ',');
          const dutch = `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;
          const reference = grade >= 7 ? (percentile > 40 ? '2F' : '1F') : '';
          lines.push(
            [
              key,
              `Achternaam ${index}`,
              `Leerling ${index}`,
              SUBJECT_NAMES[s],
              '3.0',
              `${moment}${grade}`,
              dutch,
              ability,
              level,
              percentile,
              `${moment}${grade}`,
              Math.min(60, (grade - 3) * 10 + (moment === 'M' ? 5 : 10)),
              reference,
              grade >= 5 ? '2F' : '',
            ].join(';'),
          );
        });
      }
    });
  }
  return lines.join('\r\n') + '\r\n';
}

async function fileOf(dir: string, name: string, content: string): Promise<ImportFile> {
  const filePath = path.join(dir, name);
  await writeFile(filePath, content);
  const bytes = Buffer.from(content);
  return {
    path: filePath,
    fileName: name,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The server as `npm start` runs it, on the bench database (not seeded: it is not empty). */
async function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn('npm', ['run', 'start', '-w', '@leerzicht/server'], {
    cwd: root,
    env: {
      // Not the bench's own tsx settings (its tsconfig): the server starts as `npm start` starts it.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TSX_'))),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PROVIDER_DOMAIN,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npm, tsx and the server are stopped together (npm alone would leave the server).
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/1.0/health/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopServer(server);
  throw new Error('the server did not become healthy within 120 s');
}

function stopServer(server: ChildProcess): void {
  if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
}

async function login(): Promise<string> {
  const response = await fetch(`${BASE}/api/1.0/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-staff', password: PASSWORD }),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null || !('token' in body)) {
    throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return String(body.token);
}

async function main() {
  const url = createDatabaseFresh();
  const database = createDatabase({ url, poolMax: 4 });
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    await database.migrate();
    const started = performance.now();
    const { school, staff, pupilCount } = await buildSchool(database.db);
    console.log(`school: ${pupilCount} pupils, 60 groups (${seconds(performance.now() - started)} to build)`);
    const csv = citoCsv(pupilCount, 0);
    const file = await fileOf(dir, 'cito.csv', csv);
    console.log(`file: ${ROWS} rows, ${(file.size / 1024 / 1024).toFixed(1)} MB`);
    console.log(
      `load average (1 min) of this machine: ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
    );
    const target: ImportTarget = {
      schoolId: school.id,
      brinCode: school.brinCode,
      calendarYear: 2025,
      userId: staff.id,
      now: NOW,
    };

    let planMs = 0;
    let writeMs = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    // The file is read before the transaction, as the uploads module does; "plan" counts both.
    const read = await nationalResultsImporter.read(file, new ReadDeadline(600));
    await database.db.transaction(async (tx) => {
      const plan = await read.plan(tx, target);
      planMs = performance.now() - t0;
      if (plan.errorCount > 0) throw new Error(`unexpected row errors: ${JSON.stringify(plan.errors[0])}`);
      console.log(`counts: ${JSON.stringify(plan.counts.results)}`);
      const t1 = performance.now();
      await plan.write(tx);
      writeMs = performance.now() - t1;
    });
    const totalMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(`node CPU (user + system) during plan + write: ${seconds((cpu.user + cpu.system) / 1000)}`);
    console.log(`plan:  ${seconds(planMs)}`);
    console.log(`write: ${seconds(writeMs)}`);
    console.log(
      `plan + write + commit: ${seconds(totalMs)} (target < 10 s: ${totalMs < 10_000 ? 'met' : 'NOT met'})`,
    );

    const t2 = performance.now();
    const cpu2 = process.cpuUsage();
    const readAgain = await nationalResultsImporter.read(file, new ReadDeadline(600));
    const again = await database.db.transaction((tx) => readAgain.plan(tx, target));
    const againCpu = process.cpuUsage(cpu2);
    console.log(
      `same file again (plan): ${seconds(performance.now() - t2)} (node CPU ${seconds(
        (againCpu.user + againCpu.system) / 1000,
      )}), counts ${JSON.stringify(again.counts.results)}`,
    );

    // Through the API: preview, then apply, of a file in which every ability score changed.
    const server = await startServer(url, dir);
    try {
      const token = await login();
      const changed = await fileOf(dir, 'cito-changed.csv', citoCsv(pupilCount, 1));
      const send = async (route: string, fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob([await readFile(changed.path)], { type: 'text/csv' }), changed.fileName);
        const t = performance.now();
        const response = await fetch(`${BASE}/api/1.0/schools/${school.id}/uploads/${route}`, {
          method: 'POST',
          body: form,
          headers: { authorization: `JWT ${token}` },
        });
        const text = await response.text();
        const ms = performance.now() - t;
        if (response.status >= 300) throw new Error(`${route}: ${response.status} ${text}`);
        return { ms, body: JSON.parse(text) as { counts?: unknown } };
      };
      const previewed = await send('preview/', { kind: 'NATIONAL_RESULTS' });
      console.log(`API preview: ${seconds(previewed.ms)}, counts ${JSON.stringify(previewed.body.counts)}`);
      const applied = await send('', { kind: 'NATIONAL_RESULTS', sha256: changed.sha256 });
      console.log(`API apply:   ${seconds(applied.ms)}, counts ${JSON.stringify(applied.body.counts)}`);
      console.log(`API preview + apply: ${seconds(previewed.ms + applied.ms)}`);
      console.log(`load average (1 min) at the end: ${loadavg()[0]?.toFixed(1)}`);
    } finally {
      stopServer(server);
    }
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
