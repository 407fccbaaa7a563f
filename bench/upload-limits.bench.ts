/**
 * Upload limits (issue 30 item 2): how long reading a file takes at and past the limits of
 * apps/server/src/modules/uploads/read-limits.ts, and the longest the event loop was held meanwhile (what a health
 * check waits for). Prints, without a database:
 * - EDEXML nested 32 (the limit), 1,000, 20,000 and 100,000 levels deep: parsed or refused (`too_deep`), and how fast;
 * - a result file of BENCH_ROWS rows (default 200,000, the row limit) of 20 columns as CSV and as XLSX: the
 *   longest legitimate reads, which the time limit (UPLOAD_READ_SECONDS, 60 s) must leave room for.
 * Before the depth limit (measured on 29 November 2026, same machine): depth 1,000 37 ms, 20,000 2.7 s (event loop
 * held 1.6 s), 100,000 124 s (held 30 s at a stretch). Run: `npm run bench:upload-limits`.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { parseEdexml } from '../apps/server/src/modules/uploads/edexml/parse';
import type { ImportFile } from '../apps/server/src/modules/uploads/importer';
import { UploadRefused } from '../apps/server/src/modules/uploads/importer';
import { readTable } from '../apps/server/src/modules/uploads/national-results/table-file';
import { ReadDeadline } from '../apps/server/src/modules/uploads/read-limits';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const DEPTHS = [32, 1_000, 20_000, 100_000];
const HEADER = [
  ...['Leerlingnummer', 'ECK-iD', 'Achternaam', 'Voornaam', 'Geboortedatum', 'Groep', 'Toets', 'Toetsversie'],
  ...['Toetsmoment', 'Afnamedatum', 'Vaardigheidsscore', 'Niveau', 'Percentiel', 'Referentieniveau'],
  ...['Verwacht referentieniveau', 'Opmerking', 'Leerkracht', 'School', 'Vestiging', 'Klas'],
];
const row = (index: number) => [
  ...[`L${index}`, `https://ketenid.nl/201703/${String(index).padStart(40, '0')}`, 'Jansen', 'Piet'],
  ...['01-02-2015', '5', 'Rekenen-Wiskunde', '3.0', 'M', '15-01-2026', String(100 + (index % 50)), 'B'],
  ...[String(index % 100), '1F', '2F', '', 'Mevr. X', 'De School', '01', 'Groep 5a'],
];

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`);

/** Runs `read`, and says how long it took, how it ended and the longest the event loop was held meanwhile. */
async function measure(label: string, read: () => Promise<string>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  let outcome: string;
  try {
    outcome = await read();
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    outcome = `refused ${error.code} (line ${error.line ?? '-'})`;
  }
  const took = performance.now() - start;
  delay.disable();
  // No sample at all: the read was over within one sampling interval.
  const held = delay.count === 0 ? 'under 5 ms' : `at most ${ms(delay.max / 1e6)}`;
  console.log(`${label.padEnd(34)} ${ms(took).padStart(9)}  ${outcome}; event loop held ${held}`);
}

const fileOf = async (filePath: string): Promise<ImportFile> => ({
  path: filePath,
  fileName: path.basename(filePath),
  size: (await stat(filePath)).size,
  sha256: '',
});

async function countRows(file: ImportFile): Promise<string> {
  let rows = 0;
  for await (const _row of readTable(file, new ReadDeadline(600))) rows++;
  return `${rows - 1} data rows`;
}

async function writeXlsx(filename: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Resultaten');
  sheet.addRow(HEADER).commit();
  for (let index = 1; index <= ROWS; index++) sheet.addRow(row(index)).commit();
  sheet.commit();
  await workbook.commit();
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'lz-bench-limits-'));
  try {
    console.log(`${cpus().length} cores, load average (1 min) ${loadavg()[0]?.toFixed(1)}\n`);
    for (const depth of DEPTHS) {
      const inner = depth - 2;
      const xml =
        `<?xml version="1.0" encoding="UTF-8"?>\n<EDEX>\n<school><schooljaar>2025-2026</schooljaar>` +
        `<brincode>07QT</brincode></school>\n<leerlingen>${'<x>'.repeat(inner)}${'</x>'.repeat(inner)}</leerlingen>\n</EDEX>\n`;
      const filePath = path.join(dir, `depth-${depth}.xml`);
      await writeFile(filePath, xml);
      await measure(
        `EDEXML depth ${depth.toLocaleString('en')} (${(xml.length / 1024).toFixed(1)} KB)`,
        async () => {
          await parseEdexml(filePath, new ReadDeadline(600));
          return 'parsed';
        },
      );
    }

    const csvPath = path.join(dir, 'resultaten.csv');
    await writeFile(
      csvPath,
      [HEADER, ...Array.from({ length: ROWS }, (_, index) => row(index + 1))]
        .map((cells) => cells.join(';'))
        .join('\n'),
    );
    const xlsxPath = path.join(dir, 'resultaten.xlsx');
    await writeXlsx(xlsxPath);
    for (const [name, filePath] of [
      ['CSV', csvPath],
      ['XLSX', xlsxPath],
    ] as const) {
      const file = await fileOf(filePath);
      await measure(`${name} ${ROWS.toLocaleString('en')} rows (${(file.size / 1e6).toFixed(1)} MB)`, () =>
        countRows(file),
      );
    }
    console.log(`\nload average (1 min) at the end: ${loadavg()[0]?.toFixed(1)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
