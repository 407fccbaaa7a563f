import { ROMAN_LEVELS, type LevelCounts } from '@leerzicht/contract';

/** Percentages (one decimal) of the counted results per level I..V. */
export function levelShares(levels: LevelCounts): Record<(typeof ROMAN_LEVELS)[number], number | null> {
  const total = ROMAN_LEVELS.reduce((sum, level) => sum + levels[level], 0);
  const share = (count: number) => (total === 0 ? null : Math.round((count / total) * 1000) / 10);
  return {
    I: share(levels.I),
    II: share(levels.II),
    III: share(levels.III),
    IV: share(levels.IV),
    V: share(levels.V),
  };
}
