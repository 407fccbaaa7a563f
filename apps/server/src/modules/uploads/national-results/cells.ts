import { SCHOOL_YEAR_START_MONTH, YEAR_TIMES, type YearTime } from '@leerzicht/contract';

/*
 * Reading the text of one cell of a result file. Each reader answers the value, or `invalid` with nothing more
 * (the importer turns that into a row error that names the column and the value).
 */

export const INVALID = Symbol('invalid');
export type Parsed<T> = T | typeof INVALID;

/** A header as compared: lower case, `_`/`-` as spaces, brackets and dots dropped, spaces collapsed. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .replace(/[().:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A number with a decimal point or a decimal comma (Dutch Excel); null when empty. */
export function parseNumber(text: string): Parsed<number | null> {
  const value = text.replace(/\s+/g, '');
  if (value === '') return null;
  if (!/^[-+]?\d+([.,]\d+)?$/.test(value)) return INVALID;
  return Number(value.replace(',', '.'));
}

/** A whole number (a decimal part of zero allowed: "85,0"); null when empty. */
export function parseWhole(text: string): Parsed<number | null> {
  const value = parseNumber(text);
  if (value === INVALID || value === null) return value;
  return Number.isInteger(value) ? value : INVALID;
}

const EARLIEST_YEAR = 2000;

/**
 * A calendar date: YYYY-MM-DD (what the XLSX reader gives for date cells), DD-MM-YYYY, DD/MM/YYYY or DD.MM.YYYY,
 * optionally followed by a time. Only real days between 2000 and `today` are accepted. Answers YYYY-MM-DD.
 */
export function parseDate(text: string, today: string): Parsed<string | null> {
  const value = text.trim();
  if (value === '') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(value);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:\s.*)?$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dutch
      ? [Number(dutch[3]), Number(dutch[2]), Number(dutch[1])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < EARLIEST_YEAR) return INVALID;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return INVALID;
  }
  const result = date.toISOString().slice(0, 10);
  return result > today ? INVALID : result;
}

/** The school year (its first calendar year) of a YYYY-MM-DD date: it starts in August. */
export function schoolYearOfIso(date: string): number {
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1;
  return monthIndex >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
}

const MOMENT_WORDS: Record<string, YearTime> = {
  b: 'B',
  begin: 'B',
  m: 'M',
  midden: 'M',
  medio: 'M',
  e: 'E',
  eind: 'E',
  x: 'X',
  covid: 'X',
};

/**
 * A test moment: B, M, E or X, or begin / midden (medio) / eind / covid, optionally with the grade of the test
 * ("M5", "E 6", "midden groep 5"). The grade is the test's level and is not used: a pupil's grade comes from the
 * pupil's group in the school year of the test date.
 */
export function parseMoment(text: string): Parsed<YearTime | null> {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  const match = /^([a-z]+)\s*(?:groep\s*)?([1-8])?$/.exec(value);
  const moment = match?.[1] ? MOMENT_WORDS[match[1]] : undefined;
  return moment && (YEAR_TIMES as readonly string[]).includes(moment) ? moment : INVALID;
}

/** Today as YYYY-MM-DD (UTC): test dates after it are refused. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The school year all of a file's results are of, or null for a file of several (or none). */
export function commonSchoolYear(years: readonly number[]): number | null {
  return years.length === 1 ? (years[0] ?? null) : null;
}
