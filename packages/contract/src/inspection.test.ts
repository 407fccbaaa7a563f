import { describe, expect, it } from 'vitest';
import { inspectionVerdict, weightedShare } from './inspection';

describe('weightedShare', () => {
  it('weights each year by its pupils and leaves out years without a share or pupils', () => {
    const years = [
      { share: 94.44, pupilCount: 18 },
      { share: 100, pupilCount: 21 },
      { share: null, pupilCount: 23 },
      { share: 50, pupilCount: 0 },
    ];
    expect(weightedShare(years)).toBeCloseTo((94.44 * 18 + 100 * 21) / 39, 10);
    expect(weightedShare([{ share: null, pupilCount: null }])).toBeNull();
  });
});

describe('inspectionVerdict', () => {
  it('says above at or over the value, below under it, and nothing without the inspectorate’s value', () => {
    expect(inspectionVerdict(43.5, 43.5)).toBe('above');
    expect(inspectionVerdict(43.4, 43.5)).toBe('below');
    expect(inspectionVerdict(60, null)).toBeNull();
    expect(inspectionVerdict(null, 43.5)).toBeNull();
  });
});
