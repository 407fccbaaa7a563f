import {
  DL_MAX,
  monthsOfEducation,
  SCORE_RANGES,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { clamp } from './random';

/*
 * SYNTHETIC norm curves. Real ability-score scales differ per subject and test version and are not public, so the
 * demo uses plausible made-up curves: the norm (average) score of a moment grows concavely with the months of
 * education t, and a pupil scores norm(t) + z * sd where z is the pupil's latent ability for that test.
 */

export { monthsOfEducation };

interface Curve {
  /** score = a + b * (1 - exp(-t / tau)) for t >= -20 */
  a: number;
  b: number;
  tau: number;
  sd: number;
}

const CURVES: Record<SubjectCode, Curve> = {
  RW: { a: 25, b: 110, tau: 50, sd: 10 },
  SP: { a: 95, b: 38, tau: 30, sd: 6 },
  TBL: { a: 25, b: 62, tau: 40, sd: 8 },
  DMT: { a: 25, b: 95, tau: 45, sd: 13 },
  WST: { a: 30, b: 82, tau: 50, sd: 9 },
  // Preschool curves are centred on the end of grade 2 (t = 0) and nearly linear over t = -15..0.
  RvK: { a: 70, b: 200, tau: 200, sd: 9 },
  TvK: { a: 65, b: 190, tau: 200, sd: 9 },
};

/** Other providers report on their own (here: linearly shifted) scale. */
const PROVIDER_SCALE: Record<TestProviderCode, { mult: number; add: number }> = {
  CITO: { mult: 1, add: 0 },
  DIA: { mult: 1.2, add: 20 },
  IEP: { mult: 0.8, add: 10 },
};

function citoNorm(subject: SubjectCode, t: number): number {
  const c = CURVES[subject];
  return c.a + c.b * (1 - Math.exp(-t / c.tau));
}

/** The norm score at t months on a provider's scale. */
export function normScore(provider: TestProviderCode, subject: SubjectCode, t: number): number {
  const scale = PROVIDER_SCALE[provider];
  return citoNorm(subject, t) * scale.mult + scale.add;
}

/** The ability score of a pupil with latent z at a moment (rounded as the providers report it). */
export function abilityScore(provider: TestProviderCode, subject: SubjectCode, t: number, z: number): number {
  const scale = PROVIDER_SCALE[provider];
  const score = (citoNorm(subject, t) + z * CURVES[subject].sd) * scale.mult + scale.add;
  return Math.round(clamp(score, SCORE_RANGES.abilityGraph.min, SCORE_RANGES.abilityGraph.max));
}

/** The months of education at which the average pupil reaches `score` (inverse of the norm curve). */
export function monthsForScore(provider: TestProviderCode, subject: SubjectCode, score: number): number {
  const c = CURVES[subject];
  const scale = PROVIDER_SCALE[provider];
  const cito = (score - scale.add) / scale.mult;
  const ratio = 1 - (cito - c.a) / c.b;
  if (ratio <= 0) return Number.POSITIVE_INFINITY;
  return -c.tau * Math.log(ratio);
}

/**
 * DLE: the month at which the average pupil reaches the score (grades 3-8 only). The tables stop at DL_MAX (60): a
 * higher score gets 60 with `aboveScale`, shown as "> 60". A pupil exactly at the norm gets DLE = DL.
 */
export function dleFor(
  provider: TestProviderCode,
  subject: SubjectCode,
  score: number,
): { dle: number; aboveScale: boolean } {
  const months = monthsForScore(provider, subject, score);
  if (months > DL_MAX + 0.5) return { dle: DL_MAX, aboveScale: true };
  return { dle: Math.round(clamp(months, 0, DL_MAX)), aboveScale: false };
}

const SCHOOL_MOMENTS: readonly [number, YearTime][] = [3, 4, 5, 6, 7, 8].flatMap(
  (g) =>
    [
      [g, 'M'],
      [g, 'E'],
    ] as [number, YearTime][],
);
const PRESCHOOL_MOMENTS: readonly [number, YearTime][] = [
  [1, 'M'],
  [1, 'E'],
  [2, 'M'],
  [2, 'E'],
];

/**
 * Functional level: the moment ("M4", "E5") whose norm score is nearest to the score; below the first moment or
 * above the last by more than half a step, "<M3" / ">E8" (kleuter tests "<M1" / ">E2").
 */
export function functionalLevel(provider: TestProviderCode, subject: SubjectCode, score: number): string {
  const moments = subject === 'RvK' || subject === 'TvK' ? PRESCHOOL_MOMENTS : SCHOOL_MOMENTS;
  const normAt = (moment: readonly [number, YearTime]) =>
    normScore(provider, subject, monthsOfEducation(moment[0], moment[1]));
  const [first, second] = [moments[0], moments[1]];
  const [beforeLast, last] = [moments[moments.length - 2], moments[moments.length - 1]];
  if (first && second && score < normAt(first) - (normAt(second) - normAt(first)) / 2)
    return `<${first[1]}${first[0]}`;
  if (last && beforeLast && score > normAt(last) + (normAt(last) - normAt(beforeLast)) / 2)
    return `>${last[1]}${last[0]}`;
  let best = moments[0] as [number, YearTime];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const moment of moments) {
    const distance = Math.abs(normScore(provider, subject, monthsOfEducation(moment[0], moment[1])) - score);
    if (distance < bestDistance) {
      best = moment;
      bestDistance = distance;
    }
  }
  return `${best[1]}${best[0]}`;
}

/**
 * The national_norms rows: the SYNTHETIC norm score of every provider's test per grade and moment (B, M, E),
 * rounded to one decimal; preschool subjects (CITO only) for grades 1-2.
 */
export function normRows(
  providerIds: Record<TestProviderCode, number>,
  subjectIds: Record<SubjectCode, number>,
): {
  id: number;
  providerId: number;
  subjectId: number;
  grade: number;
  yearTime: YearTime;
  abilityScore: number;
  abilitySd: number;
}[] {
  const rows: ReturnType<typeof normRows> = [];
  const add = (provider: TestProviderCode, subject: SubjectCode, grade: number, yearTime: YearTime) =>
    rows.push({
      id: rows.length + 1,
      providerId: providerIds[provider],
      subjectId: subjectIds[subject],
      grade,
      yearTime,
      abilityScore: Math.round(normScore(provider, subject, monthsOfEducation(grade, yearTime)) * 10) / 10,
      abilitySd: Math.round(CURVES[subject].sd * PROVIDER_SCALE[provider].mult * 10) / 10,
    });
  const times: YearTime[] = ['B', 'M', 'E'];
  for (const provider of ['CITO', 'DIA', 'IEP'] as const) {
    for (const subject of ['RW', 'SP', 'TBL', 'DMT', 'WST'] as const) {
      for (let grade = 3; grade <= 8; grade++) for (const time of times) add(provider, subject, grade, time);
    }
  }
  for (const subject of ['RvK', 'TvK'] as const) {
    for (const grade of [1, 2]) for (const time of times) add('CITO', subject, grade, time);
  }
  return rows;
}
