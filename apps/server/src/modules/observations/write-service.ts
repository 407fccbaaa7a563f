import type { ObservationCreate, ObservationUpdate, SocialEmotionalObservation } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AllowedObservation } from './access';
import { ensureAspects } from './aspect-service';
import { toObservation } from './observation-view';
import type { Placement } from './placement';
import { resolveRatings, storedRatingKeys } from './ratings';
import {
  deleteObservation,
  findObservation,
  insertObservation,
  updateObservation,
  type ObservationValues,
} from './repository';

const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;
const invalid = (errors: Record<string, string[]>) => badRequest('Invalid input.', errors);

/** The date's error, if the policy could not place the observation, among the other fields' errors. */
function placementErrors(placement: Placement): Record<string, string[]> {
  return 'observedOnError' in placement ? { observedOn: [placement.observedOnError] } : {};
}

/** The observation as stored, for the answer: read in the write's transaction, so a failed read undoes it. */
async function readBack(db: Db, access: SchoolAccess, observationId: number) {
  const row = await findObservation(db, observationId);
  if (!row) throw notFound();
  return toObservation(row, await ensureAspects(db, access.schoolId), access);
}

/**
 * Records an observation by the signed-in user, in the group the route's policy placed it in and allowed
 * (a date it could not place answers 400 here, with the ratings' errors).
 */
export async function createObservation(
  ctx: AppContext,
  { access, placement }: { access: SchoolAccess; placement: Placement },
  input: ObservationCreate,
): Promise<SocialEmotionalObservation> {
  const errors = placementErrors(placement);
  const resolved = resolveRatings(await ensureAspects(ctx.db, access.schoolId), input.ratings);
  Object.assign(errors, resolved.errors);
  const place = 'place' in placement ? placement.place : null;
  if (!place || hasErrors(errors)) throw invalid(errors);
  // The insert and the read for the answer in one transaction: a 503 between them leaves nothing stored.
  return ctx.db.transaction(async (tx) => {
    const id = await insertObservation(tx, {
      schoolId: access.schoolId,
      pupilId: input.pupilId,
      authorId: access.userId,
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

/**
 * Changes the given fields; a new date moves the observation to the pupil's group of that school year, which the
 * route's policy found and allowed (`placement`, null when the date stays).
 */
export async function changeObservation(
  ctx: AppContext,
  { access, observation, placement }: AllowedObservation & { placement: Placement | null },
  input: ObservationUpdate,
): Promise<SocialEmotionalObservation> {
  const errors = placement ? placementErrors(placement) : {};
  const values: Partial<ObservationValues> = {};
  if (placement && 'place' in placement && input.observedOn !== undefined)
    Object.assign(values, placement.place, { observedOn: input.observedOn });
  if (input.ratings !== undefined) {
    const aspects = await ensureAspects(ctx.db, access.schoolId);
    const resolved = resolveRatings(aspects, input.ratings, storedRatingKeys(observation.ratings));
    Object.assign(errors, resolved.errors);
    values.ratings = resolved.ratings;
  }
  if (hasErrors(errors)) throw invalid(errors);
  if (input.content !== undefined) values.content = input.content;
  if (input.confidential !== undefined) values.confidential = input.confidential;
  if (input.instrument !== undefined) values.instrument = input.instrument;
  // The change and the read for the answer in one transaction: a 503 between them leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await updateObservation(tx, access.schoolId, observation.id, values);
    return readBack(tx, access, observation.id);
  });
}

export async function removeObservation(
  ctx: AppContext,
  { access, observation }: AllowedObservation,
): Promise<void> {
  await deleteObservation(ctx.db, access.schoolId, observation.id);
}
