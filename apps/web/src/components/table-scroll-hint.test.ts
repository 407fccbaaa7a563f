import { describe, expect, it } from 'vitest';
import { scrollState } from './table-scroll-hint';

describe('scrollState', () => {
  it('says nothing for a table that fits', () => {
    expect(scrollState({ scrollWidth: 600, clientWidth: 600, scrollLeft: 0 })).toEqual({
      overflowing: false,
      moreRight: false,
    });
  });
  it('hints while there is more to the right, and not once scrolled to the end', () => {
    expect(scrollState({ scrollWidth: 900, clientWidth: 390, scrollLeft: 0 })).toEqual({
      overflowing: true,
      moreRight: true,
    });
    expect(scrollState({ scrollWidth: 900, clientWidth: 390, scrollLeft: 900 - 390 })).toEqual({
      overflowing: true,
      moreRight: false,
    });
  });
});
