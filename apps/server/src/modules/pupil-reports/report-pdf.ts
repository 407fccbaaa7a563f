import PDFDocument from 'pdfkit';
import { fullName } from '@leerzicht/contract';
import { toWinAnsi } from '../plan-reports/index';
import type { ReportLabels } from './report-labels';
import type { ReportSubject } from './report-model';

/*
 * Draws the pupil report as one A4 page with pdfkit, in the standard fonts as the group plan printout does (text
 * through toWinAnsi): the header, the results table, the levels explained and a closing line.
 */

const MARGIN = 50;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
/** Light fills of the level rows, as the results pages colour them (I-II good, IV-V low). */
const RANK_FILL = ['#d3f9d8', '#d3f9d8', null, '#ffe3e3', '#ffe3e3'] as const;

type Doc = InstanceType<typeof PDFDocument>;

export interface ReportModel {
  pupil: { firstName: string; lastNamePrefix: string; lastName: string };
  schoolName: string;
  group: { name: string; grade: number } | null;
  calendarYear: number;
  subjects: ReportSubject[];
  language: 'nl' | 'en';
}

const schoolYear = (calendarYear: number) => `${calendarYear}-${calendarYear + 1}`;

function write(
  doc: Doc,
  value: string,
  x: number,
  width: number,
  font = REGULAR,
  size = 10,
  color = 'black',
) {
  doc.font(font).fontSize(size).fillColor(color).text(toWinAnsi(value), x, doc.y, { width });
}

/** The results as a table: a header row, then a row per subject whose height fits its longest cell. */
function table(doc: Doc, model: ReportModel, labels: ReportLabels): void {
  const width = doc.page.width - 2 * MARGIN;
  const shares = [0.2, 0.25, 0.12, 0.2, 0.23];
  const xs = shares.map(
    (_, index) => MARGIN + shares.slice(0, index).reduce((sum, share) => sum + share, 0) * width,
  );
  const widths = shares.map((share) => share * width - 6);
  const row = (cells: string[], font: string, fill: string | null) => {
    doc.font(font).fontSize(10);
    const height =
      Math.max(...cells.map((cell, index) => doc.heightOfString(toWinAnsi(cell), { width: widths[index] }))) +
      8;
    const top = doc.y;
    if (fill) doc.rect(MARGIN, top, width, height).fill(fill);
    doc.fillColor('black');
    cells.forEach((cell, index) => {
      doc
        .font(font)
        .fontSize(10)
        .text(toWinAnsi(cell), (xs[index] ?? MARGIN) + 3, top + 4, {
          width: widths[index],
        });
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor('#adb5bd')
      .stroke();
    doc.y = top + height;
  };
  const c = labels.columns;
  row([c.subject, c.moment, c.level, c.meaning, c.trend], BOLD, '#f1f3f5');
  for (const subject of model.subjects) {
    row(
      [
        model.language === 'en' ? subject.subjectNameEn : subject.subjectNameNl,
        labels.moment(subject.yearTime, subject.grade, schoolYear(subject.calendarYear)),
        labels.levelName(subject.level),
        labels.shortMeanings[subject.rank] ?? '',
        labels.trends[subject.trend],
      ],
      REGULAR,
      RANK_FILL[subject.rank] ?? null,
    );
  }
}

/** The report as PDF bytes. */
export function renderReportPdf(model: ReportModel, labels: ReportLabels, printedAt: Date): Promise<Buffer> {
  const name = fullName(model.pupil);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: labels.locale,
    displayTitle: true,
    info: {
      Title: toWinAnsi(`${labels.title}: ${name}`),
      Creator: 'Leerzicht',
      CreationDate: printedAt,
      ModDate: printedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const date = new Intl.DateTimeFormat(labels.locale, {
    dateStyle: 'long',
    timeZone: 'Europe/Amsterdam',
  }).format(printedAt);
  write(doc, labels.title, MARGIN, width, BOLD, 20);
  doc.moveDown(0.4);
  const group = model.group ? model.group.name : labels.noGroup;
  for (const [label, value] of [
    [labels.pupil, name],
    [labels.school, model.schoolName],
    [labels.group, group],
    [labels.schoolYear, schoolYear(model.calendarYear)],
    [labels.date, date],
  ] as const)
    write(doc, `${label}: ${value}`, MARGIN, width, REGULAR, 11);
  doc.moveDown(0.8);
  write(doc, labels.intro, MARGIN, width);
  doc.moveDown(0.8);
  write(doc, labels.resultsTitle, MARGIN, width, BOLD, 13);
  doc.moveDown(0.3);
  if (model.subjects.length === 0) write(doc, labels.noResults, MARGIN, width, REGULAR, 10, GREY);
  else table(doc, model, labels);
  doc.moveDown(1);
  write(doc, labels.levelsTitle, MARGIN, width, BOLD, 13);
  doc.moveDown(0.3);
  for (const text of labels.levels) {
    write(doc, text, MARGIN, width);
    doc.moveDown(0.2);
  }
  write(doc, labels.lettersNote, MARGIN, width, REGULAR, 9, GREY);
  doc.moveDown(1);
  write(doc, labels.closing, MARGIN, width, REGULAR, 10);
  doc.end();
  return done;
}
