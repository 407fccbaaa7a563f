import {
  UPLOAD_MAX_LISTED_SKIPPED,
  type EdexmlRowErrorCode,
  type EdexmlSkipReason,
  type UploadNote,
  type UploadRowError,
  type UploadSkipped,
} from '@leerzicht/contract';
import { UploadRefused } from '../importer';
import type { EdexDocument } from './parse';

/*
 * The values of an EDEXML file (school year, jaargroep, birth date, gender), the school element's checks (the
 * file is refused when they fail) and the list of row errors. See docs/uploads/edexml.md.
 */

export const MAX_LISTED_ERRORS = 1000;

/** The row errors of a file: all counted, the first MAX_LISTED_ERRORS kept. */
export class RowErrors {
  readonly list: UploadRowError[] = [];
  count = 0;

  add(
    line: number | null,
    field: string | null,
    code: EdexmlRowErrorCode,
    message: string,
    values: Record<string, string | number> = {},
  ): void {
    this.count += 1;
    if (this.list.length < MAX_LISTED_ERRORS) this.list.push({ line, field, code, message, values });
  }
}

/** Rows the file has that the app does not import, with the reason: all counted, the first ones listed. */
export class SkippedRows {
  readonly list: UploadSkipped[] = [];
  count = 0;

  add(entry: Omit<UploadSkipped, 'values'> & { values?: UploadSkipped['values'] }): void {
    this.count += 1;
    if (this.list.length < UPLOAD_MAX_LISTED_SKIPPED) this.list.push({ values: {}, ...entry });
  }
}

/** Imported rows that the import adapts (a renamed group, a grade by age): all counted, the first ones listed. */
export class RowNotes {
  readonly list: UploadNote[] = [];
  count = 0;

  add(entry: Omit<UploadNote, 'values'> & { values?: UploadNote['values'] }): void {
    this.count += 1;
    if (this.list.length < UPLOAD_MAX_LISTED_SKIPPED) this.list.push({ values: {}, ...entry });
  }
}

/** Jaargroep codes outside primary education, and why a group or pupil with one is skipped. */
const OUTSIDE_PRIMARY = {
  N: 'not_primary',
  H: 'historical',
  B: 'childcare',
  D: 'childcare',
  V: 'special_secondary',
} as const satisfies Record<string, EdexmlSkipReason>;
export type OutsidePrimary = (typeof OUTSIDE_PRIMARY)[keyof typeof OUTSIDE_PRIMARY] | 'secondary';

/**
 * EDEXML jaargroep: 0-8 is a grade (0, the entry group before groep 1, counts as grade 1); C (combination group,
 * the year per pupil) and S (special primary education) are read with their pupils' own years; 11-16 (secondary),
 * V (special secondary), N (neither primary nor secondary), H (historical), B and D (childcare) are outside primary
 * education. Null: not an EDEXML code.
 */
export type Jaargroep = { grade: number } | { special: 'C' | 'S' } | { outside: OutsidePrimary };

export function parseJaargroep(code: string): Jaargroep | null {
  const upper = code.toUpperCase();
  if (/^[0-8]$/.test(upper)) return { grade: Math.max(1, Number(upper)) };
  if (/^1[1-6]$/.test(upper)) return { outside: 'secondary' };
  if (upper === 'C' || upper === 'S') return { special: upper };
  if (upper === 'N' || upper === 'H' || upper === 'B' || upper === 'D' || upper === 'V')
    return { outside: OUTSIDE_PRIMARY[upper] };
  return null;
}

/**
 * The grade of a pupil by age, for S groups (special primary education), whose pupils often have no jaargroep: a
 * child is in groep (age - 3) on 1 October, the count date of Dutch schools (4 in groep 1, 11 in groep 8).
 */
export function gradeByAge(dateOfBirth: string, calendarYear: number): { grade: number; age: number } {
  const [year = calendarYear, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  const hadBirthday = month < 10 || (month === 10 && day === 1);
  const age = calendarYear - year - (hadBirthday ? 0 : 1);
  return { grade: Math.min(8, Math.max(1, age - 3)), age };
}

/** voorletters as a name: "IH" becomes "I.H."; letters that already have their points stay as they are. */
export function initialsAsName(voorletters: string): string {
  if (voorletters.includes('.')) return voorletters;
  return [...voorletters.replace(/\s+/g, '')].map((letter) => `${letter}.`).join('');
}

/** The school year of "2025-2026" (its first calendar year), or null when it is not two consecutive years. */
export function parseSchooljaar(value: string): number | null {
  const match = /^(\d{4})\s*[-/]\s*(\d{4})$/.exec(value);
  if (!match) return null;
  const first = Number(match[1]);
  return Number(match[2]) === first + 1 ? first : null;
}

/** A real calendar date in ISO form (yyyy-mm-dd), or null. */
export function parseDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return value;
}

/** Whether a real date can be a pupil's birth date: from 1900 up to today. */
export function isPlausibleBirthDate(date: string, todayIso: string): boolean {
  return date >= '1900-01-01' && date <= todayIso;
}

/** EDEXML geslacht: 1 man, 2 vrouw, 0 unknown, 9 not specified. */
export function parseGender(value: string): string | null | undefined {
  if (value === '1') return 'male';
  if (value === '2') return 'female';
  if (value === '0' || value === '9') return null;
  return undefined;
}

/** Checks the school element: its school year, and that its BRIN is the school's (refusals otherwise). */
export function checkSchool(doc: EdexDocument, brinCode: string): number {
  if (doc.schoolLine === null)
    throw new UploadRefused('missing_element', 'The file has no school element.', { element: 'school' });
  if (doc.schooljaar === null)
    throw new UploadRefused(
      'missing_element',
      'The school element has no schooljaar.',
      { element: 'schooljaar' },
      doc.schoolLine,
    );
  const calendarYear = parseSchooljaar(doc.schooljaar);
  if (calendarYear === null)
    throw new UploadRefused(
      'invalid_schooljaar',
      `The schooljaar "${doc.schooljaar}" is not a school year like 2025-2026.`,
      { value: doc.schooljaar },
      doc.schoolLine,
    );
  // EDEXML 2.1 lets a file name its school by a Flemish instellingsnummer or only by a key of its own; the app's
  // schools are Dutch, one per BRIN, and a file that names none cannot be told apart from another school's.
  if (doc.brincode === null)
    throw new UploadRefused(
      'no_brin',
      doc.instellingsnummer === null
        ? 'The file names its school by no BRIN (brincode), so it cannot be matched to this school.'
        : `The file names its school by the Flemish instellingsnummer ${doc.instellingsnummer}, not by a BRIN (brincode), so it cannot be matched to this school.`,
      doc.instellingsnummer === null ? {} : { instellingsnummer: doc.instellingsnummer },
      doc.schoolLine,
    );
  if (doc.brincode.toUpperCase() !== brinCode.trim().toUpperCase())
    throw new UploadRefused(
      'wrong_brin',
      `This file is for the school with BRIN ${doc.brincode}, not for this school (${brinCode}).`,
      { brin: doc.brincode, expected: brinCode },
      doc.schoolLine,
    );
  return calendarYear;
}
