import { describe, expect, it } from 'vitest';
import {
  alphabeticalLevelForPercentile,
  levelValueForRoman,
  romanLevelForPercentile,
  scoreBand,
} from './scores';

describe('score levels', () => {
  it('maps percentiles to levels I-V in bands of 20%', () => {
    const cases: [number, string][] = [
      [100, 'I'],
      [81, 'I'],
      [80, 'II'],
      [61, 'II'],
      [60, 'III'],
      [41, 'III'],
      [40, 'IV'],
      [21, 'IV'],
      [20, 'V'],
      [0, 'V'],
    ];
    for (const [percentile, level] of cases) expect(romanLevelForPercentile(percentile)).toBe(level);
  });

  it('maps percentiles to levels A-E (25/25/25/15/10)', () => {
    const cases: [number, string][] = [
      [76, 'A'],
      [75, 'B'],
      [51, 'B'],
      [50, 'C'],
      [26, 'C'],
      [25, 'D'],
      [11, 'D'],
      [10, 'E'],
    ];
    for (const [percentile, level] of cases) expect(alphabeticalLevelForPercentile(percentile)).toBe(level);
  });

  it('turns I..V into level values 5..1 and none into 0', () => {
    expect(['I', 'II', 'III', 'IV', 'V'].map((l) => levelValueForRoman(l as 'I'))).toEqual([5, 4, 3, 2, 1]);
    expect(levelValueForRoman(null)).toBe(0);
  });

  it('colours by the good and low thresholds of section 9', () => {
    expect(scoreBand('levelValue', 4)).toBe('good');
    expect(scoreBand('levelValue', 3)).toBe('middle');
    expect(scoreBand('levelValue', 2)).toBe('low');
    expect(scoreBand('percentile', 75)).toBe('good');
    expect(scoreBand('percentile', 26)).toBe('middle');
    expect(scoreBand('percentile', 25)).toBe('low');
    expect(scoreBand('abilityScore', 80)).toBe('good');
    expect(scoreBand('abilityScore', 60)).toBe('low');
  });
});
