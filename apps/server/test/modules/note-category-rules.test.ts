import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPlacements,
  archivedFrom,
  childIds,
  densify,
  insertion,
  movement,
  placeAt,
  removal,
  subtreeIds,
  wouldCycle,
  type TreeNode,
} from '../../src/modules/note-categories/tree';
import {
  canEditPlanNote,
  canNamePupil,
  canReadCategory,
  canWriteCategory,
  mayUseNoteCategories,
} from '../../src/modules/note-categories/policy';
import type { SchoolAccess } from '../../src/platform/access/index';

/*
 * The note-categories module's pure rules: the tree rules and the policy. The tree rules are checked against an
 * independent model, the tree as nested lists of children, where a move is "take it out of its list, put it in
 * the other list at the index asked (at most the end)". Positions in the flat rows must always equal the index in
 * the model's lists.
 */

/** The model: for each parent (0 stands for the roots), its children in order. */
type Model = Map<number, number[]>;

const ROOT = 0;
const key = (parentId: number | null) => parentId ?? ROOT;

function modelOf(nodes: readonly TreeNode[]): Model {
  const model: Model = new Map([[ROOT, []]]);
  for (const node of nodes) model.set(node.id, model.get(node.id) ?? []);
  const sorted = [...nodes].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const node of sorted) model.get(key(node.parentId))?.push(node.id);
  return model;
}

/** The flat rows the model stands for (parents and dense positions), by id. */
function rowsOf(model: Model, archived: ReadonlySet<number> = new Set()): TreeNode[] {
  const rows: TreeNode[] = [];
  for (const [parent, children] of model) {
    children.forEach((id, position) =>
      rows.push({ id, parentId: parent === ROOT ? null : parent, position, isArchived: archived.has(id) }),
    );
  }
  return rows.sort((a, b) => a.id - b.id);
}

const sortById = (nodes: readonly TreeNode[]) => [...nodes].sort((a, b) => a.id - b.id);

/** Every sibling set at positions 0 … n-1. */
function isDense(nodes: readonly TreeNode[]): boolean {
  const byParent = new Map<number | null, number[]>();
  for (const node of nodes)
    byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node.position]);
  return [...byParent.values()].every((positions) =>
    [...positions].sort((a, b) => a - b).every((position, index) => position === index),
  );
}

/** Model descendants of id (without id). */
function modelDescendants(model: Model, id: number): number[] {
  const out: number[] = [];
  const stack = [...(model.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() ?? 0;
    out.push(next);
    stack.push(...(model.get(next) ?? []));
  }
  return out;
}

function modelParent(model: Model, id: number): number {
  for (const [parent, children] of model) if (children.includes(id)) return parent;
  throw new Error(`no parent of ${id}`);
}

/** A small tree: 1 and 2 roots; 3, 4, 5 under 1; 6 under 3; 7 under 2. */
const sample = (): TreeNode[] => [
  { id: 1, parentId: null, position: 0, isArchived: false },
  { id: 2, parentId: null, position: 1, isArchived: false },
  { id: 3, parentId: 1, position: 0, isArchived: false },
  { id: 4, parentId: 1, position: 1, isArchived: false },
  { id: 5, parentId: 1, position: 2, isArchived: true },
  { id: 6, parentId: 3, position: 0, isArchived: false },
  { id: 7, parentId: 2, position: 0, isArchived: true },
];

describe('note category tree rules', () => {
  it('orders siblings by position then id, and finds subtrees', () => {
    const nodes = [
      { id: 9, parentId: null, position: 1, isArchived: false },
      { id: 8, parentId: null, position: 1, isArchived: false },
      { id: 10, parentId: null, position: 0, isArchived: false },
    ];
    expect(childIds(nodes, null)).toEqual([10, 8, 9]);
    expect(subtreeIds(sample(), 1)).toEqual([1, 3, 4, 5, 6]);
    expect(subtreeIds(sample(), 6)).toEqual([6]);
  });

  it('refuses moves under the category itself or its descendants only', () => {
    const nodes = sample();
    expect(wouldCycle(nodes, 1, 1)).toBe(true);
    expect(wouldCycle(nodes, 1, 6)).toBe(true);
    expect(wouldCycle(nodes, 1, 3)).toBe(true);
    expect(wouldCycle(nodes, 3, 4)).toBe(false);
    expect(wouldCycle(nodes, 3, null)).toBe(false);
    expect(wouldCycle(nodes, 6, 1)).toBe(false);
  });

  it('knows when a category or one of its ancestors is archived', () => {
    const nodes = sample();
    expect(archivedFrom(nodes, null)).toBe(false);
    expect(archivedFrom(nodes, 6)).toBe(false);
    expect(archivedFrom(nodes, 5)).toBe(true);
    expect(archivedFrom(nodes, 7)).toBe(true);
    const archivedRoot = nodes.map((node) => (node.id === 1 ? { ...node, isArchived: true } : node));
    expect(archivedFrom(archivedRoot, 6)).toBe(true);
  });

  it('puts a new category where asked, at most at the end, and makes room', () => {
    const nodes = sample();
    expect(insertion(nodes, 1, 0)).toEqual({
      position: 0,
      changes: [
        { id: 3, parentId: 1, position: 1 },
        { id: 4, parentId: 1, position: 2 },
        { id: 5, parentId: 1, position: 3 },
      ],
    });
    expect(insertion(nodes, 1)).toEqual({ position: 3, changes: [] });
    expect(insertion(nodes, 1, 99)).toEqual({ position: 3, changes: [] });
    expect(insertion(nodes, 6)).toEqual({ position: 0, changes: [] });
    expect(placeAt(undefined, 2, 5)).toBe(2);
    expect(placeAt(7, 2, 5)).toBe(5);
  });

  it('moves within the siblings, to another parent and to the roots', () => {
    const nodes = sample();
    expect(sortById(applyPlacements(nodes, movement(nodes, 5, 1, 0)))).toEqual(
      rowsOf(
        new Map([
          [ROOT, [1, 2]],
          [1, [5, 3, 4]],
          [2, [7]],
          [3, [6]],
        ]),
        new Set([5, 7]),
      ),
    );
    expect(sortById(applyPlacements(nodes, movement(nodes, 3, 2)))).toEqual(
      rowsOf(
        new Map([
          [ROOT, [1, 2]],
          [1, [4, 5]],
          [2, [7, 3]],
          [3, [6]],
        ]),
        new Set([5, 7]),
      ),
    );
    expect(sortById(applyPlacements(nodes, movement(nodes, 6, null, 1)))).toEqual(
      rowsOf(
        new Map([
          [ROOT, [1, 6, 2]],
          [1, [3, 4, 5]],
          [2, [7]],
        ]),
        new Set([5, 7]),
      ),
    );
    // Same parent without a position: nothing moves.
    expect(movement(nodes, 4, 1)).toEqual([]);
  });

  it('closes ranks on removal and makes old, gapped rows dense', () => {
    const nodes = sample();
    expect(removal(nodes, 3)).toEqual([
      { id: 4, parentId: 1, position: 0 },
      { id: 5, parentId: 1, position: 1 },
    ]);
    const gapped = nodes.map((node) =>
      node.parentId === 1 ? { ...node, position: node.position * 3 + 2 } : node,
    );
    expect(densify(gapped, 1)).toEqual([
      { id: 3, parentId: 1, position: 0 },
      { id: 4, parentId: 1, position: 1 },
      { id: 5, parentId: 1, position: 2 },
    ]);
    expect(densify(nodes, 1)).toEqual([]);
  });

  it('matches the nested-list model over random sequences of inserts, moves and removals', () => {
    type Step =
      | { kind: 'insert'; parent: number; position: number | undefined }
      | { kind: 'move'; node: number; parent: number; position: number | undefined }
      | { kind: 'remove'; node: number };
    const position = fc.option(fc.nat(8), { nil: undefined });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), parent: fc.nat(40), position }),
      fc.record({ kind: fc.constant('move' as const), node: fc.nat(40), parent: fc.nat(40), position }),
      fc.record({ kind: fc.constant('remove' as const), node: fc.nat(40) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let nodes: TreeNode[] = [];
        const model: Model = new Map([[ROOT, []]]);
        let nextId = 1;
        // Step numbers name existing categories by index (0 and out-of-range indexes: the roots).
        const pick = (index: number): number | null => {
          const ids = nodes.map((node) => node.id).sort((a, b) => a - b);
          return index === 0 || ids.length === 0 ? null : (ids[(index - 1) % ids.length] ?? null);
        };
        for (const s of steps) {
          if (s.kind === 'insert') {
            const parent = pick(s.parent);
            const id = nextId++;
            const placed = insertion(nodes, parent, s.position);
            nodes = [
              ...applyPlacements(nodes, placed.changes),
              { id, parentId: parent, position: placed.position, isArchived: false },
            ];
            const list = model.get(key(parent)) ?? [];
            list.splice(Math.min(s.position ?? list.length, list.length), 0, id);
            model.set(id, []);
          } else if (s.kind === 'move') {
            const node = pick(s.node);
            if (node === null) continue;
            const parent = pick(s.parent);
            const cycle =
              parent !== null && (parent === node || modelDescendants(model, node).includes(parent));
            expect(wouldCycle(nodes, node, parent)).toBe(cycle);
            if (cycle) continue;
            const from = model.get(modelParent(model, node)) ?? [];
            const sameParent = modelParent(model, node) === key(parent);
            const index = from.indexOf(node);
            from.splice(index, 1);
            const to = model.get(key(parent)) ?? [];
            to.splice(Math.min(s.position ?? (sameParent ? index : to.length), to.length), 0, node);
            nodes = applyPlacements(nodes, movement(nodes, node, parent, s.position));
          } else {
            const node = pick(s.node);
            if (node === null) continue;
            const gone = new Set([node, ...modelDescendants(model, node)]);
            expect(new Set(subtreeIds(nodes, node))).toEqual(gone);
            const from = model.get(modelParent(model, node)) ?? [];
            from.splice(from.indexOf(node), 1);
            for (const id of gone) model.delete(id);
            nodes = applyPlacements(nodes, removal(nodes, node)).filter((row) => !gone.has(row.id));
          }
          expect(isDense(nodes)).toBe(true);
          expect(sortById(nodes)).toEqual(rowsOf(model));
        }
        expect(modelOf(nodes)).toEqual(model);
      }),
      { seed: 20_260_301, numRuns: 300 },
    );
  });
});

/*
 * The module's policy, role by role: a superuser, a senco, a teacher with groups 1 and 2, a teacher without
 * groups. Group 3 is another group of the school.
 */
describe('note category policy', () => {
  const role = (values: Partial<SchoolAccess>): SchoolAccess => ({
    schoolId: 10,
    userId: 1,
    isSchoolSuperuser: false,
    isSenco: false,
    readsWholeSchool: false,
    isRestricted: false,
    groupIds: [],
    ...values,
  });
  const ROLES = {
    superuser: role({ isSchoolSuperuser: true, readsWholeSchool: true, groupIds: null }),
    senco: role({ isSenco: true, readsWholeSchool: true, groupIds: null }),
    teacher: role({ groupIds: [1, 2] }),
    newTeacher: role({ groupIds: [] }),
  };
  type Role = keyof typeof ROLES;
  const cases: { policy: string; check: (access: SchoolAccess) => boolean; allowed: Role[] }[] = [
    {
      policy: 'canReadCategory(plan of group 2)',
      check: (a) => canReadCategory(a, { planGroupId: 2 }),
      allowed: ['superuser', 'senco', 'teacher'],
    },
    {
      policy: 'canReadCategory(plan of group 3)',
      check: (a) => canReadCategory(a, { planGroupId: 3 }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: "canReadCategory(the school's own list)",
      check: (a) => canReadCategory(a, { planGroupId: null }),
      allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
    },
    {
      policy: 'canWriteCategory(plan of group 1)',
      check: (a) => canWriteCategory(a, { planGroupId: 1 }),
      allowed: ['superuser', 'senco', 'teacher'],
    },
    {
      policy: 'canWriteCategory(plan of group 3)',
      check: (a) => canWriteCategory(a, { planGroupId: 3 }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: "canWriteCategory(the school's own list)",
      check: (a) => canWriteCategory(a, { planGroupId: null }),
      allowed: ['superuser'],
    },
    {
      policy: 'canEditPlanNote(own note)',
      check: (a) => canEditPlanNote(a, { authorId: 1 }),
      allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
    },
    {
      policy: "canEditPlanNote(a colleague's note)",
      check: (a) => canEditPlanNote(a, { authorId: 2 }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: 'canEditPlanNote(author gone)',
      check: (a) => canEditPlanNote(a, { authorId: null }),
      allowed: ['superuser', 'senco'],
    },
  ];
  for (const { policy, check, allowed } of cases) {
    it(policy, () => {
      const verdicts = Object.fromEntries(
        Object.entries(ROLES).map(([name, access]) => [name, check(access)]),
      );
      const expectedVerdicts = Object.fromEntries(
        Object.keys(ROLES).map((name) => [name, allowed.includes(name as Role)]),
      );
      expect(verdicts).toEqual(expectedVerdicts);
    });
  }

  it('keeps restricted users out and names pupils only in the PUPIL layer', () => {
    expect(mayUseNoteCategories({ isRestricted: true })).toBe(false);
    expect(mayUseNoteCategories({ isRestricted: false })).toBe(true);
    expect((['GROUP', 'INSTRUCTION', 'PUPIL'] as const).filter(canNamePupil)).toEqual(['PUPIL']);
  });
});
