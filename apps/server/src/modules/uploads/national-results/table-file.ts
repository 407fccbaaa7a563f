import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { UPLOAD_MAX_ROWS } from '@leerzicht/contract';
import { UploadRefused, type ImportFile } from '../importer';

/*
 * A result file as rows of text cells, read as a stream: CSV (csv-parse; `;`, `,` or tab, found from the header
 * line, as Dutch Excel writes `;`) or XLSX (exceljs' streaming reader, first sheet). Both result importers read
 * their files through here, so both take either format.
 */

/** One non-empty row: its line (CSV: the line it starts on, header = 1; XLSX: the sheet row) and its cells. */
export interface TableRow {
  line: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const SNIFF_BYTES = 64 * 1024;

/** The rows of the file, the header first; empty rows are skipped. Refuses more than UPLOAD_MAX_ROWS data rows. */
export async function* readTable(file: ImportFile): AsyncGenerator<TableRow> {
  const head = await readHead(file.path);
  if (head.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new UploadRefused(
      'xls_not_supported',
      'Old Excel files (.xls) cannot be read: save the file as .xlsx or .csv',
    );
  }
  const rows = head.subarray(0, 4).equals(ZIP_MAGIC) ? xlsxRows(file.path) : csvRows(file.path, head);
  let count = 0;
  for await (const row of rows) {
    if (row.cells.every(isBlank)) continue;
    // The header is not counted.
    if (count++ > UPLOAD_MAX_ROWS) {
      throw new UploadRefused('too_many_rows', `The file has more than ${UPLOAD_MAX_ROWS} rows`, {
        max: UPLOAD_MAX_ROWS,
      });
    }
    yield row;
  }
  if (count === 0) throw new UploadRefused('empty_file', 'The file is empty');
}

const isBlank = (cell: string) => cell.trim() === '';

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads the header row and gives it to `detect` (which names the layout or refuses the file); on a refusal the
 * reader is closed, so that the file is not left open.
 */
export async function readHeader<Layout>(
  rows: AsyncGenerator<TableRow>,
  detect: (cells: string[]) => Layout,
): Promise<Layout> {
  try {
    // readTable refuses an empty file, so the first row is the header.
    const first = await rows.next();
    return detect(first.done ? [] : first.value.cells);
  } catch (error) {
    await rows.return(undefined);
    throw error;
  }
}

/** The delimiter that occurs most often outside quotes on the first line: `;`, `,` or tab. */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ';';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** UTF-8 unless the start of the file is not valid UTF-8 (an export in Windows-1252): then latin1. */
function encodingOf(head: Buffer): 'utf8' | 'latin1' {
  try {
    // A multi-byte character cut at the end of the sniffed bytes is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

async function* csvRows(path: string, head: Buffer): AsyncGenerator<TableRow> {
  const encoding = encodingOf(head);
  const text = head.toString(encoding).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  const parser = createReadStream(path, { encoding }).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }),
  );
  // A record starts on the line after the previous one ended: one line, plus those of line breaks inside quoted
  // cells (counted here rather than with csv-parse's `info`, which costs a third of the parse on large files).
  let line = 1;
  try {
    for await (const record of parser) {
      if (!isTextRow(record)) throw new Error('csv-parse gave a record that is not a list of text');
      yield { line, cells: record };
      line += 1;
      for (const cell of record) if (cell.includes('\n')) line += cell.split('\n').length - 1;
    }
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(
      'unreadable_file',
      `The CSV file cannot be read from line ${line} on`,
      { line },
      line,
    );
  }
}

function isTextRow(record: unknown): record is string[] {
  if (!Array.isArray(record)) return false;
  for (const cell of record) if (typeof cell !== 'string') return false;
  return true;
}

async function* xlsxRows(path: string): AsyncGenerator<TableRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        for (let index = 0; index < cells.length; index++) cells[index] ??= '';
        yield { line: row.number, cells };
      }
      // The first sheet holds the results.
      break;
    }
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused('unreadable_file', 'The Excel file cannot be read');
  }
}

/** A cell as text: dates as YYYY-MM-DD, numbers with a decimal point, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return value.result === undefined ? '' : cellText(resultValue(value.result));
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
}

function resultValue(result: unknown): ExcelJS.CellValue {
  if (result instanceof Date || typeof result === 'number' || typeof result === 'string') return result;
  if (typeof result === 'boolean') return result;
  return null;
}
