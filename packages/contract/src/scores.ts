import { GOOD_THRESHOLDS, LOW_THRESHOLDS } from './constants';

export const ROMAN_LEVELS = ['I', 'II', 'III', 'IV', 'V'] as const;
export type RomanLevel = (typeof ROMAN_LEVELS)[number];
export const ALPHABETICAL_LEVELS = ['A', 'B', 'C', 'D', 'E'] as const;
export type AlphabeticalLevel = (typeof ALPHABETICAL_LEVELS)[number];

/** Level I..V: five bands of 20% of the national norm group; I is the highest (percentile 81-100). */
export function romanLevelForPercentile(percentile: number): RomanLevel {
  if (percentile > 80) return 'I';
  if (percentile > 60) return 'II';
  if (percentile > 40) return 'III';
  if (percentile > 20) return 'IV';
  return 'V';
}

/** Level A..E of the older tests: A 25%, B 25%, C 25%, D 15%, E 10%. */
export function alphabeticalLevelForPercentile(percentile: number): AlphabeticalLevel {
  if (percentile > 75) return 'A';
  if (percentile > 50) return 'B';
  if (percentile > 25) return 'C';
  if (percentile > 10) return 'D';
  return 'E';
}

/** Level value 0-5 of the specification: I..V map to 5..1, 0 means no level. */
export function levelValueForRoman(level: RomanLevel | null | undefined): number {
  if (!level) return 0;
  return 5 - ROMAN_LEVELS.indexOf(level);
}

export type ScoreBand = 'good' | 'middle' | 'low';
export type ScoreMeasure = keyof typeof GOOD_THRESHOLDS;

/** Colours a score good, middle or low by the thresholds of section 9 (good at or above, low at or below). */
export function scoreBand(measure: ScoreMeasure, value: number): ScoreBand {
  if (value >= GOOD_THRESHOLDS[measure]) return 'good';
  if (value <= LOW_THRESHOLDS[measure]) return 'low';
  return 'middle';
}
