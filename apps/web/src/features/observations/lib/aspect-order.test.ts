import { describe, expect, it } from 'vitest';
import { moveAspect, splitAspects } from './aspect-order';

const at = (id: number, position: number, isArchived = false) => ({ id, position, isArchived });

describe('aspect order', () => {
  it('lists the active aspects by position (ties by id) and the archived apart', () => {
    const { active, archived } = splitAspects([at(3, 1), at(1, 2), at(2, 1), at(4, 0, true)]);
    expect(active.map((aspect) => aspect.id)).toEqual([2, 3, 1]);
    expect(archived.map((aspect) => aspect.id)).toEqual([4]);
  });

  it('moves an aspect by trading positions with its neighbour', () => {
    const list = [at(1, 0), at(2, 3), at(3, 7)];
    expect(moveAspect(list, 2, -1)).toEqual([
      { id: 3, position: 3 },
      { id: 2, position: 7 },
    ]);
    expect(moveAspect(list, 0, 1)).toEqual([
      { id: 2, position: 0 },
      { id: 1, position: 3 },
    ]);
  });

  it('moves nothing past either end', () => {
    const list = [at(1, 0), at(2, 1)];
    expect(moveAspect(list, 0, -1)).toEqual([]);
    expect(moveAspect(list, 1, 1)).toEqual([]);
  });

  it('numbers the list afresh where positions tie', () => {
    // Renumbered 0, 1, 2 as [1, 3, 2]: aspect 3 keeps its position 1, aspect 2 goes to 2.
    expect(moveAspect([at(1, 0), at(2, 1), at(3, 1)], 2, -1)).toEqual([{ id: 2, position: 2 }]);
  });
});
