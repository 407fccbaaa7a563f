import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { UPLOAD_MAX_COLUMNS, UPLOAD_MAX_DEPTH, UPLOAD_MAX_ROWS } from '@leerzicht/contract';
import type { ReadDeadline } from '../uploads/index';
import { tooDeep, tooManyColumns, tooManyRows, UploadRefused } from '../uploads/index';

/*
 * The `Data` sheet of the inspectorate's file as rows of cell texts, from ODS (as published), XLSX or CSV (as saved
 * from it). The file is at most UPLOAD_MAX_BYTES and read whole in memory: an ODS's content.xml must be unzipped
 * before it can be read anyway. The limits are the other uploads' (rows, columns, depth, time); an unzipped
 * content.xml larger than CONTENT_MAX_BYTES is refused before it is inflated (a zip bomb costs nothing).
 */

const CONTENT_MAX_BYTES = 256 * 1024 * 1024;
const SHEET = 'Data';

export type TableRow = { line: number; cells: string[] };

const notReadable = (detail: string) =>
  new UploadRefused('not_inspectorate', `The file is not the inspectorate's open data: ${detail}`, {
    detail,
  });

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export async function readTable(bytes: Uint8Array, deadline: ReadDeadline): Promise<TableRow[]> {
  if (!isZip(bytes)) return readCsv(bytes, deadline);
  const names: string[] = [];
  const files = unzipSync(bytes, {
    filter: (file) => {
      names.push(file.name);
      if (file.name !== 'content.xml' && file.name !== 'mimetype') return false;
      if (file.originalSize > CONTENT_MAX_BYTES) {
        throw new UploadRefused(
          'file_too_large',
          `The spreadsheet's content is larger than ${CONTENT_MAX_BYTES / (1024 * 1024)} MB unzipped.`,
          { maxBytes: CONTENT_MAX_BYTES },
        );
      }
      return true;
    },
  });
  deadline.check();
  const content = files['content.xml'];
  if (content) return readOds(new TextDecoder().decode(content), deadline);
  if (names.includes('xl/workbook.xml')) return readXlsx(bytes, deadline);
  throw notReadable('a zip file that is neither ODS nor XLSX');
}

function pushRow(rows: TableRow[], line: number, cells: string[]): void {
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  if (cells.length > UPLOAD_MAX_COLUMNS) throw tooManyColumns(line);
  if (cells.length === 0) return;
  if (rows.length >= UPLOAD_MAX_ROWS + 1) throw tooManyRows(line);
  rows.push({ line, cells });
}

function readCsv(bytes: Uint8Array, deadline: ReadDeadline): TableRow[] {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const header = text.slice(0, text.search(/\r?\n|$/));
  // Saved with a Dutch locale the separator is `;` (the decimal comma), otherwise `,` (then the comma cells are
  // quoted) or a tab: the header line, which has no commas of its own, says which.
  const counts = [';', ',', '\t'].map((sep) => [sep, header.split(sep).length] as const);
  const delimiter = counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw notReadable(error instanceof Error ? error.message : 'unreadable CSV');
  }
  const rows: TableRow[] = [];
  records.forEach((record, index) => {
    if (index % 1000 === 0) deadline.check(index + 1);
    pushRow(
      rows,
      index + 1,
      record.map((cell) => cell.trim()),
    );
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result ?? null);
  if ('text' in value) return String(value.text).trim();
  return '';
}

async function readXlsx(bytes: Uint8Array, deadline: ReadDeadline): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's typings want an ArrayBuffer-backed Buffer: copy the bytes into one.
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  await workbook.xlsx.load(copy);
  deadline.check();
  const sheet =
    workbook.getWorksheet(SHEET) ?? (workbook.worksheets.length === 1 ? workbook.worksheets[0] : undefined);
  if (!sheet) throw notReadable(`no sheet named ${SHEET}`);
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line % 1000 === 0) deadline.check(line);
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    pushRow(
      rows,
      line,
      Array.from(cells, (cell) => cell ?? ''),
    );
  });
  return rows;
}

const attribute = (attributes: Record<string, string>, name: string): string | undefined => attributes[name];

/** How many times a repeated row or cell counts (capped: a sheet's trailing blank columns repeat 16,000 times). */
function repeats(value: string | undefined, cap: number): number {
  const count = value === undefined ? 1 : Number.parseInt(value, 10);
  return Number.isFinite(count) && count > 0 ? Math.min(count, cap) : 1;
}

/**
 * The `Data` table of an ODS content.xml. A float cell's value is its `office:value` (the text beside it is only its
 * display, which may round); any other cell's value is its text (`text:p` paragraphs, `text:s` spaces).
 */
function readOds(xml: string, deadline: ReadDeadline): TableRow[] {
  const parser = new SaxesParser({ xmlns: false });
  const rows: TableRow[] = [];
  let depth = 0;
  let inSheet = false;
  let sawSheet = false;
  let line = 0;
  let row: string[] | null = null;
  let rowRepeat = 1;
  let cell: { text: string; value: string | undefined; repeat: number } | null = null;
  let paragraphs = 0;
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > UPLOAD_MAX_DEPTH) throw tooDeep(parser.line);
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'table:table') {
      inSheet = attribute(attributes, 'table:name') === SHEET;
      sawSheet ||= inSheet;
      return;
    }
    if (!inSheet) return;
    if (tag.name === 'table:table-row') {
      row = [];
      rowRepeat = repeats(attribute(attributes, 'table:number-rows-repeated'), UPLOAD_MAX_ROWS + 2);
    } else if (tag.name === 'table:table-cell' || tag.name === 'table:covered-table-cell') {
      const type = attribute(attributes, 'office:value-type');
      cell = {
        text: '',
        value: type === 'float' || type === 'percentage' ? attribute(attributes, 'office:value') : undefined,
        repeat: repeats(attribute(attributes, 'table:number-columns-repeated'), UPLOAD_MAX_COLUMNS + 1),
      };
      paragraphs = 0;
    } else if (tag.name === 'text:p' && cell) {
      if (paragraphs > 0) cell.text += '\n';
      paragraphs += 1;
    } else if (tag.name === 'text:s' && cell) {
      cell.text += ' '.repeat(repeats(attribute(attributes, 'text:c'), 100));
    }
  });
  parser.on('text', (text) => {
    if (cell) cell.text += text;
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    if (tag.name === 'table:table') inSheet = false;
    if (!inSheet) return;
    if ((tag.name === 'table:table-cell' || tag.name === 'table:covered-table-cell') && cell && row) {
      const value = cell.value ?? cell.text.trim();
      for (let i = 0; i < cell.repeat && row.length <= UPLOAD_MAX_COLUMNS; i++) row.push(value);
      cell = null;
    } else if (tag.name === 'table:table-row' && row) {
      line += 1;
      if (line % 1000 === 0) deadline.check(line);
      // A repeated row with cells is real data written once; an empty one is the sheet's blank tail.
      const cells: string[] = row;
      if (cells.some((value) => value !== '')) {
        for (let i = 0; i < rowRepeat; i++) pushRow(rows, line + i, [...cells]);
      }
      line += rowRepeat - 1;
      row = null;
    }
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused('broken_xml', 'The spreadsheet content could not be read.', {}, parser.line);
  }
  if (!sawSheet) throw notReadable(`no sheet named ${SHEET}`);
  return rows;
}
