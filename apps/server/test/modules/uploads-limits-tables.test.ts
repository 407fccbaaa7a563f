import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  UPLOAD_MAX_COLUMNS,
  UPLOAD_MAX_ROWS,
  uploadPreviewSchema,
  uploadRefusalSchema,
} from '@leerzicht/contract';
import { createTestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { sendUpload, sha256, type UploadFile } from '../helpers/uploads';
import { buildResultsUploadSchool } from '../fixtures/uploads/results/results-upload-school';
import {
  CITO_HEADER,
  citoRow,
  countTransactions,
  csvText,
  dataRowCounts,
  nestedXlsx,
  xlsxFile,
} from '../fixtures/uploads/limits';

/*
 * The limits on reading a result file, CSV and XLSX alike (docs/uploads/national-results.md, "Limits"): data rows,
 * columns and time. Each is refused with the code and value that name it on preview and apply, before any
 * transaction opens, and nothing changes.
 */

const csv = (content: string): UploadFile => ({ name: 'resultaten.csv', content, type: 'text/csv' });
const xlsx = (content: Buffer): UploadFile => ({
  name: 'resultaten.xlsx',
  content,
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/** `count` CITO data rows after the header. */
function* citoRows(count: number): Generator<string[]> {
  yield CITO_HEADER;
  for (let index = 1; index <= count; index++) yield citoRow(`L${index}`);
}

/** The header, then a data row with a value in column `column` (1-based). */
function wideRows(column: number): string[][] {
  const row = citoRow('L1');
  while (row.length < column - 1) row.push('');
  row.push('x');
  return [CITO_HEADER, row];
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-limits-tables-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function uploaderOf(env: Record<string, string> = {}) {
  const t = await createTestApp({
    now: new Date('2026-03-02T10:00:00Z'),
    env: { DATA_DIR: dataDir, ...env },
  });
  const f = await buildResultsUploadSchool(t.database.db);
  const staff = await createUser(t.database.db, {
    email: `staff-${f.school.id}@${t.ctx.config.PROVIDER_DOMAIN}`,
    isProviderStaff: true,
  });
  await addMember(t.database.db, f.school.id, staff.id, { isSchoolSuperuser: true });
  const token = await signIn(t, staff);
  const send = (step: 'preview' | 'apply', file: UploadFile) =>
    sendUpload(t, token, f.school.id, step, file, {
      kind: 'NATIONAL_RESULTS',
      ...(step === 'apply' ? { sha256: sha256(file.content) } : {}),
    });
  /** Sends the file to preview and apply: both refused as `expected`, with no transaction and nothing changed. */
  const expectRefused = async (file: UploadFile, expected: Record<string, unknown>) => {
    const before = await dataRowCounts(t);
    const transactions = countTransactions(t);
    for (const step of ['preview', 'apply'] as const) {
      const response = await send(step, file);
      expect(response.statusCode, response.body).toBe(400);
      expect(uploadRefusalSchema.parse(response.json())).toMatchObject(expected);
    }
    expect(transactions).not.toHaveBeenCalled();
    expect(await dataRowCounts(t)).toEqual(before);
  };
  return { t, send, expectRefused };
}

describe('result file limits', () => {
  let u: Awaited<ReturnType<typeof uploaderOf>>;
  beforeAll(async () => {
    u = await uploaderOf();
  }, 120_000);
  afterAll(() => u.t.close());

  it(`refuses a CSV file with more than ${UPLOAD_MAX_ROWS} data rows (too_many_rows)`, async () => {
    const file = csv(csvText([...citoRows(UPLOAD_MAX_ROWS + 1)]));
    // The header is line 1: the row past the limit is on line UPLOAD_MAX_ROWS + 2.
    await u.expectRefused(file, {
      code: 'too_many_rows',
      values: { maxRows: UPLOAD_MAX_ROWS },
      line: UPLOAD_MAX_ROWS + 2,
    });
  });

  it(`refuses an XLSX file with more than ${UPLOAD_MAX_ROWS} data rows (too_many_rows)`, async () => {
    const file = xlsx(await xlsxFile(citoRows(UPLOAD_MAX_ROWS + 1)));
    await u.expectRefused(file, {
      code: 'too_many_rows',
      values: { maxRows: UPLOAD_MAX_ROWS },
      line: UPLOAD_MAX_ROWS + 2,
    });
  });

  it(`reads rows up to column ${UPLOAD_MAX_COLUMNS}, and empty cells past it`, async () => {
    const rows = wideRows(UPLOAD_MAX_COLUMNS);
    // Trailing delimiters (empty cells) do not count: Excel writes them for formatted columns.
    const text = csvText(rows).replace(/\n$/, `${';'.repeat(2 * UPLOAD_MAX_COLUMNS)}\n`);
    for (const file of [csv(text), xlsx(await xlsxFile(rows))]) {
      const response = await u.send('preview', file);
      expect(response.statusCode, response.body).toBe(200);
      // L1 is no pupil of the school: a row error, not a refusal.
      expect(uploadPreviewSchema.parse(response.json()).errors.map((error) => error.code)).toEqual([
        'unknown_pupil',
      ]);
    }
  });

  it(`refuses a CSV row with a value past column ${UPLOAD_MAX_COLUMNS} (too_many_columns)`, async () => {
    const file = csv(csvText(wideRows(UPLOAD_MAX_COLUMNS + 1)));
    await u.expectRefused(file, {
      code: 'too_many_columns',
      values: { maxColumns: UPLOAD_MAX_COLUMNS },
      line: 2,
    });
  });

  it.each([UPLOAD_MAX_COLUMNS + 1, 16_384])(
    'refuses an XLSX row with a value in column %i (too_many_columns)',
    async (column) => {
      const file = xlsx(await xlsxFile([CITO_HEADER, citoRow('L1')], [{ row: 2, column, value: 'x' }]));
      await u.expectRefused(file, {
        code: 'too_many_columns',
        values: { maxColumns: UPLOAD_MAX_COLUMNS },
        line: 2,
      });
    },
  );

  it('reads an XLSX sheet with elements nested 100,000 levels deep, and the rows after them', async () => {
    // exceljs keeps no element path: the nesting costs time in step with its size (the time limit bounds it).
    const response = await u.send('preview', xlsx(nestedXlsx([CITO_HEADER, citoRow('L1')], 100_000)));
    expect(response.statusCode, response.body).toBe(200);
    expect(
      uploadPreviewSchema.parse(response.json()).errors.map((error) => [error.line, error.code]),
    ).toEqual([[2, 'unknown_pupil']]);
  });
});

describe('result file time limit', () => {
  let u: Awaited<ReturnType<typeof uploaderOf>>;
  beforeAll(async () => {
    u = await uploaderOf({ UPLOAD_READ_SECONDS: '0.001' });
  }, 120_000);
  afterAll(() => u.t.close());

  // 20,000 rows: many chunks of file, each far longer than a millisecond to read.
  it('refuses a CSV file that takes longer to read than UPLOAD_READ_SECONDS (read_timeout)', async () => {
    await u.expectRefused(csv(csvText([...citoRows(20_000)])), {
      code: 'read_timeout',
      values: { maxSeconds: 0.001 },
    });
  });

  it('refuses an XLSX file that takes longer to read than UPLOAD_READ_SECONDS (read_timeout)', async () => {
    await u.expectRefused(xlsx(await xlsxFile(citoRows(20_000))), {
      code: 'read_timeout',
      values: { maxSeconds: 0.001 },
    });
  });
});
