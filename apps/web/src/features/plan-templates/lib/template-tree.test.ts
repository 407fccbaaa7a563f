import { TEMPLATE_MAX_CATEGORIES, TEMPLATE_MAX_DEPTH } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  canAdd,
  contentFromTree,
  countNodes,
  findNode,
  indent,
  moveDown,
  moveUp,
  neighbourOf,
  nodeAtFieldPath,
  nodeMoves,
  outdent,
  positionLabel,
  removeNode,
  renameNode,
  setLayer,
  treeDepth,
  treeFromContent,
  type Tree,
  type TreeNode,
} from './template-tree';

const node = (key: string, children: TreeNode[] = [], layer: TreeNode['layer'] = 'GROUP'): TreeNode => ({
  key,
  name: key.toUpperCase(),
  layer,
  children,
});

/** The tree's shape in one line: keys, children in brackets. */
function shape(tree: Tree): string {
  return tree
    .map((item) => (item.children.length ? `${item.key}(${shape(item.children)})` : item.key))
    .join(' ');
}

// a
//   a1
//   a2
// b
// c
const sample: Tree = [node('a', [node('a1'), node('a2')]), node('b'), node('c')];

/** A chain of `levels` nodes, each the only child of the one before. */
function chain(levels: number, prefix = 'n'): TreeNode {
  let current = node(`${prefix}${levels}`);
  for (let level = levels - 1; level >= 1; level -= 1) current = node(`${prefix}${level}`, [current]);
  return current;
}

describe('template tree', () => {
  it('counts categories and levels', () => {
    expect(countNodes(sample)).toBe(5);
    expect(treeDepth(sample)).toBe(2);
    expect(treeDepth([])).toBe(0);
    expect(treeDepth([chain(4)])).toBe(4);
  });

  it('adds at the top and below a category, the child taking its parent’s layer', () => {
    const withTop = addNode(sample, null, { key: 'd' });
    expect(shape(withTop)).toBe('a(a1 a2) b c d');
    expect(findNode(withTop, 'd')).toEqual({ key: 'd', name: '', layer: 'GROUP', children: [] });
    const instruction = setLayer(sample, 'b', 'INSTRUCTION');
    const withChild = addNode(instruction, 'b', { key: 'b1', name: 'Verlengde instructie' });
    expect(shape(withChild)).toBe('a(a1 a2) b(b1) c');
    expect(findNode(withChild, 'b1')?.layer).toBe('INSTRUCTION');
    // The given tree stays as it was.
    expect(shape(sample)).toBe('a(a1 a2) b c');
  });

  it('renames, sets the layer and removes a category with what is below it', () => {
    expect(findNode(renameNode(sample, 'a1', 'Rekenen'), 'a1')?.name).toBe('Rekenen');
    expect(findNode(setLayer(sample, 'a2', 'INSTRUCTION'), 'a2')?.layer).toBe('INSTRUCTION');
    expect(shape(removeNode(sample, 'a'))).toBe('b c');
    expect(shape(removeNode(sample, 'a2'))).toBe('a(a1) b c');
    expect(removeNode(sample, 'nope')).toBe(sample);
  });

  it('moves up and down among siblings only', () => {
    expect(shape(moveUp(sample, 'b'))).toBe('b a(a1 a2) c');
    expect(shape(moveDown(sample, 'a1'))).toBe('a(a2 a1) b c');
    expect(moveUp(sample, 'a')).toBe(sample);
    expect(moveDown(sample, 'c')).toBe(sample);
    expect(moveDown(sample, 'a2')).toBe(sample);
  });

  it('indents below the previous sibling and outdents to right after the parent', () => {
    expect(shape(indent(sample, 'b'))).toBe('a(a1 a2 b) c');
    expect(shape(indent(sample, 'a2'))).toBe('a(a1(a2)) b c');
    expect(indent(sample, 'a')).toBe(sample);
    expect(shape(outdent(sample, 'a1'))).toBe('a(a2) a1 b c');
    expect(outdent(sample, 'b')).toBe(sample);
  });

  it('keeps to the depth limit of the server', () => {
    const deep: Tree = [chain(TEMPLATE_MAX_DEPTH), node('x', [node('y')])];
    const last = `n${TEMPLATE_MAX_DEPTH}`;
    expect(nodeMoves(deep, last).addChild).toBe(false);
    expect(addNode(deep, last, { key: 'z' })).toBe(deep);
    expect(nodeMoves(deep, `n${TEMPLATE_MAX_DEPTH - 1}`).addChild).toBe(true);
    // A category moves in with everything below it: a chain of four levels cannot go one level down.
    expect(nodeMoves([node('a'), chain(TEMPLATE_MAX_DEPTH, 'm')], 'm1').indent).toBe(false);
    const fits: Tree = [node('a'), chain(TEMPLATE_MAX_DEPTH - 1, 'm')];
    expect(shape(indent(fits, 'm1'))).toBe('a(m1(m2(m3)))');
  });

  it('keeps to the size limit of the server', () => {
    const full: Tree = Array.from({ length: TEMPLATE_MAX_CATEGORIES }, (_, index) => node(`k${index}`));
    expect(canAdd(full, null)).toBe(false);
    expect(canAdd(full, 'k0')).toBe(false);
    expect(addNode(full, null, { key: 'more' })).toBe(full);
    expect(canAdd(full.slice(1), 'k1')).toBe(true);
  });

  it('tells what each category can do', () => {
    expect(nodeMoves(sample, 'a')).toEqual({
      up: false,
      down: true,
      indent: false,
      outdent: false,
      addChild: true,
    });
    expect(nodeMoves(sample, 'a2')).toEqual({
      up: true,
      down: false,
      indent: true,
      outdent: true,
      addChild: true,
    });
    expect(nodeMoves(sample, 'missing').up).toBe(false);
  });

  it('finds where focus goes after a removal', () => {
    expect(neighbourOf(sample, 'a1')).toBe('a2');
    expect(neighbourOf(sample, 'a2')).toBe('a1');
    expect(neighbourOf([node('a', [node('a1')])], 'a1')).toBe('a');
    expect(neighbourOf([node('a')], 'a')).toBeNull();
  });

  it('labels positions and finds the category a server field path names', () => {
    expect(positionLabel(sample, 'a2')).toBe('1.2');
    expect(positionLabel(sample, 'c')).toBe('3');
    expect(nodeAtFieldPath(sample, 'content.categories.0.children.1.name')).toEqual({
      key: 'a2',
      rest: 'name',
    });
    expect(nodeAtFieldPath(sample, 'content.categories.2.layer')).toEqual({ key: 'c', rest: 'layer' });
    expect(nodeAtFieldPath(sample, 'content.categories.0.children')).toEqual({ key: 'a', rest: 'children' });
    expect(nodeAtFieldPath(sample, 'content.categories')).toBeNull();
    expect(nodeAtFieldPath(sample, 'content.categories.9.name')).toBeNull();
    expect(nodeAtFieldPath(sample, 'name')).toBeNull();
  });

  it('reads stored content with new keys and writes it back without them', () => {
    let next = 0;
    const stored = [
      {
        name: 'Groep',
        layer: 'GROUP' as const,
        children: [{ name: 'Basis', layer: 'INSTRUCTION' as const, children: [] }],
      },
    ];
    const tree = treeFromContent(stored, () => `key${(next += 1)}`);
    expect(tree[0]?.key).toBe('key1');
    expect(tree[0]?.children[0]?.key).toBe('key2');
    expect(contentFromTree(tree)).toEqual({ categories: stored });
  });
});
