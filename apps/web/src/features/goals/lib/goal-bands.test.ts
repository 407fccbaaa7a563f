import { describe, expect, it } from 'vitest';
import { goalBand, goalCell } from './goal-bands';

describe('goal bands', () => {
  it('colours by the whole percentage shown: good from 80, middle from 65, low below', () => {
    expect([100, 80, 79, 65, 64, 0].map(goalBand)).toEqual([
      'good',
      'good',
      'middle',
      'middle',
      'low',
      'low',
    ]);
  });

  it('takes the band from the rounded share, so colour and text agree', () => {
    // 7.96 of 10 is 79.6%: shown as 80%, and so good.
    expect(goalCell({ score: 7.96, maxScore: 10 })).toEqual({
      score: 7.96,
      maxScore: 10,
      percent: 80,
      band: 'good',
    });
    expect(goalCell({ score: 6.44, maxScore: 10 })).toMatchObject({ percent: 64, band: 'low' });
  });

  it('gives no cell without a result or for a section worth no points', () => {
    expect(goalCell(undefined)).toBeNull();
    expect(goalCell({ score: 0, maxScore: 0 })).toBeNull();
  });
});
