import { OBSERVATION_ERRORS, type ObservationCreate, type ObservationUpdate } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizeGroup,
  authorizePupil,
  authorizeSchool,
  authorizeUser,
  groupFor,
  requireSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findAspect, type AspectRow } from './aspect-repository';
import { placeInGroup, type Placement } from './placement';
import {
  canEditObservation,
  canManageAspects,
  canReadGroupObservations,
  canReadObservation,
  canReadPupilObservations,
  canRecordObservation,
  mayUseObservations,
} from './policy';
import { findObservation, type ObservationRow } from './repository';

/*
 * The policies of the observation calls: each loads what it decides on once and returns it for the service.
 * Order: what the user may not know of answers 404 first, then a restricted user 403, then what the user sees
 * but may not do 403.
 */

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseObservations);

/** A group whose observations were allowed: what the group overview reads of it. */
export interface ObservedGroup {
  id: number;
  schoolId: number;
  calendarYear: number;
}

/** The observations a list call may read: one pupil's, or a group's. */
export type AllowedObservationList =
  { access: SchoolAccess; pupilId: number } | { access: SchoolAccess; group: ObservedGroup };

/** An observation the caller may change or delete, with the access that allowed it. */
export interface AllowedObservation {
  access: SchoolAccess;
  observation: ObservationRow;
}

export async function authorizePupilObservations(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<SchoolAccess> {
  const access = await authorizePupil(ctx.db, session, pupilId, undefined, canReadPupilObservations);
  requireUnrestricted(session);
  return access;
}

export async function authorizeGroupObservations(
  ctx: AppContext,
  session: ActiveSession,
  groupId: number,
): Promise<{ access: SchoolAccess; group: ObservedGroup }> {
  const access = await authorizeGroup(ctx.db, session, groupId, canReadGroupObservations);
  requireUnrestricted(session);
  // The lookup authorizeGroup made, remembered for this request.
  const group = await groupFor(ctx.db, session, groupId);
  if (!group) throw notFound();
  return { access, group };
}

/** What `GET /social_emotional_observation/` names: a pupil or a group (the query schema requires one). */
export async function authorizeObservationList(
  ctx: AppContext,
  session: ActiveSession,
  query: { pupil_id?: number; yearclass_id?: number },
): Promise<AllowedObservationList> {
  const pupilId = query.pupil_id;
  if (pupilId !== undefined)
    return { access: await authorizePupilObservations(ctx, session, pupilId), pupilId };
  if (query.yearclass_id !== undefined) return authorizeGroupObservations(ctx, session, query.yearclass_id);
  throw badRequest('Invalid input.', { pupil_id: [OBSERVATION_ERRORS.oneOf] });
}

/** An observation the user reads and may change (author, senco, superuser); a confidential one of others is 404. */
export async function authorizeObservationEdit(
  ctx: AppContext,
  session: ActiveSession,
  observationId: number,
): Promise<AllowedObservation> {
  const observation = await findObservation(ctx.db, observationId);
  if (!observation) throw notFound();
  const access = await authorizePupilObservations(ctx, session, observation.pupilId);
  allowOr404(access.schoolId === observation.schoolId && canReadObservation(access, observation));
  allowOr403(canEditObservation(access, observation));
  return { access, observation };
}

/**
 * The group an observation on that date goes to must be one the user records for (403). A date that places it
 * nowhere is no verdict: the service answers its 400 with the other fields' errors.
 */
function requireRecording(access: SchoolAccess, placement: Placement): void {
  if ('place' in placement) allowOr403(canRecordObservation(access, placement.place.yearClassId));
}

/** A new observation of a pupil the user reads, placed in the pupil's group of its date. */
export async function authorizeObservationCreate(
  ctx: AppContext,
  session: ActiveSession,
  input: ObservationCreate,
): Promise<{ access: SchoolAccess; placement: Placement }> {
  const access = await authorizePupilObservations(ctx, session, input.pupilId);
  const placement = await placeInGroup(ctx, access.schoolId, input.pupilId, input.observedOn);
  requireRecording(access, placement);
  return { access, placement };
}

/** A change of an observation the user may edit; a new date places it in the pupil's group of that date. */
export async function authorizeObservationChange(
  ctx: AppContext,
  session: ActiveSession,
  observationId: number,
  input: ObservationUpdate,
): Promise<AllowedObservation & { placement: Placement | null }> {
  const allowed = await authorizeObservationEdit(ctx, session, observationId);
  const { access, observation } = allowed;
  if (input.observedOn === undefined || input.observedOn === observation.observedOn)
    return { ...allowed, placement: null };
  const placement = await placeInGroup(ctx, access.schoolId, observation.pupilId, input.observedOn);
  requireRecording(access, placement);
  return { ...allowed, placement };
}

/** Any member reads the school's aspects. */
export const authorizeAspects = (ctx: AppContext, session: ActiveSession, schoolId: number) =>
  requireSchoolAccess(ctx.db, session, schoolId);

/** Superusers and sencos add the school's own aspects (other members 403). */
export const authorizeAspectCreate = (ctx: AppContext, session: ActiveSession, schoolId: number) =>
  authorizeSchool(ctx.db, session, schoolId, canManageAspects);

/** An aspect of a school whose aspects the user manages (unknown aspect or other school 404, other members 403). */
export async function authorizeAspectChange(
  ctx: AppContext,
  session: ActiveSession,
  aspectId: number,
): Promise<{ access: SchoolAccess; aspect: AspectRow }> {
  const aspect = await findAspect(ctx.db, aspectId);
  if (!aspect) throw notFound();
  const access = await authorizeSchool(ctx.db, session, aspect.schoolId, canManageAspects);
  return { access, aspect };
}
