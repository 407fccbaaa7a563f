import { strToU8, zipSync } from 'fflate';

/*
 * The inspectorate's open-data file (`gemiddelde_referentieniveaus_per_school_<years>_Open_data.ods`) as the tests
 * and the example files write it: sheets Toelichting, Bestandsbeschrijving and Data, the Data sheet with its 19
 * columns. Percentages are written with a decimal comma, weging and thresholds with a point, and null cells empty.
 */

export interface FileYear {
  share1F: number | null;
  shareTarget: number | null;
  pupils: number | null;
}
export interface FileRow {
  ovt: string;
  years: [FileYear, FileYear, FileYear];
  schoolweging: number | null;
  category: string | null;
  signal1F: number | null;
  signalTarget: number | null;
  weighted1F: number | null;
  weightedTarget: number | null;
  total: number | null;
  outcome1F: 'Boven de signaleringswaarde' | 'Onder de signaleringswaarde' | null;
  outcomeTarget: 'Boven de signaleringswaarde' | 'Onder de signaleringswaarde' | null;
}

const yy = (year: number) =>
  `${String(year % 100).padStart(2, '0')}${String((year + 1) % 100).padStart(2, '0')}`;

export function headerOf(firstYear: number): string[] {
  const years = [firstYear, firstYear + 1, firstYear + 2].flatMap((year) => [
    `Gemiddelde %1F ${yy(year)}`,
    `Gemiddelde %1S/2F ${yy(year)}`,
    `Aantal leerlingen ${yy(year)}`,
  ]);
  return [
    'ovt',
    ...years,
    'Schoolweging',
    'Schoolwegingscategorie',
    'Signaleringswaarde 1F',
    'Signaleringswaarde 1S/2F',
    'Gewogen driejaarsgemiddelde %1F',
    'Gewogen driejaarsgemiddelde %1S/2F',
    'Totaal aantal leerlingen 3 jaar',
    'Uitkomst indicator 1F',
    'Uitkomst indicator 1S/2F',
  ];
}

type Cell = { kind: 'text'; text: string } | { kind: 'percent'; value: number } | { kind: 'empty' };

const text = (value: string | null): Cell =>
  value === null ? { kind: 'empty' } : { kind: 'text', text: value };
const point = (value: number | null): Cell => text(value === null ? null : String(value));
const percent = (value: number | null): Cell =>
  value === null ? { kind: 'empty' } : { kind: 'percent', value };

function cellsOf(row: FileRow): Cell[] {
  return [
    text(row.ovt),
    ...row.years.flatMap((year) => [percent(year.share1F), percent(year.shareTarget), point(year.pupils)]),
    point(row.schoolweging),
    text(row.category),
    point(row.signal1F),
    point(row.signalTarget),
    percent(row.weighted1F),
    percent(row.weightedTarget),
    point(row.total),
    text(row.outcome1F),
    text(row.outcomeTarget),
  ];
}

const comma = (value: number) => String(value).replace('.', ',');

/** CSV as LibreOffice saves it with a Dutch locale: `;` between cells, decimal commas as they were shown. */
export function inspectorateCsv(firstYear: number, rows: readonly FileRow[]): string {
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell) => (cell.kind === 'empty' ? '' : cell.kind === 'percent' ? comma(cell.value) : cell.text))
      .join(';');
  return [headerOf(firstYear).join(';'), ...rows.map((row) => line(cellsOf(row)))].join('\r\n') + '\r\n';
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function odsCell(cell: Cell): string {
  if (cell.kind === 'empty') return '<table:table-cell/>';
  if (cell.kind === 'percent') {
    // A number cell: its value with a point, its display (what a reader sees) with the comma.
    return `<table:table-cell office:value-type="float" office:value="${cell.value}" calcext:value-type="float"><text:p>${comma(cell.value)}</text:p></table:table-cell>`;
  }
  return `<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>${escapeXml(cell.text)}</text:p></table:table-cell>`;
}

const odsRow = (cells: readonly Cell[]) =>
  `<table:table-row>${cells.map(odsCell).join('')}</table:table-row>`;

function sheet(name: string, rows: readonly string[]): string {
  // Real sheets end with repeated blank columns and rows; the reader must not count them.
  return `<table:table table:name="${name}"><table:table-column table:number-columns-repeated="30"/>${rows.join('')}<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>`;
}

/** The ODS file: a zip with mimetype (stored, first), manifest and content.xml. */
export function inspectorateOds(firstYear: number, rows: readonly FileRow[]): Buffer {
  const note = (value: string) => odsRow([text(value)]);
  const data = [
    odsRow(headerOf(firstYear).map((name) => text(name))),
    ...rows.map((row) =>
      odsRow(cellsOf(row)).replace(
        '</table:table-row>',
        '<table:table-cell table:number-columns-repeated="1005"/></table:table-row>',
      ),
    ),
  ];
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3"><office:body><office:spreadsheet>${sheet('Toelichting', [note('Gemiddelde referentieniveaus per school'), note('Bron: Inspectie van het Onderwijs')])}${sheet('Bestandsbeschrijving', [note('ovt: BRIN en vestiging')])}${sheet('Data', data)}</office:spreadsheet></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'META-INF/manifest.xml': strToU8(manifest),
      'content.xml': strToU8(content),
    }),
  );
}
