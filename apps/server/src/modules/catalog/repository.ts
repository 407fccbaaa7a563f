import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Method, NationalNorm, NationalTest, Subject, TestProvider } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import {
  methodTests,
  methods,
  nationalNorms,
  nationalTestScores,
  nationalTests,
  subjects,
  testProviders,
} from '../../db/schema/index';

/** Subjects ordered by position (ties by id). */
export async function listSubjects(db: Db): Promise<Subject[]> {
  const rows = await db.select().from(subjects).orderBy(asc(subjects.position), asc(subjects.id));
  return rows.map((row) => ({ ...row, name: row.nameNl }));
}

/** Providers by priority; with `schoolId` only those of which the school has national results. */
export function listTestProviders(db: Db, schoolId?: number): Promise<TestProvider[]> {
  const used = sql`exists (select 1 from ${nationalTestScores} where ${nationalTestScores.schoolId} = ${schoolId}
    and ${nationalTestScores.providerId} = ${testProviders.id})`;
  return db
    .select({
      id: testProviders.id,
      code: testProviders.code,
      name: testProviders.name,
      priority: testProviders.priority,
    })
    .from(testProviders)
    .where(schoolId === undefined ? undefined : used)
    .orderBy(asc(testProviders.priority), asc(testProviders.id));
}

/** National tests by provider priority, subject position and code; with `schoolId` only those the school used. */
export function listNationalTests(db: Db, schoolId?: number): Promise<NationalTest[]> {
  const used = sql`exists (select 1 from ${nationalTestScores} where ${nationalTestScores.schoolId} = ${schoolId}
    and ${nationalTestScores.nationalTestId} = ${nationalTests.id})`;
  return db
    .select({
      id: nationalTests.id,
      providerId: nationalTests.providerId,
      providerCode: testProviders.code,
      subjectId: nationalTests.subjectId,
      code: nationalTests.code,
      name: nationalTests.name,
      version: nationalTests.version,
      gradeFrom: nationalTests.gradeFrom,
      gradeTo: nationalTests.gradeTo,
      yearTime: nationalTests.yearTime,
    })
    .from(nationalTests)
    .innerJoin(testProviders, eq(testProviders.id, nationalTests.providerId))
    .innerJoin(subjects, eq(subjects.id, nationalTests.subjectId))
    .where(schoolId === undefined ? undefined : used)
    .orderBy(asc(testProviders.priority), asc(subjects.position), asc(nationalTests.code));
}

/** Methods by name, each with its tests by grade, block and position. */
export async function listMethods(db: Db): Promise<Method[]> {
  const methodRows = await db.select().from(methods).orderBy(asc(methods.name), asc(methods.id));
  const testRows = await db
    .select()
    .from(methodTests)
    .orderBy(asc(methodTests.grade), asc(methodTests.block), asc(methodTests.position), asc(methodTests.id));
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

/** The norms of the given (provider, subject, grade, moment) combinations. */
export async function findNorms(db: Db, keys: readonly NormKey[]): Promise<NationalNorm[]> {
  if (keys.length === 0) return [];
  const unique = new Map(
    keys.map((key) => [`${key.providerId}:${key.subjectId}:${key.grade}:${key.yearTime}`, key]),
  );
  const grades = [...new Set([...unique.values()].map((key) => key.grade))];
  const rows = await db
    .select({
      providerId: nationalNorms.providerId,
      subjectId: nationalNorms.subjectId,
      grade: nationalNorms.grade,
      yearTime: nationalNorms.yearTime,
      abilityScore: nationalNorms.abilityScore,
    })
    .from(nationalNorms)
    .where(inArray(nationalNorms.grade, grades))
    .orderBy(asc(nationalNorms.providerId), asc(nationalNorms.subjectId), asc(nationalNorms.grade));
  return rows.filter((row) => unique.has(`${row.providerId}:${row.subjectId}:${row.grade}:${row.yearTime}`));
}
