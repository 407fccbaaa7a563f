import type { NoteCategory } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { layerTree, movedPosition } from './plan-tree';

let nextId = 1;
function category(values: Partial<NoteCategory> & Pick<NoteCategory, 'name' | 'position'>): NoteCategory {
  return {
    id: nextId++,
    parent_note_category_id: null,
    layer: 'GROUP',
    group_plan_id: 1,
    is_archived: false,
    date_created: '2026-01-01T00:00:00Z',
    date_changed: '2026-01-01T00:00:00Z',
    schoolId: 1,
    createdBy: null,
    ...values,
  };
}

describe('plan tree', () => {
  const doelen = category({ name: 'Doelen', position: 1 });
  const aanpak = category({ name: 'Aanpak', position: 0 });
  const rekenen = category({ name: 'Rekenen', position: 1, parent_note_category_id: doelen.id });
  const lezen = category({
    name: 'Lezen',
    position: 0,
    parent_note_category_id: doelen.id,
    is_archived: true,
  });
  const extra = category({ name: 'Extra', position: 0, layer: 'INSTRUCTION' });
  const all = [doelen, aanpak, rekenen, lezen, extra];

  it('builds one layer by position, leaving archived categories out unless asked', () => {
    const tree = layerTree(all, 'GROUP', false);
    expect(tree.map((node) => node.category.name)).toEqual(['Aanpak', 'Doelen']);
    expect(tree[1]?.children.map((node) => [node.category.name, node.depth])).toEqual([['Rekenen', 1]]);
    expect(layerTree(all, 'GROUP', true)[1]?.children.map((node) => node.category.name)).toEqual([
      'Lezen',
      'Rekenen',
    ]);
    expect(layerTree(all, 'INSTRUCTION', false).map((node) => node.category.name)).toEqual(['Extra']);
  });

  it('moves a category to its neighbour’s position, and not past the edges', () => {
    expect(movedPosition(all, doelen, -1)).toBe(aanpak.position);
    expect(movedPosition(all, doelen, 1)).toBeNull();
    expect(movedPosition(all, aanpak, -1)).toBeNull();
    // Archived siblings keep their place: Rekenen moves up onto Lezen's position.
    expect(movedPosition(all, rekenen, -1)).toBe(lezen.position);
  });
});
