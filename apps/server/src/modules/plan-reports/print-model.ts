import {
  APPROACHES,
  compareNames,
  fullName,
  type Approach,
  type NoteLayer,
  type PersonName,
  type PlanEffect,
  type PrintSection,
} from '@leerzicht/contract';
import type { PrintLabels } from './print-labels';
import type { PrintCategoryRow, PrintNoteRow, PrintPupilRow } from './print-repository';

/*
 * What a printout says, worked out from the plan's rows before anything is drawn (print-pdf.ts draws it): the
 * header, then the kept sections in their fixed order. Pure, so that the choice of what prints is plain to read.
 */

export interface PrintNote {
  /** The pupil a note names, where it names one outside the pupil section. */
  pupil: string | null;
  text: string;
  /** Author and date. */
  byline: string;
}

export interface PrintCategory {
  name: string;
  /** The pupils placed in it. */
  pupils: string[];
  notes: PrintNote[];
  children: PrintCategory[];
}

export interface PrintPupil {
  name: string;
  /** The PUPIL categories the pupil is placed in or has notes in (path of names), with the pupil's notes there. */
  categories: { path: string; notes: PrintNote[] }[];
}

export type PrintSectionModel =
  | { kind: 'group'; categories: PrintCategory[] }
  | {
      kind: 'instruction';
      groups: { approach: Approach; pupils: string[] }[];
      categories: PrintCategory[];
    }
  | { kind: 'pupil'; pupils: PrintPupil[]; general: { path: string; notes: PrintNote[] }[] }
  | { kind: 'evaluation'; text: string }
  | { kind: 'effect'; effect: PlanEffect };

export interface PrintModel {
  title: string;
  header: { label: string; value: string }[];
  sections: PrintSectionModel[];
}

export interface PrintInput {
  plan: { name: string; startDate: string | null; endDate: string | null; evaluation: string };
  groupName: string;
  calendarYear: number;
  subjectName: string;
  schoolName: string;
  categories: readonly PrintCategoryRow[];
  notes: readonly PrintNoteRow[];
  placements: readonly (PrintPupilRow & { categoryId: number })[];
  /** Names of pupils notes name (placed or not). */
  namedPupils: readonly PrintPupilRow[];
  groupPupils: readonly (PrintPupilRow & { approach: Approach | null })[];
  /** null when the effect section is left out (it is not measured then). */
  effect: PlanEffect | null;
  omit: ReadonlySet<PrintSection>;
}

/** 'YYYY-MM-DD' as a date in words ("1 september 2025"). */
export function formatDay(labels: PrintLabels, day: string | null): string {
  if (day === null) return labels.dateUnknown;
  return new Intl.DateTimeFormat(labels.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function byline(labels: PrintLabels, note: PrintNoteRow): string {
  const author = [note.authorFirstName, note.authorLastName].filter(Boolean).join(' ');
  const date = new Intl.DateTimeFormat(labels.locale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Amsterdam',
  }).format(note.dateCreated);
  return author ? `${author}, ${date}` : date;
}

const sortedNames = (people: readonly PersonName[]) => [...people].sort(compareNames).map(fullName);

/** The categories of one layer as trees (siblings in the order given: position, then id). */
function treesOf(
  rows: readonly PrintCategoryRow[],
  layer: NoteLayer,
  notesOf: (categoryId: number) => PrintNote[],
  pupilsOf: (categoryId: number) => string[],
): PrintCategory[] {
  const ofLayer = rows.filter((row) => row.layer === layer);
  const ids = new Set(ofLayer.map((row) => row.id));
  const build = (parentId: number | null): PrintCategory[] =>
    ofLayer
      .filter((row) =>
        parentId === null ? row.parentId === null || !ids.has(row.parentId) : row.parentId === parentId,
      )
      .map((row) => ({
        name: row.name,
        pupils: pupilsOf(row.id),
        notes: notesOf(row.id),
        children: build(row.id),
      }));
  return build(null);
}

/** Every category of a layer with its path of names ("Rekenen / Tafels"), in tree order. */
function pathsOf(rows: readonly PrintCategoryRow[], layer: NoteLayer): { id: number; path: string }[] {
  const ofLayer = rows.filter((row) => row.layer === layer);
  const ids = new Set(ofLayer.map((row) => row.id));
  const out: { id: number; path: string }[] = [];
  const walk = (parentId: number | null, prefix: string) => {
    for (const row of ofLayer) {
      const isChild =
        parentId === null ? row.parentId === null || !ids.has(row.parentId) : row.parentId === parentId;
      if (!isChild) continue;
      const path = prefix ? `${prefix} / ${row.name}` : row.name;
      out.push({ id: row.id, path });
      walk(row.id, path);
    }
  };
  walk(null, '');
  return out;
}

function pupilSection(input: PrintInput, labels: PrintLabels): PrintSectionModel {
  const names = new Map<number, PersonName>();
  for (const pupil of [...input.namedPupils, ...input.placements]) names.set(pupil.pupilId, pupil);
  const pupilIds = [...names.keys()].sort((a, b) => {
    const first = names.get(a);
    const second = names.get(b);
    return first && second ? compareNames(first, second) : a - b;
  });
  const paths = pathsOf(input.categories, 'PUPIL');
  const general: { path: string; notes: PrintNote[] }[] = [];
  for (const { id, path } of paths) {
    const notes = input.notes.filter((note) => note.categoryId === id && note.pupilId === null);
    if (notes.length > 0)
      general.push({
        path,
        notes: notes.map((note) => ({ pupil: null, text: note.content, byline: byline(labels, note) })),
      });
  }
  const pupils: PrintPupil[] = [];
  for (const pupilId of pupilIds) {
    const name = names.get(pupilId);
    if (!name) continue;
    const categories = paths.flatMap(({ id, path }) => {
      const placed = input.placements.some((p) => p.categoryId === id && p.pupilId === pupilId);
      const notes = input.notes.filter((note) => note.categoryId === id && note.pupilId === pupilId);
      if (!placed && notes.length === 0) return [];
      return [
        {
          path,
          notes: notes.map((note) => ({ pupil: null, text: note.content, byline: byline(labels, note) })),
        },
      ];
    });
    if (categories.length > 0) pupils.push({ name: fullName(name), categories });
  }
  return { kind: 'pupil', pupils, general };
}

/** The printout of a plan: header and the sections not in `omit`, in the order of PRINT_SECTIONS. */
export function buildPrintModel(input: PrintInput, labels: PrintLabels): PrintModel {
  const names = new Map<number, PersonName>();
  for (const pupil of [...input.namedPupils, ...input.placements]) names.set(pupil.pupilId, pupil);
  const notesOf = (categoryId: number): PrintNote[] =>
    input.notes
      .filter((note) => note.categoryId === categoryId)
      .map((note) => {
        const pupil = note.pupilId === null ? undefined : names.get(note.pupilId);
        return { pupil: pupil ? fullName(pupil) : null, text: note.content, byline: byline(labels, note) };
      });
  const pupilsOf = (categoryId: number): string[] =>
    input.placements.filter((placement) => placement.categoryId === categoryId).map(fullName);

  const sections: PrintSectionModel[] = [];
  const keep = (section: PrintSection) => !input.omit.has(section);
  if (keep('group'))
    sections.push({ kind: 'group', categories: treesOf(input.categories, 'GROUP', notesOf, pupilsOf) });
  if (keep('instruction')) {
    const groups = APPROACHES.map((approach) => ({
      approach,
      pupils: sortedNames(input.groupPupils.filter((pupil) => (pupil.approach ?? 'undefined') === approach)),
    })).filter((group) => group.pupils.length > 0);
    sections.push({
      kind: 'instruction',
      groups,
      categories: treesOf(input.categories, 'INSTRUCTION', notesOf, pupilsOf),
    });
  }
  if (keep('pupil')) sections.push(pupilSection(input, labels));
  if (keep('evaluation')) sections.push({ kind: 'evaluation', text: input.plan.evaluation });
  if (keep('effect') && input.effect) sections.push({ kind: 'effect', effect: input.effect });

  return {
    title: `${labels.title}: ${input.plan.name}`,
    header: [
      { label: labels.group, value: input.groupName },
      { label: labels.subject, value: input.subjectName },
      {
        label: labels.period,
        value: `${formatDay(labels, input.plan.startDate)} – ${formatDay(labels, input.plan.endDate)}`,
      },
      { label: labels.schoolYear, value: `${input.calendarYear}-${input.calendarYear + 1}` },
      { label: labels.school, value: input.schoolName },
    ],
    sections,
  };
}
