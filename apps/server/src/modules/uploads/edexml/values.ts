import type { EdexmlRowErrorCode, UploadRowError } from '@leerzicht/contract';
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

/** jaargroep: 0-8 is a grade (0, the entry group before groep 1, counts as grade 1); C, S and V have none. */
export type Jaargroep = { grade: number } | { special: 'C' | 'S' | 'V' };

export function parseJaargroep(code: string): Jaargroep | null {
  const upper = code.toUpperCase();
  if (/^[0-8]$/.test(upper)) return { grade: Math.max(1, Number(upper)) };
  if (upper === 'C' || upper === 'S' || upper === 'V') return { special: upper };
  return null;
}

/** The school year of "2025-2026" (its first calendar year), or null when it is not two consecutive years. */
export function parseSchooljaar(value: string): number | null {
  const match = /^(\d{4})\s*[-/]\s*(\d{4})$/.exec(value);
  if (!match) return null;
  const first = Number(match[1]);
  return Number(match[2]) === first + 1 ? first : null;
}

/** A real calendar date in ISO form (yyyy-mm-dd) not after today, or null. */
export function parseBirthDate(value: string, todayIso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (year < 1900 || value > todayIso) return null;
  return value;
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
  if (doc.brincode === null)
    throw new UploadRefused(
      'missing_element',
      'The school element has no brincode.',
      { element: 'brincode' },
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
