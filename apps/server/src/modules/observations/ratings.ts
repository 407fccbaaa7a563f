import { z } from 'zod';
import { OBSERVATION_ERRORS, RATING_MAX, RATING_MIN } from '@leerzicht/contract';
import type { AspectRow } from './aspect-repository';
import { displayName } from './aspect-service';

/*
 * Ratings are stored as { key: 1..5 } in one jsonb column, the key being the aspect's code, or its id as a string
 * for an own aspect (which has no code). Callers may name an aspect either way; what is stored is this key, so a
 * renamed aspect keeps its ratings.
 */

export const ratingKey = (aspect: Pick<AspectRow, 'id' | 'code'>): string => aspect.code ?? String(aspect.id);

function aspectForKey(aspects: readonly AspectRow[], key: string): AspectRow | undefined {
  return aspects.find((aspect) => aspect.code === key) ?? aspects.find((aspect) => String(aspect.id) === key);
}

/**
 * The ratings to store, and the per-field errors (nothing may be stored when there are any), named
 * `ratings/<key>` as the request validation names nested fields: unknown aspects, archived ones (unless the
 * observation already rates them: `alreadyRated`) and an aspect named twice (by code and by id).
 */
export function resolveRatings(
  aspects: readonly AspectRow[],
  input: Readonly<Record<string, number>>,
  alreadyRated: ReadonlySet<string> = new Set(),
): { ratings: Record<string, number>; errors: Record<string, string[]> } {
  const ratings: Record<string, number> = {};
  const errors: Record<string, string[]> = {};
  const keysOf = new Map<string, string[]>();
  for (const [key, value] of Object.entries(input)) {
    const aspect = aspectForKey(aspects, key);
    if (!aspect || (aspect.isArchived && !alreadyRated.has(ratingKey(aspect)))) {
      errors[`ratings/${key}`] = [OBSERVATION_ERRORS.unknownAspect];
      continue;
    }
    const stored = ratingKey(aspect);
    keysOf.set(stored, [...(keysOf.get(stored) ?? []), key]);
    ratings[stored] = value;
  }
  // Named twice (by code and by id): both keys are wrong, whichever came first.
  for (const keys of keysOf.values()) {
    if (keys.length > 1)
      for (const key of keys) errors[`ratings/${key}`] = [OBSERVATION_ERRORS.duplicateAspect];
  }
  return { ratings, errors };
}

const storedRating = z.number().int().min(RATING_MIN).max(RATING_MAX);
const storedRatings = z.record(z.string(), z.unknown());

/** The keys of stored ratings (whatever their values). */
export function storedRatingKeys(stored: unknown): Set<string> {
  const parsed = storedRatings.safeParse(stored);
  return new Set(parsed.success ? Object.keys(parsed.data) : []);
}

/**
 * The stored ratings of the school's aspects, in the aspects' order. Keys of no aspect of the school (ratings
 * written by another instrument) and values outside 1-5 are left out.
 */
export function ratingsOf(aspects: readonly AspectRow[], stored: unknown) {
  const parsed = storedRatings.safeParse(stored);
  if (!parsed.success) return [];
  return aspects.flatMap((aspect) => {
    const value = storedRating.safeParse(parsed.data[ratingKey(aspect)]);
    return value.success
      ? [{ aspectId: aspect.id, code: aspect.code, name: displayName(aspect), rating: value.data }]
      : [];
  });
}
