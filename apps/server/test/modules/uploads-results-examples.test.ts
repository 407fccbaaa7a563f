import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TestDatabase } from '../helpers/db';
import { EXAMPLES_TARGET, seedExamplesDemo } from '../helpers/examples-demo';
import type { Importer, ImportFile } from '../../src/modules/uploads/importer';
import { methodResultsImporter } from '../../src/modules/uploads/method-results/index';
import { nationalResultsImporter } from '../../src/modules/uploads/national-results/index';
import { readUploadFile } from '../fixtures/uploads/results/results-upload-school';
import { EXAMPLE_FILES, EXAMPLES_DIR } from '../fixtures/uploads/results/write-examples';
import { sha256 } from '../helpers/uploads';

/*
 * The example files of docs/uploads/examples/ fit the demo school OBS De Regenboog as seeded on EXAMPLES_TODAY:
 * every data row is a result to add, without errors, and a second import changes nothing.
 */

async function exampleFile(name: string): Promise<ImportFile> {
  const filePath = path.join(EXAMPLES_DIR, name);
  const bytes = await readFile(filePath);
  return {
    path: filePath,
    fileName: name,
    size: (await stat(filePath)).size,
    sha256: sha256(bytes),
  };
}

/** Data rows of an example, counted from the file itself: CSV lines after the header, or sheet rows. */
async function dataRows(name: string): Promise<number> {
  const filePath = path.join(EXAMPLES_DIR, name);
  if (name.endsWith('.xlsx')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    return (workbook.worksheets[0]?.actualRowCount ?? 1) - 1;
  }
  const text = await readFile(filePath, 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
}

describe('the example result files in docs/uploads/examples', () => {
  let database: TestDatabase;
  const target = EXAMPLES_TARGET;

  beforeAll(async () => {
    database = await seedExamplesDemo();
  }, 180_000);
  afterAll(async () => {
    await database.destroy();
  });

  const cases: [string, Importer][] = [
    [EXAMPLE_FILES.cito, nationalResultsImporter],
    [EXAMPLE_FILES.dia, nationalResultsImporter],
    [EXAMPLE_FILES.iep, nationalResultsImporter],
    [EXAMPLE_FILES.method, methodResultsImporter],
    [EXAMPLE_FILES.doorstroomtoets, nationalResultsImporter],
  ];
  it.each(cases)(
    '%s: every row added without errors, and nothing the second time',
    async (name, importer) => {
      const rows = await dataRows(name);
      expect(rows).toBeGreaterThan(20);
      const read = await readUploadFile(importer, await exampleFile(name));
      const plan = await database.db.transaction(async (tx) => {
        const planned = await read.plan(tx, target);
        await planned.write(tx);
        return planned;
      });
      expect(plan.errors).toEqual([]);
      expect(plan.counts.results).toEqual({ add: rows, change: 0, unchanged: 0 });
      const again = await read.plan(database.db, target);
      expect(again.counts.results).toEqual({ add: 0, change: 0, unchanged: rows });
    },
  );
});
