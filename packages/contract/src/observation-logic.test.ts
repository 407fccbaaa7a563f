import { describe, expect, it } from 'vitest';
import { attentionReasons, ratingMean } from './observation-logic';

describe('social-emotional attention', () => {
  it('means ratings to two decimals', () => {
    expect(ratingMean([4, 3, 3])).toBe(3.33);
    expect(ratingMean([])).toBeNull();
  });

  it('asks for attention at a rating of 2 or lower', () => {
    expect(attentionReasons([3, 2], null)).toEqual(['low_rating']);
    expect(attentionReasons([3, 3], null)).toEqual([]);
  });

  it('asks for attention when the mean fell by one or more, exactly on thirds', () => {
    // 13/3 to 10/3 is a drop of exactly one, which floating point puts just below (0.9999999999999996).
    expect(attentionReasons([4, 3, 3], [5, 4, 4])).toEqual(['mean_drop']);
    expect(attentionReasons([3, 3, 2], [4, 4, 3])).toEqual(['low_rating', 'mean_drop']);
    expect(attentionReasons([3, 4], [5, 4])).toEqual(['mean_drop']);
    expect(attentionReasons([3, 3, 3], [4, 4, 3])).toEqual([]);
    expect(attentionReasons([3, 4], [4, 4])).toEqual([]);
  });
});
