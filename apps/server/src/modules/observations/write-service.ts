import {
  isoDay,
  OBSERVATION_ERRORS,
  schoolYearOf,
  type ObservationCreate,
  type ObservationUpdate,
  type SocialEmotionalObservation,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { allowOr403, type SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { authorizeObservationEdit, authorizePupilObservations } from './access';
import { ensureAspects } from './aspect-service';
import { toObservation } from './observation-view';
import { canRecordObservation } from './policy';
import { resolveRatings, storedRatingKeys } from './ratings';
import {
  deleteObservation,
  findGroupInYear,
  findObservation,
  insertObservation,
  updateObservation,
  type ObservationValues,
} from './repository';

/** The school year of a date 'YYYY-MM-DD' (the year starts in August). */
function schoolYearOfDay(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return schoolYearOf(new Date(year, month - 1, date));
}

const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;
const invalid = (errors: Record<string, string[]>) => badRequest('Invalid input.', errors);

/**
 * The group and school year an observation on `observedOn` belongs to: the pupil's group of that school year
 * (400 without one; whether the user may record for that group the caller decides). A date after today is refused.
 */
async function placeInGroup(
  ctx: AppContext,
  access: SchoolAccess,
  pupilId: number,
  observedOn: string,
  errors: Record<string, string[]>,
): Promise<{ yearClassId: number; calendarYear: number } | null> {
  if (observedOn > isoDay(ctx.now())) {
    errors.observedOn = [OBSERVATION_ERRORS.futureDate];
    return null;
  }
  const calendarYear = schoolYearOfDay(observedOn);
  const group = await findGroupInYear(ctx.db, access.schoolId, pupilId, calendarYear);
  if (!group) {
    errors.observedOn = [OBSERVATION_ERRORS.notEnrolled];
    return null;
  }
  return { yearClassId: group.id, calendarYear };
}

/** The observation as stored, for the answer: read in the write's transaction, so a failed read undoes it. */
async function readBack(db: Db, access: SchoolAccess, observationId: number) {
  const row = await findObservation(db, observationId);
  if (!row) throw notFound();
  return toObservation(row, await ensureAspects(db, access.schoolId), access);
}

/** Records an observation by the signed-in user. */
export async function createObservation(
  ctx: AppContext,
  session: ActiveSession,
  input: ObservationCreate,
): Promise<SocialEmotionalObservation> {
  const access = await authorizePupilObservations(ctx, session, input.pupilId);
  const errors: Record<string, string[]> = {};
  const place = await placeInGroup(ctx, access, input.pupilId, input.observedOn, errors);
  const resolved = resolveRatings(await ensureAspects(ctx.db, access.schoolId), input.ratings);
  Object.assign(errors, resolved.errors);
  if (!place || hasErrors(errors)) throw invalid(errors);
  allowOr403(canRecordObservation(access, place.yearClassId));
  // The insert and the read for the answer in one transaction: a 503 between them leaves nothing stored.
  return ctx.db.transaction(async (tx) => {
    const id = await insertObservation(tx, {
      schoolId: access.schoolId,
      pupilId: input.pupilId,
      authorId: session.userId,
      dateCreated: ctx.now(),
      ...place,
      observedOn: input.observedOn,
      instrument: input.instrument,
      ratings: resolved.ratings,
      content: input.content,
      confidential: input.confidential,
    });
    return readBack(tx, access, id);
  });
}

/** Changes the given fields; a new date moves the observation to the pupil's group of that school year. */
export async function changeObservation(
  ctx: AppContext,
  session: ActiveSession,
  observationId: number,
  input: ObservationUpdate,
): Promise<SocialEmotionalObservation> {
  const { access, observation } = await authorizeObservationEdit(ctx, session, observationId);
  const errors: Record<string, string[]> = {};
  const values: Partial<ObservationValues> = {};
  if (input.observedOn !== undefined && input.observedOn !== observation.observedOn) {
    const place = await placeInGroup(ctx, access, observation.pupilId, input.observedOn, errors);
    if (place) Object.assign(values, place, { observedOn: input.observedOn });
  }
  if (input.ratings !== undefined) {
    const aspects = await ensureAspects(ctx.db, access.schoolId);
    const resolved = resolveRatings(aspects, input.ratings, storedRatingKeys(observation.ratings));
    Object.assign(errors, resolved.errors);
    values.ratings = resolved.ratings;
  }
  if (hasErrors(errors)) throw invalid(errors);
  if (values.yearClassId !== undefined) allowOr403(canRecordObservation(access, values.yearClassId));
  if (input.content !== undefined) values.content = input.content;
  if (input.confidential !== undefined) values.confidential = input.confidential;
  if (input.instrument !== undefined) values.instrument = input.instrument;
  // The change and the read for the answer in one transaction: a 503 between them leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await updateObservation(tx, access.schoolId, observationId, values);
    return readBack(tx, access, observationId);
  });
}

export async function removeObservation(
  ctx: AppContext,
  session: ActiveSession,
  observationId: number,
): Promise<void> {
  const { access } = await authorizeObservationEdit(ctx, session, observationId);
  await deleteObservation(ctx.db, access.schoolId, observationId);
}
