import type { SortDirection } from '../../../components/sortable-table';
import {
  compareMoments,
  YEAR_TIME_ORDER,
  YEAR_TIMES,
  compareNames,
  growthSincePrevious,
  isInMethodWindow,
  isSameMoment,
  momentKey,
  sortMoments,
  type GroupMethodScore,
  type GroupNationalScore,
  type MomentLike,
  type YearClassPupilResult,
  type YearClassResult,
} from '@leerzicht/contract';

/** The moments (ascending) at which the group's pupils have results of a subject. */
export function subjectMoments(result: YearClassResult, subjectId: number): MomentLike[] {
  const seen = new Map<string, MomentLike>();
  const add = (moment: MomentLike) => {
    seen.set(momentKey(moment), { calendarYear: moment.calendarYear, yearTime: moment.yearTime });
  };
  result.citoScores.filter((aggregate) => aggregate.subjectId === subjectId).forEach(add);
  for (const pupil of result.pupils)
    pupil.scores.filter((score) => score.subjectId === subjectId).forEach(add);
  return sortMoments([...seen.values()]);
}

/** A pupil's results of one subject, one per moment (the one the server counts by provider priority), ascending. */
export function pupilSubjectScores(
  scores: readonly GroupNationalScore[],
  subjectId: number,
): GroupNationalScore[] {
  return sortMoments(scores.filter((score) => score.subjectId === subjectId && score.isCounted));
}

export interface GroupPupilRow {
  pupil: YearClassPupilResult;
  score: GroupNationalScore | null;
  growth: number | null;
}

/** The row of a pupil for a subject at a moment: the preferred provider's result and the growth since before. */
export function groupPupilRow(
  pupil: YearClassPupilResult,
  subjectId: number,
  moment: MomentLike,
): GroupPupilRow {
  const series = pupilSubjectScores(pupil.scores, subjectId);
  const score = series.find((item) => isSameMoment(item, moment)) ?? null;
  // The server's growth (since the previous result of the provider and version), else the page's own.
  const growth = score ? (score.growth ?? growthSincePrevious(series, score)) : null;
  return { pupil, score, growth };
}

export const GROUP_SORT_KEYS = [
  'name',
  'test',
  'abilityScore',
  'level',
  'percentile',
  'functionalLevel',
  'dle',
  'referenceLevel',
  'projectedReferenceLevel',
  'growth',
] as const;
export type GroupSortKey = (typeof GROUP_SORT_KEYS)[number];

const REFERENCE_RANK: Record<string, number> = { '<1F': 0, '1F': 1, '2F': 2, '1S': 2 };

/** "E5" sorts after "M5" and before "M6"; "<M3" below M3 and ">E8" above E8. */
function functionalLevelRank(level: string | null): number | null {
  if (!level) return null;
  const match = /^([<>]?)([BXME])(\d+)$/.exec(level);
  const time = YEAR_TIMES.find((value) => value === match?.[2]);
  if (!match || !time) return null;
  const edge = match[1] === '<' ? -5 : match[1] === '>' ? 5 : 0;
  return Number(match[3]) * 10 + YEAR_TIME_ORDER[time] + edge;
}

function sortValue(row: GroupPupilRow, key: Exclude<GroupSortKey, 'name'>): number | null {
  const score = row.score;
  switch (key) {
    case 'growth':
      return row.growth;
    case 'test':
      return score?.providerId ?? null;
    case 'abilityScore':
      return score?.abilityScore ?? null;
    case 'level':
      return score?.levelValue ?? null;
    case 'percentile':
      return score?.percentile ?? null;
    case 'dle':
      return score ? (score.dle ?? 0) + (score.dleAboveScale ? 1 : 0) : null;
    case 'functionalLevel':
      return functionalLevelRank(score?.functionalLevel ?? null);
    case 'referenceLevel':
      return score?.referenceLevel ? (REFERENCE_RANK[score.referenceLevel] ?? null) : null;
    case 'projectedReferenceLevel':
      return score?.projectedReferenceLevel ? (REFERENCE_RANK[score.projectedReferenceLevel] ?? null) : null;
  }
}

/** Sorts rows on a column; pupils without a value come last either way, ties go by name (particle rule). */
export function sortGroupRows(rows: readonly GroupPupilRow[], key: GroupSortKey, direction: SortDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key !== 'name') {
      const va = sortValue(a, key);
      const vb = sortValue(b, key);
      if (va === null && vb !== null) return 1;
      if (vb === null && va !== null) return -1;
      if (va !== null && vb !== null && va !== vb) return (va - vb) * sign;
      return compareNames(a.pupil, b.pupil);
    }
    return compareNames(a.pupil, b.pupil) * sign;
  });
}

/** The group's method tests of a subject with results in the window, in test order, and each pupil's results. */
export function methodColumns(result: YearClassResult, subjectId: number, today: Date) {
  const tests = new Map<number, GroupMethodScore>();
  for (const pupil of result.pupils) {
    for (const score of pupil.methodScores) {
      if (score.subjectId !== subjectId || !isInMethodWindow(score.testDate, today)) continue;
      const known = tests.get(score.methodTestId);
      if (!known || score.testDate < known.testDate) tests.set(score.methodTestId, score);
    }
  }
  return [...tests.values()].sort(
    (a, b) => a.testDate.localeCompare(b.testDate) || a.block - b.block || a.methodTestId - b.methodTestId,
  );
}

/** The latest moment of a list, or null. */
export function latestMoment(moments: readonly MomentLike[]): MomentLike | null {
  return moments.reduce<MomentLike | null>(
    (latest, moment) => (latest === null || compareMoments(moment, latest) > 0 ? moment : latest),
    null,
  );
}
