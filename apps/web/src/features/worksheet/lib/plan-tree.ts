import type { NoteCategory, NoteLayer } from '@leerzicht/contract';

/* The plan's flat category list (by parent, then position) as a tree per layer, and the moves the buttons make. */

export interface CategoryNode {
  category: NoteCategory;
  children: CategoryNode[];
  depth: number;
}

const byPosition = (a: NoteCategory, b: NoteCategory) => a.position - b.position || a.id - b.id;

/** The roots of one layer with their descendants, each level by position; archived ones only when asked. */
export function layerTree(
  categories: readonly NoteCategory[],
  layer: NoteLayer,
  withArchived: boolean,
): CategoryNode[] {
  const shown = categories.filter((item) => item.layer === layer && (withArchived || !item.is_archived));
  const childrenOf = new Map<number | null, NoteCategory[]>();
  for (const item of shown) {
    const key = item.parent_note_category_id;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), item]);
  }
  const ids = new Set(shown.map((item) => item.id));
  const build = (parent: number | null, depth: number): CategoryNode[] =>
    [...(childrenOf.get(parent) ?? [])]
      .sort(byPosition)
      .map((category) => ({ category, depth, children: build(category.id, depth + 1) }));
  // A category whose parent is not shown (archived while the child is not, or of another layer) is shown as a root.
  const orphans = shown.filter(
    (item) => item.parent_note_category_id !== null && !ids.has(item.parent_note_category_id),
  );
  return [
    ...build(null, 0),
    ...orphans.sort(byPosition).map((category) => ({ category, depth: 0, children: build(category.id, 1) })),
  ];
}

/**
 * The position a category takes when moved one place up (-1) or down (+1) among its siblings (archived siblings
 * count, as the server keeps their places); null at the edge.
 */
export function movedPosition(
  categories: readonly NoteCategory[],
  category: NoteCategory,
  step: -1 | 1,
): number | null {
  const siblings = categories
    .filter(
      (item) =>
        item.parent_note_category_id === category.parent_note_category_id && item.layer === category.layer,
    )
    .sort(byPosition);
  const index = siblings.findIndex((item) => item.id === category.id);
  const target = siblings[index + step];
  return target === undefined ? null : target.position;
}

/** Every note of the plan's categories, for counting what a layer holds. */
export function noteCount(nodes: readonly CategoryNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.category.notes?.length ?? 0) + noteCount(node.children), 0);
}
