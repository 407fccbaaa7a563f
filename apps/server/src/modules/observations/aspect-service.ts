import {
  isDefaultAspectCode,
  OBSERVATION_ERRORS,
  SOCIAL_EMOTIONAL_DEFAULT_ASPECTS,
  SOCIAL_EMOTIONAL_DEFAULT_NAMES,
  type AspectCreate,
  type AspectUpdate,
  type SocialEmotionalAspect,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import {
  insertCodedAspects,
  insertOwnAspect,
  listAspectRows,
  updateAspectRow,
  type AspectRow,
} from './aspect-repository';

/**
 * The school's aspects. The default ones are added on the school's first read (and a default added to the
 * contract later appears the same way); there is no delete, so a default once there stays, possibly archived.
 */
export async function ensureAspects(db: Db, schoolId: number): Promise<AspectRow[]> {
  const rows = await listAspectRows(db, schoolId);
  const present = new Set(rows.map((row) => row.code));
  const missing = SOCIAL_EMOTIONAL_DEFAULT_ASPECTS.flatMap((code, position) =>
    present.has(code) ? [] : [{ code, name: SOCIAL_EMOTIONAL_DEFAULT_NAMES[code], position }],
  );
  if (missing.length === 0) return rows;
  await insertCodedAspects(db, schoolId, missing);
  return listAspectRows(db, schoolId);
}

/** The name the web shows: null for a default aspect under its default name (the web's catalogue label then). */
export function displayName(row: Pick<AspectRow, 'code' | 'name'>): string | null {
  if (
    row.code !== null &&
    isDefaultAspectCode(row.code) &&
    row.name === SOCIAL_EMOTIONAL_DEFAULT_NAMES[row.code]
  )
    return null;
  return row.name;
}

export function toAspect(row: AspectRow): SocialEmotionalAspect {
  return {
    id: row.id,
    schoolId: row.schoolId,
    code: row.code,
    name: displayName(row),
    position: row.position,
    isArchived: row.isArchived,
  };
}

export async function listAspects(ctx: AppContext, access: SchoolAccess): Promise<SocialEmotionalAspect[]> {
  return (await ensureAspects(ctx.db, access.schoolId)).map(toAspect);
}

function refuseDuplicateName(rows: readonly AspectRow[], name: string, exceptId: number | null): void {
  const wanted = name.toLocaleLowerCase('nl');
  if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase('nl') === wanted))
    throw badRequest('Invalid input.', { name: [OBSERVATION_ERRORS.duplicateName] });
}

/** Adds an own aspect to the school the route's policy allowed. */
export async function createAspect(
  ctx: AppContext,
  access: SchoolAccess,
  input: AspectCreate,
): Promise<SocialEmotionalAspect> {
  const { schoolId } = access;
  // One transaction: a request that fails leaves neither the aspect nor the built-in ones made for it.
  return ctx.db.transaction(async (tx) => {
    refuseDuplicateName(await ensureAspects(tx, schoolId), input.name, null);
    return toAspect(await insertOwnAspect(tx, schoolId, input.name));
  });
}

/** Renames, moves or archives the aspect the route's policy loaded and allowed. */
export async function updateAspect(
  ctx: AppContext,
  aspect: AspectRow,
  input: AspectUpdate,
): Promise<SocialEmotionalAspect> {
  const { schoolId, id: aspectId } = aspect;
  if (input.name !== undefined)
    refuseDuplicateName(await listAspectRows(ctx.db, schoolId), input.name, aspectId);
  const changes: { name?: string; position?: number; isArchived?: boolean } = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.position !== undefined) changes.position = input.position;
  if (input.isArchived !== undefined) changes.isArchived = input.isArchived;
  const updated = await updateAspectRow(ctx.db, schoolId, aspectId, changes);
  if (!updated) throw notFound();
  return toAspect(updated);
}
