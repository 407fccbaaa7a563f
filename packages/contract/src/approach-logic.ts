import { APPROACH_ORDER, type Approach } from './constants';
import { ROMAN_LEVELS, type RomanLevel } from './scores';

/*
 * Instruction groups (approaches): their order and the proposal the web's "suggest from results" shows. Level I is
 * the highest; a pupil at or above `enrichedFrom` is proposed for enriched, at or below `intensiveFrom` for
 * intensive, the rest for basic.
 */

export const DEFAULT_ENRICHED_FROM: RomanLevel = 'II';
export const DEFAULT_INTENSIVE_FROM: RomanLevel = 'IV';

/** The place of an approach in lists: enriched, basic, intensive, then undefined. */
export function approachRank(approach: Approach): number {
  const index = APPROACH_ORDER.indexOf(approach);
  return index === -1 ? APPROACH_ORDER.length : index;
}

export function compareApproaches(a: Approach, b: Approach): number {
  return approachRank(a) - approachRank(b);
}

/** The level I..V of a level value 5..1 (older A..E results carry the same values); null for 0 or none. */
export function romanForLevelValue(levelValue: number | null): RomanLevel | null {
  if (levelValue === null || !Number.isInteger(levelValue) || levelValue < 1 || levelValue > 5) return null;
  return ROMAN_LEVELS[5 - levelValue] ?? null;
}

/** True when `level` is the same as or higher than `than` (I is the highest). */
export function isLevelAtLeast(level: RomanLevel, than: RomanLevel): boolean {
  return ROMAN_LEVELS.indexOf(level) <= ROMAN_LEVELS.indexOf(than);
}

export function suggestApproach(
  level: RomanLevel,
  enrichedFrom: RomanLevel = DEFAULT_ENRICHED_FROM,
  intensiveFrom: RomanLevel = DEFAULT_INTENSIVE_FROM,
): Approach {
  if (isLevelAtLeast(level, enrichedFrom)) return 'enriched';
  if (isLevelAtLeast(intensiveFrom, level)) return 'intensive';
  return 'basic';
}
