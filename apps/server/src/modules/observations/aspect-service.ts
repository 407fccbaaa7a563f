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
import { allowOr403, requireSchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import {
  findAspect,
  insertCodedAspects,
  insertOwnAspect,
  listAspectRows,
  updateAspectRow,
  type AspectRow,
} from './aspect-repository';
import { canManageAspects } from './policy';

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

export async function listAspects(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SocialEmotionalAspect[]> {
  await requireSchoolAccess(ctx.db, session, schoolId);
  return (await ensureAspects(ctx.db, schoolId)).map(toAspect);
}

/** The school of an aspect, for the route's policy (unknown aspect: 404). */
export async function findAspectSchool(db: Db, aspectId: number): Promise<number> {
  const aspect = await findAspect(db, aspectId);
  if (!aspect) throw notFound();
  return aspect.schoolId;
}

function refuseDuplicateName(rows: readonly AspectRow[], name: string, exceptId: number | null): void {
  const wanted = name.toLocaleLowerCase('nl');
  if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase('nl') === wanted))
    throw badRequest('Invalid input.', { name: [OBSERVATION_ERRORS.duplicateName] });
}

export async function createAspect(
  ctx: AppContext,
  session: ActiveSession,
  input: AspectCreate,
): Promise<SocialEmotionalAspect> {
  const access = await requireSchoolAccess(ctx.db, session, input.schoolId);
  allowOr403(canManageAspects(access));
  // One transaction: a request that fails leaves neither the aspect nor the built-in ones made for it.
  return ctx.db.transaction(async (tx) => {
    refuseDuplicateName(await ensureAspects(tx, input.schoolId), input.name, null);
    return toAspect(await insertOwnAspect(tx, input.schoolId, input.name));
  });
}

export async function updateAspect(
  ctx: AppContext,
  session: ActiveSession,
  aspectId: number,
  input: AspectUpdate,
): Promise<SocialEmotionalAspect> {
  const schoolId = await findAspectSchool(ctx.db, aspectId);
  const access = await requireSchoolAccess(ctx.db, session, schoolId);
  allowOr403(canManageAspects(access));
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
