import type { Method, NationalNorm, NationalTest, Subject, TestProvider } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import {
  listMethodRows,
  listMethodTestRows,
  listNationalTestRows,
  listNormsOfGrades,
  listSubjectRows,
  listTestProviderRows,
} from './repository';

/* The global test catalogue: subjects, providers, national tests, methods and the national norms. */

/**
 * Subjects are written only by migrations and the seed, both done before the server listens, so each process
 * reads them once per database instead of on nearly every page. The list is frozen, being shared; an empty one
 * (a database not yet filled) is read again next time.
 */
const subjectsOf = new WeakMap<Db, Promise<readonly Subject[]>>();

/** Subjects ordered by position (ties by id), named in Dutch. */
export function listSubjects(db: Db): Promise<readonly Subject[]> {
  const known = subjectsOf.get(db);
  if (known) return known;
  const read = listSubjectRows(db).then((rows) =>
    Object.freeze(rows.map((row) => Object.freeze({ ...row, name: row.nameNl }))),
  );
  subjectsOf.set(db, read);
  const forget = () => {
    if (subjectsOf.get(db) === read) subjectsOf.delete(db);
  };
  read.then((subjects) => {
    if (subjects.length === 0) forget();
  }, forget);
  return read;
}

/** Providers by priority; with `schoolId` only those of which the school has national results. */
export function listTestProviders(db: Db, schoolId?: number): Promise<TestProvider[]> {
  return listTestProviderRows(db, schoolId);
}

/** National tests by provider priority, subject position and code; with `schoolId` only those the school used. */
export function listNationalTests(db: Db, schoolId?: number): Promise<NationalTest[]> {
  return listNationalTestRows(db, schoolId);
}

/** Methods by name, each with its tests by grade, block and position. */
export async function listMethods(db: Db): Promise<Method[]> {
  const [methodRows, testRows] = await Promise.all([listMethodRows(db), listMethodTestRows(db)]);
  const byMethod = new Map<number, Method['tests']>();
  for (const test of testRows) {
    const list = byMethod.get(test.methodId) ?? [];
    list.push(test);
    byMethod.set(test.methodId, list);
  }
  return methodRows.map((method) => ({ ...method, tests: byMethod.get(method.id) ?? [] }));
}

export interface NormKey {
  providerId: number;
  subjectId: number;
  grade: number;
  yearTime: NationalNorm['yearTime'];
}

const normKey = (key: NormKey) => `${key.providerId}:${key.subjectId}:${key.grade}:${key.yearTime}`;

/** The norms of the given (provider, subject, grade, moment) combinations. */
export async function findNorms(db: Db, keys: readonly NormKey[]): Promise<NationalNorm[]> {
  if (keys.length === 0) return [];
  const wanted = new Set(keys.map(normKey));
  const rows = await listNormsOfGrades(db, [...new Set(keys.map((key) => key.grade))]);
  return rows.filter((row) => wanted.has(normKey(row)));
}
