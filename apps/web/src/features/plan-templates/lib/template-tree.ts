import {
  TEMPLATE_MAX_CATEGORIES,
  TEMPLATE_MAX_DEPTH,
  type NoteLayer,
  type TemplateCategoryView,
  type TemplateLayer,
} from '@leerzicht/contract';

/*
 * The category tree of a template while it is edited: pure functions that return a new tree and leave the given
 * one as it was. A node has a key of its own (never sent) so that the screen can follow it while it moves. The
 * server's limits hold here too: at most TEMPLATE_MAX_DEPTH levels and TEMPLATE_MAX_CATEGORIES categories;
 * a change that would break them gives back the same tree.
 */

export interface TreeNode {
  key: string;
  name: string;
  /** Stored templates may hold any layer; the editor offers GROUP and INSTRUCTION. */
  layer: NoteLayer;
  children: TreeNode[];
}

export type Tree = readonly TreeNode[];

/** Where a node is: its parent's key (null at the top), its siblings and its index among them, its level (1 = top). */
interface Place {
  parentKey: string | null;
  siblings: readonly TreeNode[];
  index: number;
  depth: number;
}

function placeOf(tree: Tree, key: string): Place | null {
  const search = (siblings: readonly TreeNode[], parentKey: string | null, depth: number): Place | null => {
    for (const [index, node] of siblings.entries()) {
      if (node.key === key) return { parentKey, siblings, index, depth };
      const found = search(node.children, node.key, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return search(tree, null, 1);
}

export function findNode(tree: Tree, key: string): TreeNode | undefined {
  const place = placeOf(tree, key);
  return place?.siblings[place.index];
}

/** The number of categories at every level. */
export function countNodes(tree: Tree): number {
  return tree.reduce((total, node) => total + 1 + countNodes(node.children), 0);
}

/** Levels a node's subtree takes: 1 for a node without children. */
export function subtreeHeight(node: TreeNode): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

/** Levels the whole tree takes (0 when empty). */
export function treeDepth(tree: Tree): number {
  return Math.max(0, ...tree.map(subtreeHeight));
}

/** The tree with the children of `parentKey` (the top level for null) replaced. */
function withChildren(tree: Tree, parentKey: string | null, children: TreeNode[]): TreeNode[] {
  if (parentKey === null) return children;
  return tree.map((node) =>
    node.key === parentKey
      ? { ...node, children }
      : { ...node, children: withChildren(node.children, parentKey, children) },
  );
}

function updateNode(tree: Tree, key: string, change: (node: TreeNode) => TreeNode): TreeNode[] {
  return tree.map((node) =>
    node.key === key ? change(node) : { ...node, children: updateNode(node.children, key, change) },
  );
}

/** What can be done with a node now, within the limits. */
export interface NodeMoves {
  up: boolean;
  down: boolean;
  indent: boolean;
  outdent: boolean;
  addChild: boolean;
}

export function nodeMoves(tree: Tree, key: string): NodeMoves {
  const place = placeOf(tree, key);
  const node = place?.siblings[place.index];
  if (!place || !node) return { up: false, down: false, indent: false, outdent: false, addChild: false };
  const room = countNodes(tree) < TEMPLATE_MAX_CATEGORIES;
  return {
    up: place.index > 0,
    down: place.index < place.siblings.length - 1,
    indent: place.index > 0 && place.depth + subtreeHeight(node) <= TEMPLATE_MAX_DEPTH,
    outdent: place.parentKey !== null,
    addChild: room && place.depth < TEMPLATE_MAX_DEPTH,
  };
}

/** Whether one more category fits (below `parentKey`, or at the top for null). */
export function canAdd(tree: Tree, parentKey: string | null): boolean {
  if (parentKey === null) return countNodes(tree) < TEMPLATE_MAX_CATEGORIES;
  return nodeMoves(tree, parentKey).addChild;
}

/** A new category as the last child of `parentKey` (at the top for null); its layer is the parent's. */
export function addNode(
  tree: Tree,
  parentKey: string | null,
  added: { key: string; name?: string; layer?: NoteLayer },
): Tree {
  if (!canAdd(tree, parentKey)) return tree;
  const parent = parentKey === null ? undefined : findNode(tree, parentKey);
  const node: TreeNode = {
    key: added.key,
    name: added.name ?? '',
    layer: added.layer ?? parent?.layer ?? 'GROUP',
    children: [],
  };
  return withChildren(tree, parentKey, [...(parent ? parent.children : tree), node]);
}

export function renameNode(tree: Tree, key: string, name: string): Tree {
  return findNode(tree, key) ? updateNode(tree, key, (node) => ({ ...node, name })) : tree;
}

export function setLayer(tree: Tree, key: string, layer: TemplateLayer): Tree {
  return findNode(tree, key) ? updateNode(tree, key, (node) => ({ ...node, layer })) : tree;
}

/** Removes the node with everything below it. */
export function removeNode(tree: Tree, key: string): Tree {
  const place = placeOf(tree, key);
  if (!place) return tree;
  return withChildren(
    tree,
    place.parentKey,
    place.siblings.filter((node) => node.key !== key),
  );
}

function moveAmongSiblings(tree: Tree, key: string, step: -1 | 1): Tree {
  const place = placeOf(tree, key);
  if (!place) return tree;
  const target = place.index + step;
  const node = place.siblings[place.index];
  const other = place.siblings[target];
  if (!node || !other) return tree;
  const siblings = [...place.siblings];
  siblings[target] = node;
  siblings[place.index] = other;
  return withChildren(tree, place.parentKey, siblings);
}

/** One place up among its siblings. */
export const moveUp = (tree: Tree, key: string): Tree => moveAmongSiblings(tree, key, -1);

/** One place down among its siblings. */
export const moveDown = (tree: Tree, key: string): Tree => moveAmongSiblings(tree, key, 1);

/** The node (with its children) becomes the last child of the sibling before it. */
export function indent(tree: Tree, key: string): Tree {
  const place = placeOf(tree, key);
  const node = place?.siblings[place.index];
  const previous = place?.siblings[place.index - 1];
  if (!place || !node || !previous || !nodeMoves(tree, key).indent) return tree;
  const siblings = place.siblings
    .filter((sibling) => sibling.key !== key)
    .map((sibling) =>
      sibling.key === previous.key ? { ...sibling, children: [...sibling.children, node] } : sibling,
    );
  return withChildren(tree, place.parentKey, siblings);
}

/** The node (with its children) leaves its parent and comes right after it. */
export function outdent(tree: Tree, key: string): Tree {
  const place = placeOf(tree, key);
  const node = place?.siblings[place.index];
  if (!place || !node || place.parentKey === null) return tree;
  const parentPlace = placeOf(tree, place.parentKey);
  const parent = parentPlace?.siblings[parentPlace.index];
  if (!parentPlace || !parent) return tree;
  const siblings = [...parentPlace.siblings];
  siblings.splice(parentPlace.index, 1, {
    ...parent,
    children: parent.children.filter((child) => child.key !== key),
  });
  siblings.splice(parentPlace.index + 1, 0, node);
  return withChildren(tree, parentPlace.parentKey, siblings);
}

/** Where focus goes once the node is removed: its next sibling, else the one before, else its parent (null: none). */
export function neighbourOf(tree: Tree, key: string): string | null {
  const place = placeOf(tree, key);
  if (!place) return null;
  return (
    place.siblings[place.index + 1]?.key ?? place.siblings[place.index - 1]?.key ?? place.parentKey ?? null
  );
}

/** A node's position as people read it: "2.1" is the first child of the second category. */
export function positionLabel(tree: Tree, key: string): string {
  const trail = (siblings: readonly TreeNode[]): number[] | null => {
    for (const [index, node] of siblings.entries()) {
      if (node.key === key) return [index + 1];
      const below = trail(node.children);
      if (below) return [index + 1, ...below];
    }
    return null;
  };
  return (trail(tree) ?? []).join('.');
}

/**
 * The key of the node a server field path points at (`content.categories.0.children.2.name` → the third child of
 * the first category), with the rest of the path (`name`); null when the path names no node of the tree.
 */
export function nodeAtFieldPath(tree: Tree, path: string): { key: string; rest: string } | null {
  const parts = path.split('.');
  if (parts[0] !== 'content' || parts[1] !== 'categories') return null;
  let siblings: readonly TreeNode[] = tree;
  let found: TreeNode | undefined;
  let at = 2;
  for (;;) {
    const index = Number(parts[at]);
    const next = Number.isInteger(index) ? siblings[index] : undefined;
    if (!next) break;
    found = next;
    siblings = next.children;
    if (parts[at + 1] !== 'children' || parts[at + 2] === undefined) {
      at += 1;
      break;
    }
    at += 2;
  }
  return found ? { key: found.key, rest: parts.slice(at).join('.') } : null;
}

/** Gives keys `c1`, `c2`, … : one maker per editor, so that keys never repeat within it. */
export function keyMaker(): () => string {
  let last = 0;
  return () => {
    last += 1;
    return `c${last}`;
  };
}

/** A stored template's categories as an editable tree; `nextKey` gives each node its key. */
export function treeFromContent(categories: readonly TemplateCategoryView[], nextKey: () => string): Tree {
  const copy = (node: TemplateCategoryView): TreeNode => ({
    key: nextKey(),
    name: node.name,
    layer: node.layer,
    children: node.children.map(copy),
  });
  return categories.map(copy);
}

/** A category as it is sent: the server's shape, its layer still to be checked (by the contract's schema). */
export interface CategoryDraft {
  name: string;
  layer: NoteLayer;
  children: CategoryDraft[];
}

/** The tree as the server takes it: names, layers and children, no keys. */
export function contentFromTree(tree: Tree): { categories: CategoryDraft[] } {
  const copy = (node: TreeNode): CategoryDraft => ({
    name: node.name,
    layer: node.layer,
    children: node.children.map(copy),
  });
  return { categories: tree.map(copy) };
}
