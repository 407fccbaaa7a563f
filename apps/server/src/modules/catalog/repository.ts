import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { NationalNorm, NationalTest, TestProvider } from '@leerzicht/contract';
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
export function listSubjectRows(db: Db) {
  return db.select().from(subjects).orderBy(asc(subjects.position), asc(subjects.id));
}

/** Providers by priority; with `schoolId` only those of which the school has national results. */
export function listTestProviderRows(db: Db, schoolId?: number): Promise<TestProvider[]> {
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
export function listNationalTestRows(db: Db, schoolId?: number): Promise<NationalTest[]> {
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

/** Methods by name. */
export function listMethodRows(db: Db) {
  return db.select().from(methods).orderBy(asc(methods.name), asc(methods.id));
}

/** Method tests by grade, block and position. */
export function listMethodTestRows(db: Db) {
  return db
    .select()
    .from(methodTests)
    .orderBy(asc(methodTests.grade), asc(methodTests.block), asc(methodTests.position), asc(methodTests.id));
}

/** The norms of the given grades. */
export function listNormsOfGrades(db: Db, grades: readonly number[]): Promise<NationalNorm[]> {
  return db
    .select({
      providerId: nationalNorms.providerId,
      subjectId: nationalNorms.subjectId,
      grade: nationalNorms.grade,
      yearTime: nationalNorms.yearTime,
      abilityScore: nationalNorms.abilityScore,
      abilitySd: nationalNorms.abilitySd,
    })
    .from(nationalNorms)
    .where(inArray(nationalNorms.grade, [...grades]))
    .orderBy(asc(nationalNorms.providerId), asc(nationalNorms.subjectId), asc(nationalNorms.grade));
}
