import { APPROACH_ERRORS } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeGroup, groupFor, type SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects } from '../catalog/index';

/*
 * The checks of the approach calls, run by the route's policy and again by the service (the resolver caches the
 * school access per request).
 */

export async function requireGroup(
  ctx: AppContext,
  session: ActiveSession,
  groupId: number,
  maySee: (access: SchoolAccess, groupId: number) => boolean,
) {
  const access = await authorizeGroup(ctx.db, session, groupId, maySee);
  const group = await groupFor(ctx.db, session, groupId);
  if (!group) throw notFound();
  return { access, group };
}

/** A subject of the catalogue; otherwise 400 on `field`. */
export async function requireSubject(ctx: AppContext, subjectId: number, field: string): Promise<void> {
  const known = (await listSubjects(ctx.db)).some((subject) => subject.id === subjectId);
  if (!known) throw badRequest('Invalid input.', { [field]: [APPROACH_ERRORS.unknownSubject] });
}

/** What `GET /pupil_approaches/` names: a pupil, or a group and subject (the query schema requires one). */
export type ApproachListScope = { pupilId: number } | { groupId: number; subjectId: number };

export function listScope(query: {
  pupil_id?: number;
  yearclass_id?: number;
  subject_id?: number;
}): ApproachListScope {
  if (query.pupil_id !== undefined) return { pupilId: query.pupil_id };
  if (query.yearclass_id !== undefined && query.subject_id !== undefined)
    return { groupId: query.yearclass_id, subjectId: query.subject_id };
  throw badRequest('Invalid input.', { pupil_id: [APPROACH_ERRORS.oneOf] });
}
