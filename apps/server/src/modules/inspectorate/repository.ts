import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  inspectorateOutcomeSchema,
  inspectorateYearSchema,
  type InspectorateFigures,
  type PublishedFigures,
} from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { inspectorateFigures, schools } from '../../db/schema/index';

/* The inspectorate's figures per school location, and the values a superuser entered from its letter. */

const storedRowSchema = z.object({
  schoolId: z.number().int(),
  ovt: z.string(),
  locationCode: z.string(),
  years: z.array(inspectorateYearSchema),
  schoolweging: z.number().nullable(),
  schoolwegingCategory: z.string().nullable(),
  signal1F: z.number().nullable(),
  signalTarget: z.number().nullable(),
  weighted1F: z.number().nullable(),
  weightedTarget: z.number().nullable(),
  totalPupils: z.number().int().nullable(),
  outcome1F: inspectorateOutcomeSchema.nullable(),
  outcomeTarget: inspectorateOutcomeSchema.nullable(),
  importedAt: z.date(),
});
export type StoredFigures = PublishedFigures & { schoolId: number };

const columns = {
  schoolId: inspectorateFigures.schoolId,
  ovt: inspectorateFigures.ovt,
  locationCode: inspectorateFigures.locationCode,
  years: inspectorateFigures.years,
  schoolweging: inspectorateFigures.schoolweging,
  schoolwegingCategory: inspectorateFigures.schoolwegingCategory,
  signal1F: inspectorateFigures.signal1F,
  signalTarget: inspectorateFigures.signalTarget,
  weighted1F: inspectorateFigures.weighted1F,
  weightedTarget: inspectorateFigures.weightedTarget,
  totalPupils: inspectorateFigures.totalPupils,
  outcome1F: inspectorateFigures.outcome1F,
  outcomeTarget: inspectorateFigures.outcomeTarget,
  importedAt: inspectorateFigures.importedAt,
};

function toFigures(row: unknown, brinCode: (schoolId: number) => string): StoredFigures {
  const parsed = storedRowSchema.parse(row);
  return { ...parsed, brinCode: brinCode(parsed.schoolId), importedAt: parsed.importedAt.toISOString() };
}

/** The schools whose BRIN is among `brinCodes` (upper case), with their name. */
export async function findSchoolsByBrin(
  db: Db,
  brinCodes: readonly string[],
): Promise<{ id: number; name: string; brinCode: string }[]> {
  if (brinCodes.length === 0) return [];
  return db
    .select({ id: schools.id, name: schools.name, brinCode: sql<string>`upper(${schools.brinCode})` })
    .from(schools)
    .where(inArray(sql`upper(${schools.brinCode})`, [...brinCodes]));
}

/** The stored figures of these schools (for the preview's comparison). */
export async function listFiguresOfSchools(
  db: Db,
  schoolsById: ReadonlyMap<number, { brinCode: string }>,
): Promise<StoredFigures[]> {
  const ids = [...schoolsById.keys()];
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(inspectorateFigures)
    .where(inArray(inspectorateFigures.schoolId, ids));
  return rows.map((row) => toFigures(row, (id) => schoolsById.get(id)?.brinCode ?? ''));
}

/** The school's published figures, one per location, by location. */
export async function listSchoolFigures(db: Db, schoolId: number): Promise<StoredFigures[]> {
  const rows = await db
    .select({ ...columns, brinCode: schools.brinCode })
    .from(inspectorateFigures)
    .innerJoin(schools, eq(schools.id, inspectorateFigures.schoolId))
    .where(eq(inspectorateFigures.schoolId, schoolId))
    .orderBy(asc(inspectorateFigures.locationCode));
  return rows.map((row) => toFigures(row, () => row.brinCode.toUpperCase()));
}

/** Replaces every figure of the schools in `bySchool` with its rows (inside the caller's transaction). */
export async function replaceFigures(
  tx: Db,
  bySchool: ReadonlyMap<number, readonly InspectorateFigures[]>,
  importedAt: Date,
  importedById: number,
): Promise<void> {
  const ids = [...bySchool.keys()];
  if (ids.length === 0) return;
  await tx.delete(inspectorateFigures).where(inArray(inspectorateFigures.schoolId, ids));
  const values = [...bySchool.entries()].flatMap(([schoolId, rows]) =>
    rows.map((figures) => ({
      schoolId,
      ovt: figures.ovt,
      locationCode: figures.locationCode,
      years: figures.years,
      schoolweging: figures.schoolweging,
      schoolwegingCategory: figures.schoolwegingCategory,
      signal1F: figures.signal1F,
      signalTarget: figures.signalTarget,
      weighted1F: figures.weighted1F,
      weightedTarget: figures.weightedTarget,
      totalPupils: figures.totalPupils,
      outcome1F: figures.outcome1F,
      outcomeTarget: figures.outcomeTarget,
      importedAt,
      importedById,
    })),
  );
  // Batches keep each statement's parameters under PostgreSQL's 65,535 (16 columns a row).
  for (let start = 0; start < values.length; start += 1000) {
    await tx.insert(inspectorateFigures).values(values.slice(start, start + 1000));
  }
}
