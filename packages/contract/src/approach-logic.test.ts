import { describe, expect, it } from 'vitest';
import { compareApproaches, romanForLevelValue, suggestApproach } from './approach-logic';

describe('approaches', () => {
  it('orders enriched, basic, intensive, then undefined', () => {
    expect(
      (['undefined', 'intensive', 'enriched', 'basic'] as const).slice().sort(compareApproaches),
    ).toEqual(['enriched', 'basic', 'intensive', 'undefined']);
  });

  it('maps level values 5..1 to I..V', () => {
    expect([5, 4, 3, 2, 1, 0, null].map(romanForLevelValue)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      null,
      null,
    ]);
  });

  it('suggests by level: I..enrichedFrom enriched, intensiveFrom..V intensive', () => {
    expect((['I', 'II', 'III', 'IV', 'V'] as const).map((level) => suggestApproach(level))).toEqual([
      'enriched',
      'enriched',
      'basic',
      'intensive',
      'intensive',
    ]);
    expect(suggestApproach('II', 'I', 'V')).toBe('basic');
    expect(suggestApproach('III', 'II', 'III')).toBe('intensive');
  });
});
