import PDFDocument from 'pdfkit';
import type { EffectFigures, EffectMoment, PlanEffect } from '@leerzicht/contract';
import type { PrintLabels } from './print-labels';
import type { PrintCategory, PrintModel, PrintNote, PrintSectionModel } from './print-model';
import { toWinAnsi } from './pdf-text';

/*
 * Draws a printout (print-model.ts) as an A4 PDF with pdfkit: the header, then each kept section under its heading.
 * Text goes through toWinAnsi (the standard fonts' character set, pdf-text.ts); pdfkit wraps lines and adds pages.
 */

const MARGIN = 50;
const INDENT = 14;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const GREY = '#555555';

type Doc = InstanceType<typeof PDFDocument>;

class Writer {
  constructor(
    private readonly doc: Doc,
    private readonly labels: PrintLabels,
  ) {}

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** A block of text at an indentation depth, in a font and size. */
  text(value: string, options: { depth?: number; font?: string; size?: number; color?: string } = {}): void {
    const depth = options.depth ?? 0;
    this.doc
      .font(options.font ?? REGULAR)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? 'black')
      .text(toWinAnsi(value), MARGIN + depth * INDENT, this.doc.y, { width: this.width - depth * INDENT });
  }

  gap(lines = 0.5): void {
    this.doc.moveDown(lines);
  }

  heading(value: string): void {
    this.gap(1);
    this.text(value, { font: BOLD, size: 14 });
    this.gap(0.3);
  }

  header(model: PrintModel, printedAt: Date): void {
    this.text(model.title, { font: BOLD, size: 18 });
    this.gap(0.5);
    for (const { label, value } of model.header) this.text(`${label}: ${value}`, { size: 11 });
    const printed = new Intl.DateTimeFormat(this.labels.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Amsterdam',
    }).format(printedAt);
    this.text(`${this.labels.printedOn} ${printed}`, { size: 8, color: GREY });
  }

  note(note: PrintNote, depth: number): void {
    this.text(`• ${note.pupil ? `${note.pupil}: ` : ''}${note.text}`, { depth });
    this.text(note.byline, { depth: depth + 1, size: 8, color: GREY });
  }

  category(category: PrintCategory, depth: number): void {
    this.gap(0.3);
    this.text(category.name, { depth, font: BOLD, size: 11 });
    if (category.pupils.length > 0)
      this.text(`${this.labels.pupils}: ${category.pupils.join(', ')}`, { depth, font: ITALIC });
    for (const note of category.notes) this.note(note, depth);
    for (const child of category.children) this.category(child, depth + 1);
  }

  categories(categories: readonly PrintCategory[]): void {
    if (categories.length === 0) this.text(this.labels.noCategories, { color: GREY });
    for (const category of categories) this.category(category, 0);
  }

  section(section: PrintSectionModel): void {
    this.heading(this.labels.sections[section.kind]);
    const intro = this.labels.sectionIntro[section.kind];
    if (intro) this.text(intro, { size: 9, color: GREY });
    switch (section.kind) {
      case 'group':
        this.categories(section.categories);
        return;
      case 'instruction':
        for (const group of section.groups) {
          this.gap(0.3);
          this.text(`${this.labels.approaches[group.approach]} (${group.pupils.length})`, {
            font: BOLD,
            size: 11,
          });
          this.text(group.pupils.join(', '));
        }
        if (section.groups.length === 0) this.text(this.labels.noPupils, { color: GREY });
        this.gap(0.5);
        this.categories(section.categories);
        return;
      case 'pupil':
        if (section.pupils.length === 0 && section.general.length === 0)
          this.text(this.labels.noPupils, { color: GREY });
        for (const pupil of section.pupils) {
          this.gap(0.3);
          this.text(pupil.name, { font: BOLD, size: 11 });
          for (const category of pupil.categories) {
            this.text(category.path, { depth: 1, font: ITALIC });
            for (const note of category.notes) this.note(note, 1);
          }
        }
        if (section.general.length > 0) {
          this.gap(0.3);
          this.text(this.labels.notAboutOnePupil, { font: BOLD, size: 11 });
          for (const category of section.general) {
            this.text(category.path, { depth: 1, font: ITALIC });
            for (const note of category.notes) this.note(note, 1);
          }
        }
        return;
      case 'evaluation':
        if (section.text.trim() === '') this.text(this.labels.noEvaluation, { color: GREY });
        else this.text(section.text);
        return;
      case 'effect':
        this.effect(section.effect);
        return;
    }
  }

  private moment(moment: EffectMoment): string {
    return `${moment.yearTime}${moment.grade} ${moment.calendarYear}-${moment.calendarYear + 1}`;
  }

  effect(effect: PlanEffect): void {
    const number = new Intl.NumberFormat(this.labels.locale, {
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    const figure = (value: number | null) => (value === null ? '–' : number.format(value));
    const columns = this.labels.effectColumns;
    const row = (name: string, figures: EffectFigures) => [
      name,
      String(figures.pupilCount),
      String(figures.measuredCount),
      figure(figures.meanGrowth),
      figure(figures.nationalGrowth),
      String(figures.levels.up),
      String(figures.levels.same),
      String(figures.levels.down),
    ];
    if (effect.status !== 'measured') this.text(this.labels.status[effect.status]);
    this.gap(0.3);
    const head = [
      columns.group,
      columns.pupils,
      columns.measured,
      columns.growth,
      columns.nationalGrowth,
      columns.up,
      columns.same,
      columns.down,
    ].map((text) => ({ text: toWinAnsi(text), font: { src: BOLD }, type: 'TH' as const }));
    const body = [
      ...effect.groups.map((group) => row(this.labels.approaches[group.approach], group)),
      row(this.labels.wholeGroup, effect.total),
    ].map((cells) => cells.map(toWinAnsi));
    this.doc.font(REGULAR).fontSize(9).fillColor('black');
    this.doc.table({
      position: { x: MARGIN, y: this.doc.y },
      maxWidth: this.width,
      columnStyles: [110, '*', '*', '*', 70, '*', '*', '*'],
      data: [head, ...body],
    });
    this.doc.x = MARGIN;
    this.gap(0.5);
    for (const pair of effect.moments) {
      const test = pair.testVersion ? `${pair.provider} ${pair.testVersion}` : pair.provider;
      this.text(
        this.labels.momentsUsed(this.moment(pair.from), this.moment(pair.to), test, pair.pupilCount),
        {
          size: 9,
        },
      );
    }
    const missed = effect.total.notMeasured;
    const reasons = (['excluded', 'noResultBefore', 'noResultAfter', 'testChanged'] as const).flatMap(
      (reason) => (missed[reason] > 0 ? [this.labels.notMeasured[reason](missed[reason])] : []),
    );
    if (reasons.length > 0) this.text(`${this.labels.notMeasured.lead}: ${reasons.join(', ')}.`, { size: 9 });
    this.text(this.labels.effectNote, { size: 8, color: GREY });
  }
}

/** The printout as PDF bytes. */
export function renderPrintPdf(model: PrintModel, labels: PrintLabels, printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: labels.locale,
    displayTitle: true,
    info: { Title: model.title, Creator: 'Leerzicht', CreationDate: printedAt, ModDate: printedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new Writer(doc, labels);
  writer.header(model, printedAt);
  for (const section of model.sections) writer.section(section);
  doc.end();
  return done;
}
