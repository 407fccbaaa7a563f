import { OBSERVATION_ERRORS } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizeGroup,
  authorizePupil,
  authorizeUser,
  groupFor,
  requireSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import {
  canEditObservation,
  canReadGroupObservations,
  canReadObservation,
  canReadPupilObservations,
  mayUseObservations,
} from './policy';
import { findObservation, type ObservationRow } from './repository';

/*
 * The checks of every observation call, run by the route's policy and again by the service (the resolver caches
 * the school access per request). Order: what the user may not know of answers 404 first, then a restricted
 * user 403, then what the user sees but may not do 403.
 */

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseObservations);

export async function authorizePupilObservations(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<SchoolAccess> {
  const access = await authorizePupil(ctx.db, session, pupilId, undefined, canReadPupilObservations);
  requireUnrestricted(session);
  return access;
}

export async function authorizeGroupObservations(ctx: AppContext, session: ActiveSession, groupId: number) {
  const access = await authorizeGroup(ctx.db, session, groupId, canReadGroupObservations);
  requireUnrestricted(session);
  const group = await groupFor(ctx.db, session, groupId);
  if (!group) throw notFound();
  return { access, group };
}

/** What `GET /social_emotional_observation/` names: a pupil or a group (the query schema requires one). */
export type ObservationListScope = { pupilId: number } | { groupId: number };

export function listScope(query: { pupil_id?: number; yearclass_id?: number }): ObservationListScope {
  if (query.pupil_id !== undefined) return { pupilId: query.pupil_id };
  if (query.yearclass_id !== undefined) return { groupId: query.yearclass_id };
  throw badRequest('Invalid input.', { pupil_id: [OBSERVATION_ERRORS.oneOf] });
}

export function authorizeObservationList(
  ctx: AppContext,
  session: ActiveSession,
  scope: ObservationListScope,
) {
  return 'pupilId' in scope
    ? authorizePupilObservations(ctx, session, scope.pupilId)
    : authorizeGroupObservations(ctx, session, scope.groupId);
}

/** An observation the user reads and may change (author, senco, superuser); a confidential one of others is 404. */
export async function authorizeObservationEdit(
  ctx: AppContext,
  session: ActiveSession,
  observationId: number,
): Promise<{ access: SchoolAccess; observation: ObservationRow }> {
  const observation = await findObservation(ctx.db, observationId);
  if (!observation) throw notFound();
  const access = await authorizePupilObservations(ctx, session, observation.pupilId);
  allowOr404(access.schoolId === observation.schoolId && canReadObservation(access, observation));
  allowOr403(canEditObservation(access, observation));
  return { access, observation };
}

/** Any member reads the school's aspects. */
export const authorizeAspects = (ctx: AppContext, session: ActiveSession, schoolId: number) =>
  requireSchoolAccess(ctx.db, session, schoolId);
