import { SUBJECT_CODES, type SubjectCode, type TestProviderCode, type YearTime } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import { listCatalogTests, type CatalogTest } from './repository';

/*
 * Which national test of the catalogue a row is about: the provider (from the layout), the subject (the test
 * column: a subject name as the exports write it, a subject code or a catalogue test code), the version when the
 * file has a version column, and the pupil's grade and the moment, which a test must cover.
 */

export type { CatalogTest } from './repository';

/** Subject names in the exports (lower case, provider prefix and text in brackets dropped). */
const SUBJECT_NAMES: Record<string, SubjectCode> = {
  rekenen: 'RW',
  'rekenen wiskunde': 'RW',
  'rekenen en wiskunde': 'RW',
  wiskunde: 'RW',
  spelling: 'SP',
  taalverzorging: 'SP',
  'begrijpend lezen': 'TBL',
  lezen: 'TBL',
  leesbegrip: 'TBL',
  'technisch lezen': 'DMT',
  'drie minuten toets': 'DMT',
  woordenschat: 'WST',
  'rekenen voor kleuters': 'RvK',
  'taal voor kleuters': 'TvK',
};

export function subjectOf(testText: string): SubjectCode | null {
  const code = SUBJECT_CODES.find((subject) => subject.toLowerCase() === testText.trim().toLowerCase());
  if (code) return code;
  const name = testText
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/^\s*(cito|dia|iep)\b/, ' ')
    .replace(/[-_&/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return SUBJECT_NAMES[name] ?? null;
}

export type TestChoice =
  { ok: true; test: CatalogTest } | { ok: false; code: 'unknown_test' | 'ambiguous_test'; message: string };

export class TestCatalog {
  /** Files repeat a handful of test, version, grade and moment combinations: each is worked out once. */
  private readonly chosen = new Map<string, TestChoice>();

  private constructor(private readonly tests: CatalogTest[]) {}

  static async load(tx: Db): Promise<TestCatalog> {
    const rows = await listCatalogTests(tx);
    return new TestCatalog(rows);
  }

  /** The test; `version` is null when the file has no version column or the cell is empty. */
  choose(
    provider: TestProviderCode,
    testText: string,
    version: string | null,
    grade: number,
    moment: YearTime,
  ): TestChoice {
    const key = `${provider}\t${testText}\t${version ?? ''}\t${grade}\t${moment}`;
    let choice = this.chosen.get(key);
    if (!choice) {
      choice = this.find(provider, testText, version, grade, moment);
      this.chosen.set(key, choice);
    }
    return choice;
  }

  private find(
    provider: TestProviderCode,
    testText: string,
    version: string | null,
    grade: number,
    moment: YearTime,
  ): TestChoice {
    const ofProvider = this.tests.filter((test) => test.provider === provider);
    const byCode = ofProvider.filter((test) => test.code.toLowerCase() === testText.trim().toLowerCase());
    const subject = subjectOf(testText);
    const unknown = (detail: string): TestChoice => ({ ok: false, code: 'unknown_test', message: detail });
    if (byCode.length === 0 && subject === null) {
      return unknown(`"${testText}" is not a ${provider} test`);
    }
    let candidates = byCode.length > 0 ? byCode : ofProvider.filter((test) => test.subject === subject);
    if (version !== null) candidates = candidates.filter((test) => sameVersion(test.version, version));
    if (candidates.length === 0) {
      return unknown(
        `The catalogue has no ${provider} test "${testText}"${version ? ` version ${version}` : ''}`,
      );
    }
    candidates = candidates.filter(
      (test) =>
        grade >= test.gradeFrom &&
        grade <= test.gradeTo &&
        (test.yearTime === null || test.yearTime === moment),
    );
    if (candidates.length === 0) {
      return unknown(`The ${provider} test "${testText}" is not taken in groep ${grade} at moment ${moment}`);
    }
    if (candidates.length > 1) {
      return {
        ok: false,
        code: 'ambiguous_test',
        message: `The ${provider} test "${testText}" exists in versions ${candidates
          .map((test) => test.version)
          .join(', ')}: the row needs its version`,
      };
    }
    const [test] = candidates;
    return test ? { ok: true, test } : unknown(`"${testText}" is not a ${provider} test`);
  }
}

/** "3.0" and "3", "2024" and "2024.0" are the same version. */
function sameVersion(catalogue: string, file: string): boolean {
  const normal = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/,/g, '.')
      .replace(/^v(ersie)?\s*/, '')
      .replace(/\.0$/, '');
  return normal(catalogue) === normal(file);
}
