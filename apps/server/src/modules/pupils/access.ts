import type { AppContext } from '../../context';
import { allowOr403, authorizePupil, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { DoorstroomtoetsResult } from '@leerzicht/contract';
import type { ActiveSession } from '../../platform/sessions';
import { findPinById, type PinRow } from './pin-lookup-repository';
import { findDoorstroomtoets } from './doorstroomtoets-repository';
import {
  canPinPupil,
  canReadPupilDetail,
  canRemovePin,
  canSetOutflowAdvice,
  canWriteDoorstroomtoets,
} from './policy';
import { findPupil, listEnrolments } from './repository';

/*
 * The policies of the pupil calls: each loads what it decides on once (the pupil's school and groups with the
 * caller's access, through platform/access) and returns what it allowed for the service. A pupil the caller may
 * not read answers 404; what the caller reads but may not do, 403.
 */

/** A pupil the caller reads, by id (its school is the pupil's own). */
export interface AllowedPupil {
  access: SchoolAccess;
  pupilId: number;
}

/** The pupil page's pupil, with the access that allowed it. */
export interface AllowedPupilDetail {
  access: SchoolAccess;
  pupil: NonNullable<Awaited<ReturnType<typeof findPupil>>>;
}

/** The latest enrolment, whose school year an outflow advice belongs to. */
export type AllowedOutflowAdvice = AllowedPupil & {
  latest: { yearClassId: number; calendarYear: number } | null;
};

/** The pupil of `schoolId` for the pupil page, loaded once. */
export async function authorizePupilDetail(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
  schoolId: number,
): Promise<AllowedPupilDetail> {
  const access = await authorizePupil(ctx.db, session, pupilId, schoolId, canReadPupilDetail);
  const pupil = await findPupil(ctx.db, schoolId, pupilId);
  if (!pupil) throw notFound();
  return { access, pupil };
}

export async function authorizePupilRead(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<AllowedPupil> {
  return { access: await authorizePupil(ctx.db, session, pupilId, undefined, canReadPupilDetail), pupilId };
}

/**
 * Outflow advice is set by superusers and sencos, and by teachers of the pupil's current (latest) group: other
 * teachers who read the pupil get 403. The latest enrolment is handed on: the advice belongs to its school year.
 */
export async function authorizeOutflowAdvice(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<AllowedOutflowAdvice> {
  const allowed = await authorizePupilRead(ctx, session, pupilId);
  const latest = (await listEnrolments(ctx.db, allowed.access.schoolId, pupilId)).at(-1) ?? null;
  allowOr403(canSetOutflowAdvice(allowed.access, latest?.yearClassId ?? null));
  return { ...allowed, latest };
}

export async function authorizePin(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<AllowedPupil> {
  return { access: await authorizePupil(ctx.db, session, pupilId, undefined, canPinPupil), pupilId };
}

/** One of the caller's own pins; someone else's pin answers 404, as an unknown id does. */
export async function authorizePinRemoval(
  ctx: AppContext,
  session: ActiveSession,
  pinId: number,
): Promise<PinRow> {
  const pin = await findPinById(ctx.db, pinId);
  if (!pin || !canRemovePin(session, pin)) throw notFound();
  return pin;
}

/** A doorstroomtoets result the caller may correct or remove, loaded with the pupil's access. */
export type AllowedDoorstroomtoets = AllowedPupil & { result: DoorstroomtoetsResult };

/** The pupil's doorstroomtoets results are read as the pupil is; whether the caller may write them goes along. */
export type AllowedDoorstroomtoetsRead = AllowedPupil & { mayWrite: boolean };

export async function authorizeDoorstroomtoetsRead(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<AllowedDoorstroomtoetsRead> {
  const allowed = await authorizePupilRead(ctx, session, pupilId);
  const latest = (await listEnrolments(ctx.db, allowed.access.schoolId, pupilId)).at(-1) ?? null;
  return { ...allowed, mayWrite: canWriteDoorstroomtoets(allowed.access, latest?.yearClassId ?? null) };
}

/**
 * Entering a doorstroomtoets result: whoever sets the pupil's outflow advice, unless marked restricted (403). A
 * pupil the caller does not read answers 404 first.
 */
export async function authorizeDoorstroomtoetsWrite(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<AllowedPupil> {
  const allowed = await authorizePupilRead(ctx, session, pupilId);
  const latest = (await listEnrolments(ctx.db, allowed.access.schoolId, pupilId)).at(-1) ?? null;
  allowOr403(canWriteDoorstroomtoets(allowed.access, latest?.yearClassId ?? null));
  return allowed;
}

/** Correcting or removing one: as entering, and the result must be this pupil's (else 404). */
export async function authorizeDoorstroomtoetsChange(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
  resultId: number,
): Promise<AllowedDoorstroomtoets> {
  const allowed = await authorizeDoorstroomtoetsWrite(ctx, session, pupilId);
  const result = await findDoorstroomtoets(ctx.db, allowed.access.schoolId, pupilId, resultId);
  if (!result) throw notFound();
  return { ...allowed, result };
}
