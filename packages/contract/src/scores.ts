import { GOOD_THRESHOLDS, LOW_THRESHOLDS, type YearTime } from './constants';

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

/** Level value of the older A..E tests, on the same 5..1 scale as I..V (A = 5, E = 1); 0 means no level. */
export function levelValueForAlphabetical(level: AlphabeticalLevel | null | undefined): number {
  if (!level) return 0;
  return 5 - ALPHABETICAL_LEVELS.indexOf(level);
}

export type ScoreBand = 'good' | 'middle' | 'low';
export type ScoreMeasure = keyof typeof GOOD_THRESHOLDS;

/** Colours a score good, middle or low by the thresholds of section 9 (good at or above, low at or below). */
export function scoreBand(measure: ScoreMeasure, value: number): ScoreBand {
  if (value >= GOOD_THRESHOLDS[measure]) return 'good';
  if (value <= LOW_THRESHOLDS[measure]) return 'low';
  return 'middle';
}

/*
 * One verdict per result (design choice, see docs/results.md): every cell of a result (ability score, level,
 * percentile) is coloured by one verdict, taken from the measure the user's settings choose: the level value
 * (good at level I-II, low at IV-V) or the percentile (good from 75, low to 25). The absolute ability thresholds
 * (80/60) are not applied to raw ability scores, whose scales differ per subject, grade and provider.
 */
export const VERDICT_MEASURES = ['levelValue', 'percentile'] as const;
export type VerdictMeasure = (typeof VERDICT_MEASURES)[number];
export const DEFAULT_VERDICT_MEASURE: VerdictMeasure = 'levelValue';

/** The percentiles at which a verdict changes, for drawing its thresholds on an ability chart against the norm. */
export const VERDICT_BOUNDARY_PERCENTILES: Record<VerdictMeasure, { good: number; low: number }> = {
  levelValue: { good: 60, low: 40 },
  percentile: { good: GOOD_THRESHOLDS.percentile, low: LOW_THRESHOLDS.percentile },
};

/** The verdict of one result, or null when the chosen measure has no value (level value 0 is "no level"). */
export function resultVerdict(
  result: { levelValue: number | null; percentile: number | null },
  measure: VerdictMeasure,
): ScoreBand | null {
  const value = result[measure];
  if (value === null) return null;
  if (measure === 'levelValue' && value === 0) return null;
  return scoreBand(measure, value);
}

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9), for 0 < p < 1. */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < low) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** The ability score at a percentile of a norm (mean and standard deviation of the norm group). */
export function abilityAtPercentile(
  norm: { abilityScore: number; abilitySd: number },
  percentile: number,
): number {
  return norm.abilityScore + normalQuantile(percentile / 100) * norm.abilitySd;
}

/*
 * DL and DLE. DL counts months of education from groep 3 (10 per school year, at most 60). DLE is the month at
 * which the average pupil reaches the result's score; the norm tables stop at 60 and report higher scores as
 * "> 60" (`dleAboveScale`). Such results are left out of lag averages: their lag is unknown, not DL - 60.
 */
export const DL_MAX = 60;
const MOMENT_MONTHS: Record<YearTime, number> = { B: 1, M: 5, X: 7, E: 10 };

/** DL: months of education at a moment (grade 3 M = 5, grade 8 E = 60); negative for the kleuter grades. */
export function monthsOfEducation(grade: number, yearTime: YearTime): number {
  return (grade - 3) * 10 + MOMENT_MONTHS[yearTime];
}

/** The lag in months (DL - DLE; positive is behind); null without a DLE or above the scale. */
export function dleLag(result: {
  grade: number;
  yearTime: YearTime;
  dle: number | null;
  dleAboveScale: boolean;
}): number | null {
  if (result.dle === null || result.dleAboveScale) return null;
  return monthsOfEducation(result.grade, result.yearTime) - result.dle;
}

/*
 * Functional levels are moments ("M4", "E5"); the norm tables cover M3-E8 (kleuter tests M1-E2). A score below or
 * above the range is stored with '<' or '>' before the edge moment ("<M3", ">E8") and shown as "< M3", "> E8".
 */
export function functionalLevelLabel(value: string | null): string | null {
  if (value === null) return null;
  return value.replace(/^([<>])\s*/, '$1 ');
}
