import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { UPLOAD_MAX_COLUMNS, UPLOAD_MAX_ROWS } from '@leerzicht/contract';
import { UploadRefused, type ImportFile } from '../importer';
import { tooManyColumns, tooManyRows, untilDeadline, type ReadDeadline } from '../read-limits';

/*
 * A result file as rows of text cells, read as a stream: CSV (csv-parse; `;`, `,` or tab, found from the header
 * line, as Dutch Excel writes `;`) or XLSX (exceljs' streaming reader, first sheet). Both result importers read
 * their files through here, so both take either format, within the same limits (rows, columns, time).
 */

/** One non-empty row: its line (CSV: the line it starts on, header = 1; XLSX: the sheet row) and its cells. */
export interface TableRow {
  line: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const SNIFF_BYTES = 64 * 1024;

/** The rows a reader gives, and how to let go of the file it reads when reading ends early. */
interface RowSource {
  rows: AsyncGenerator<TableRow>;
  close(): void;
}

/**
 * The rows of the file, the header first; empty rows are skipped. Refuses more than UPLOAD_MAX_ROWS data rows, a
 * row with a value beyond column UPLOAD_MAX_COLUMNS, and reading past the deadline.
 */
export async function* readTable(file: ImportFile, deadline: ReadDeadline): AsyncGenerator<TableRow> {
  const head = await readHead(file.path);
  if (head.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new UploadRefused(
      'xls_not_supported',
      'Old Excel files (.xls) cannot be read: save the file as .xlsx or .csv',
    );
  }
  const source = head.subarray(0, 4).equals(ZIP_MAGIC) ? xlsxSource(file.path) : csvSource(file.path, head);
  let count = 0;
  for await (const row of untilDeadline(source.rows, deadline, source.close)) {
    const width = widthOf(row.cells);
    if (width === 0) continue;
    if (width > UPLOAD_MAX_COLUMNS) throw tooManyColumns(row.line);
    // The header is not counted.
    if (count++ > UPLOAD_MAX_ROWS) throw tooManyRows(row.line);
    yield row;
  }
  if (count === 0) throw new UploadRefused('empty_file', 'The file is empty');
}

/** The position of the last cell with a value (0: an empty row). */
function widthOf(cells: readonly string[]): number {
  for (let index = cells.length - 1; index >= 0; index--) if (!isBlank(cells[index] ?? '')) return index + 1;
  return 0;
}

const isBlank = (cell: string) => cell.trim() === '';

/** A layout read from the header row, and the columns of the file (0-based) it reads, in the order rows keep them. */
export interface TableLayout<Layout> {
  layout: Layout;
  columns: readonly number[];
}

/**
 * The columns a layout reads, each once and in file order (`columns`), and where a column of the file lands in the
 * rows readWholeTable keeps (`at`).
 */
export function keptColumns(indices: Iterable<number>) {
  const columns = [...new Set(indices)].sort((a, b) => a - b);
  return { columns, at: (index: number) => columns.indexOf(index) };
}

/**
 * The whole file, read and checked before the importer opens a transaction: the header row goes to `detect` (which
 * names the layout and its columns, or refuses the file) and each data row is kept with only those columns, so that
 * a wide file's other columns are never held in memory.
 */
export async function readWholeTable<Layout>(
  file: ImportFile,
  deadline: ReadDeadline,
  detect: (header: string[]) => TableLayout<Layout>,
): Promise<{ layout: Layout; rows: TableRow[] }> {
  const rows = readTable(file, deadline);
  const { layout, columns } = await readHeader(rows, detect);
  const kept: TableRow[] = [];
  for await (const row of rows)
    kept.push({ line: row.line, cells: columns.map((index) => row.cells[index] ?? '') });
  return { layout, rows: kept };
}

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

function csvSource(path: string, head: Buffer): RowSource {
  const encoding = encodingOf(head);
  const text = head.toString(encoding).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  const input = createReadStream(path, { encoding });
  const parser = input.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }),
  );
  return {
    rows: csvRows(parser),
    close: () => {
      input.destroy();
      parser.destroy();
    },
  };
}

async function* csvRows(parser: AsyncIterable<unknown>): AsyncGenerator<TableRow> {
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

function xlsxSource(path: string): RowSource {
  // Given to exceljs as a stream (not a path), so that a timeout can stop the reading at its source.
  const input = createReadStream(path);
  return { rows: xlsxRows(input), close: () => input.destroy() };
}

async function* xlsxRows(input: Readable): AsyncGenerator<TableRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
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
        let tooWide = false;
        // Only cells with a value: a row's styled empty cells may reach Excel's last column, 16,384.
        row.eachCell((cell, column) => {
          const text = cellText(cell.value);
          if (text === '') return;
          if (column > UPLOAD_MAX_COLUMNS) tooWide = true;
          else cells[column - 1] = text;
        });
        if (tooWide) throw tooManyColumns(row.number);
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
