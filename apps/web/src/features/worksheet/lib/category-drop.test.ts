import type { NoteCategory } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { dropMove } from './category-drop';

const base = {
  group_plan_id: 1,
  is_archived: false,
  date_created: '2026-01-01T00:00:00Z',
  date_changed: '2026-01-01T00:00:00Z',
  schoolId: 1,
  createdBy: null,
} as const;
const node = (id: number, parent: number | null, position: number, layer: NoteCategory['layer'] = 'GROUP') =>
  ({ ...base, id, name: `c${id}`, parent_note_category_id: parent, position, layer }) satisfies NoteCategory;

describe('dropping a category on another', () => {
  const a = node(1, null, 0);
  const b = node(2, null, 1);
  const a1 = node(3, 1, 0);
  const a1x = node(4, 3, 0);
  const other = node(5, null, 0, 'PUPIL');
  const all = [a, b, a1, a1x, other];

  it('takes the target’s place beside it', () => {
    expect(dropMove(all, b, a)).toEqual({ parent_note_category_id: null, position: 0 });
    expect(dropMove(all, b, a1)).toEqual({ parent_note_category_id: 1, position: 0 });
  });

  it('does nothing onto itself, another layer or its own subtree', () => {
    expect(dropMove(all, a, a)).toBeNull();
    expect(dropMove(all, a, other)).toBeNull();
    expect(dropMove(all, a, a1)).toBeNull();
    expect(dropMove(all, a, a1x)).toBeNull();
  });
});
