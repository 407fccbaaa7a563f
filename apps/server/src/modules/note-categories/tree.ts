/*
 * The rules of a note-category tree, as pure functions over the categories of one plan (or one school's own list):
 *
 * - Siblings are ordered by position, then id, and every change leaves each sibling set it touches at positions
 *   0 … n-1 (rows that were not dense before, older data, come out dense). Archived categories keep their place
 *   among their siblings, so that restoring one puts it back where it was.
 * - A category moves under another category of its tree or to the roots, never under itself or one of its own
 *   descendants (a cycle).
 * - An archived category's whole subtree is archived: archiving and restoring act on the subtree, and an active
 *   category never sits below an archived one (so nothing active is made, moved or restored under one).
 *
 * The service reads the tree inside a transaction that holds the tree's lock, asks these functions what to write,
 * and writes exactly the changes they return.
 */

export interface TreeNode {
  id: number;
  parentId: number | null;
  position: number;
  isArchived: boolean;
}

/** A category's new place: its parent and its position there. */
export interface Placement {
  id: number;
  parentId: number | null;
  position: number;
}

const bySiblingOrder = (a: TreeNode, b: TreeNode) => a.position - b.position || a.id - b.id;

/** The ids of the children of `parentId` (null: the roots) in sibling order. */
export function childIds(nodes: readonly TreeNode[], parentId: number | null): number[] {
  return nodes
    .filter((node) => node.parentId === parentId)
    .sort(bySiblingOrder)
    .map((node) => node.id);
}

function childrenByParent(nodes: readonly TreeNode[]): Map<number | null, number[]> {
  const children = new Map<number | null, number[]>();
  for (const node of [...nodes].sort(bySiblingOrder)) {
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  return children;
}

/** The category and all its descendants, the category first, then level by level in sibling order. */
export function subtreeIds(nodes: readonly TreeNode[], rootId: number): number[] {
  const children = childrenByParent(nodes);
  const seen = new Set<number>([rootId]);
  const order = [rootId];
  for (let index = 0; index < order.length; index += 1) {
    for (const child of children.get(order[index] ?? -1) ?? []) {
      // A cycle in stored data must not make this loop forever.
      if (seen.has(child)) continue;
      seen.add(child);
      order.push(child);
    }
  }
  return order;
}

/** Whether hanging `id` under `newParentId` would put it under itself or one of its descendants. */
export function wouldCycle(nodes: readonly TreeNode[], id: number, newParentId: number | null): boolean {
  if (newParentId === null) return false;
  return subtreeIds(nodes, id).includes(newParentId);
}

/** Whether the category `id` (null: none, the roots' parent) or one of its ancestors is archived. */
export function archivedFrom(nodes: readonly TreeNode[], id: number | null): boolean {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<number>();
  for (let current = id; current !== null && !seen.has(current);) {
    seen.add(current);
    const node = byId.get(current);
    if (!node) return false;
    if (node.isArchived) return true;
    current = node.parentId;
  }
  return false;
}

/** Where `position` puts an item among `length` others: the position asked, at most the end; else `fallback`. */
export const placeAt = (position: number | undefined, fallback: number, length: number): number =>
  Math.max(0, Math.min(position ?? fallback, length));

/** The placements that differ from the stored ones when the sibling sets are put in these orders. */
function changesFor(
  nodes: readonly TreeNode[],
  sets: readonly (readonly [number | null, readonly number[]])[],
): Placement[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const changes: Placement[] = [];
  for (const [parentId, ids] of sets) {
    ids.forEach((id, position) => {
      const node = byId.get(id);
      if (!node || node.parentId !== parentId || node.position !== position)
        changes.push({ id, parentId, position });
    });
  }
  return changes;
}

/**
 * A new category under `parentId`: its position (the one asked, at most the end; else the end) and the siblings
 * that move to make room for it.
 */
export function insertion(
  nodes: readonly TreeNode[],
  parentId: number | null,
  position?: number,
): { position: number; changes: Placement[] } {
  const siblings = childIds(nodes, parentId);
  const at = placeAt(position, siblings.length, siblings.length);
  // Ids are positive: -1 holds the new category's place.
  const NEW = -1;
  siblings.splice(at, 0, NEW);
  const changes = changesFor(nodes, [[parentId, siblings]]).filter((change) => change.id !== NEW);
  return { position: at, changes };
}

/**
 * `id` moved under `parentId` at `position`. Under the same parent without a position it stays where it is (the
 * set is only made dense); under another parent without a position it goes at the end. The siblings it leaves
 * close ranks.
 */
export function movement(
  nodes: readonly TreeNode[],
  id: number,
  parentId: number | null,
  position?: number,
): Placement[] {
  const node = nodes.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`note category ${id} is not in the tree`);
  const source = childIds(nodes, node.parentId);
  const rest = source.filter((other) => other !== id);
  if (node.parentId === parentId) {
    rest.splice(placeAt(position, source.indexOf(id), rest.length), 0, id);
    return changesFor(nodes, [[parentId, rest]]);
  }
  const target = childIds(nodes, parentId);
  target.splice(placeAt(position, target.length, target.length), 0, id);
  return changesFor(nodes, [
    [node.parentId, rest],
    [parentId, target],
  ]);
}

/** The siblings' new positions once the subtree of `id` is gone. */
export function removal(nodes: readonly TreeNode[], id: number): Placement[] {
  const node = nodes.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`note category ${id} is not in the tree`);
  const rest = childIds(nodes, node.parentId).filter((other) => other !== id);
  return changesFor(nodes, [[node.parentId, rest]]);
}

/** The positions that make the children of `parentId` dense again (none when they are). */
export function densify(nodes: readonly TreeNode[], parentId: number | null): Placement[] {
  return changesFor(nodes, [[parentId, childIds(nodes, parentId)]]);
}

/** The tree with the placements applied (for checking a plan of changes, and for tests). */
export function applyPlacements<T extends TreeNode>(nodes: readonly T[], changes: readonly Placement[]): T[] {
  const byId = new Map(changes.map((change) => [change.id, change]));
  return nodes.map((node) => {
    const change = byId.get(node.id);
    return change ? { ...node, parentId: change.parentId, position: change.position } : node;
  });
}
