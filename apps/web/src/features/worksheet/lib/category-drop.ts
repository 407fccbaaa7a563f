import type { NoteCategory } from '@leerzicht/contract';

/**
 * Where a category dropped on another one goes: beside it, at its place (same parent), in the same layer. null
 * when nothing changes or the move would put a category into its own subtree (the server refuses that too).
 */
export function dropMove(
  categories: readonly NoteCategory[],
  moved: NoteCategory,
  target: NoteCategory,
): { parent_note_category_id: number | null; position: number } | null {
  if (moved.id === target.id || moved.layer !== target.layer) return null;
  const parentOf = new Map(categories.map((item) => [item.id, item.parent_note_category_id]));
  for (let at: number | null = target.parent_note_category_id; at !== null; at = parentOf.get(at) ?? null) {
    if (at === moved.id) return null;
  }
  return { parent_note_category_id: target.parent_note_category_id, position: target.position };
}
