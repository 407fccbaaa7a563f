import { describe, expect, it } from 'vitest';
import { changeCount, countRows } from './counts';

describe('upload counts', () => {
  it('counts additions, changes and pupils who left; unchanged rows change nothing', () => {
    const counts = {
      pupils: { add: 2, change: 3, unchanged: 40 },
      groups: { add: 1, change: 0, unchanged: 9 },
      teachers: { add: 0, change: 1, unchanged: 5 },
      pupilsLeft: 4,
    };
    expect(changeCount(counts)).toBe(2 + 3 + 1 + 1 + 4);
    expect(countRows(counts)).toEqual(['pupils', 'groups', 'teachers']);
    expect(changeCount({ results: { add: 0, change: 0, unchanged: 12 } })).toBe(0);
  });
});
