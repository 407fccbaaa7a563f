import {
  compareMoments,
  levelValueForAlphabetical,
  levelValueForRoman,
  PUPILS_TO_DISCUSS_RULES as RULES,
  scoreBand,
  type DiscussLevel,
  type DiscussReason,
  type GrowthStep,
  type MethodScore,
  type NationalNorm,
  type NationalScore,
} from '@leerzicht/contract';

/*
 * The three signals of a list of pupils to discuss, for one pupil and subject (the rules are documented in the
 * contract, api/pupils-to-discuss.ts). Pure: the service hands in the pupil's counted results of the subject in
 * moment order, the norms and the subject's method results of the school year.
 */

type Counted = NationalScore;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The result's level and its system; I-V where a result carries both. */
function levelOf(
  score: Counted,
): { level: DiscussLevel; system: 'ROMAN' | 'ALPHABETICAL'; value: number } | null {
  if (score.roman !== null)
    return { level: score.roman, system: 'ROMAN', value: levelValueForRoman(score.roman) };
  if (score.alphabetical !== null)
    return {
      level: score.alphabetical,
      system: 'ALPHABETICAL',
      value: levelValueForAlphabetical(score.alphabetical),
    };
  return null;
}

const at = (score: Counted) => ({
  calendarYear: score.calendarYear,
  yearTime: score.yearTime,
  grade: score.grade,
});

/** Whether the latest result lies in the list's school year or the one before. */
const isRecent = (score: Counted, calendarYear: number) =>
  score.calendarYear === calendarYear || score.calendarYear === calendarYear - 1;

export type NormLookup = (score: Counted) => NationalNorm | undefined;

/** The growth from one result to the next against the norm's, or null when the two are of different tests. */
function growthStep(
  from: Counted,
  to: Counted,
  norm: NormLookup,
): (GrowthStep & { stalled: boolean }) | null {
  if (from.abilityScore === null || to.abilityScore === null) return null;
  if (to.providerId !== from.providerId || to.testVersion !== from.testVersion) return null;
  const growth = round2(to.abilityScore - from.abilityScore);
  const toNorm = norm(to);
  const fromNorm = norm(from);
  const expectedGrowth = toNorm && fromNorm ? round2(toNorm.abilityScore - fromNorm.abilityScore) : null;
  const stalled =
    expectedGrowth !== null && expectedGrowth > 0
      ? growth < expectedGrowth * RULES.stalledGrowthShare
      : growth <= 0;
  return {
    from: { ...at(from), abilityScore: from.abilityScore },
    to: { ...at(to), abilityScore: to.abilityScore },
    growth,
    expectedGrowth,
    stalled,
  };
}

export function growthStalled(
  counted: readonly Counted[],
  norm: NormLookup,
  calendarYear: number,
): DiscussReason | null {
  const withAbility = counted.filter((score) => score.abilityScore !== null);
  const [first, middle, last] = withAbility.slice(-3);
  if (!first || !middle || !last || !isRecent(last, calendarYear)) return null;
  const earlier = growthStep(first, middle, norm);
  const later = growthStep(middle, last, norm);
  if (!earlier?.stalled || !later?.stalled) return null;
  const step = ({ stalled: _stalled, ...rest }: GrowthStep & { stalled: boolean }): GrowthStep => rest;
  return {
    code: 'GROWTH_STALLED',
    subjectId: last.subjectId,
    provider: last.provider,
    steps: [step(earlier), step(later)],
  };
}

export function levelDrop(counted: readonly Counted[], calendarYear: number): DiscussReason | null {
  const leveled = counted.flatMap((score) => {
    const level = levelOf(score);
    return level ? [{ score, ...level }] : [];
  });
  const last = leveled.at(-1);
  if (!last || !isRecent(last.score, calendarYear)) return null;
  const reason = (
    from: (typeof leveled)[number],
    comparedWith: 'PREVIOUS' | 'BEST_OF_YEAR',
  ): DiscussReason => ({
    code: 'LEVEL_DROP',
    subjectId: last.score.subjectId,
    comparedWith,
    from: { ...at(from.score), level: from.level },
    to: { ...at(last.score), level: last.level },
    drop: from.value - last.value,
  });
  const previous = leveled.at(-2);
  if (previous && previous.system === last.system && previous.value - last.value >= RULES.levelDrop)
    return reason(previous, 'PREVIOUS');
  const yearAgo = { calendarYear: last.score.calendarYear - 1, yearTime: last.score.yearTime };
  let best: (typeof leveled)[number] | null = null;
  for (const item of leveled.slice(0, -1)) {
    if (item.system !== last.system || compareMoments(item.score, yearAgo) < 0) continue;
    if (best === null || item.value > best.value) best = item;
  }
  if (best && best.value - last.value >= RULES.levelDrop) return reason(best, 'BEST_OF_YEAR');
  return null;
}

export function methodMismatch(
  counted: readonly Counted[],
  methodScores: readonly MethodScore[],
  calendarYear: number,
): DiscussReason | null {
  const latest = counted.filter((score) => levelOf(score) !== null).at(-1);
  const level = latest ? levelOf(latest) : null;
  if (!latest || !level || !isRecent(latest, calendarYear)) return null;
  // The method results of the national result's school year and after (up to the list's year): in autumn the new
  // school year has too few method tests of its own.
  const compared = methodScores.filter((score) => score.calendarYear >= latest.calendarYear);
  const methodCount = compared.length;
  if (methodCount < RULES.methodMinResults) return null;
  const count = (letter: 'G' | 'O') => compared.filter((score) => score.performance === letter).length;
  // A small tolerance: 2 of 3 is exactly the share, which floating point must not miss.
  const mostly = (letterCount: number) => letterCount / methodCount >= RULES.methodMostlyShare - 1e-9;
  const band = scoreBand('levelValue', level.value);
  const national = { ...at(latest), level: level.level };
  const good = count('G');
  if (band === 'low' && mostly(good))
    return {
      code: 'METHOD_MISMATCH',
      subjectId: latest.subjectId,
      direction: 'METHOD_HIGHER',
      national,
      letter: 'G',
      letterCount: good,
      methodCount,
    };
  const poor = count('O');
  if (band === 'good' && mostly(poor))
    return {
      code: 'METHOD_MISMATCH',
      subjectId: latest.subjectId,
      direction: 'METHOD_LOWER',
      national,
      letter: 'O',
      letterCount: poor,
      methodCount,
    };
  return null;
}
