import { asc, eq } from 'drizzle-orm';
import { NOTE_LAYERS, type NoteLayer } from '@leerzicht/contract';
import type { Db } from '../../src/db/client';
import { groupPlans, noteCategories, subjects, yearClasses } from '../../src/db/schema/index';
import { createCatalog, createSchool, createYearClass } from './factories';

export type GroupPlan = typeof groupPlans.$inferSelect;
export type NoteCategory = typeof noteCategories.$inferSelect;

/**
 * A group plan. Missing parents are made: a group (in `schoolId`'s school, else a new school) and, when the
 * database has no subjects yet, the demo catalogue; the subject is then the first one by id.
 */
export async function createGroupPlan(
  db: Db,
  values: Partial<typeof groupPlans.$inferInsert> = {},
): Promise<GroupPlan> {
  const yearClass = values.yearClassId
    ? { id: values.yearClassId, schoolId: values.schoolId }
    : await createYearClass(db, values.schoolId ? { schoolId: values.schoolId } : {});
  const schoolId = yearClass.schoolId ?? (await schoolOfYearClass(db, yearClass.id));
  const [plan] = await db
    .insert(groupPlans)
    .values({
      name: 'Groepsplan',
      ...values,
      schoolId,
      yearClassId: yearClass.id,
      subjectId: values.subjectId ?? (await anySubjectId(db)),
    })
    .returning();
  if (!plan) throw new Error('group plan not created');
  return plan;
}

/** One node of a note category tree to create; every field has a default (see createNoteCategoryTree). */
export interface NoteCategorySpec {
  name?: string;
  layer?: NoteLayer;
  isArchived?: boolean;
  children?: NoteCategorySpec[];
}

export interface NoteCategoryNode extends NoteCategory {
  children: NoteCategoryNode[];
}

/**
 * Creates the note categories of `spec` (a list of roots, each with nested children) in the order given, with
 * positions 0, 1, … among siblings. Defaults: the name gives the path ("Categorie 1.2"); the layer follows the
 * depth (GROUP, then INSTRUCTION, then PUPIL for every deeper level). Without `groupPlanId` a group plan is
 * made (in `schoolId`'s school, else a new school); `groupPlanId: null` makes categories outside any plan (in
 * `schoolId`'s school, else a new school). `parentId` hangs the roots under an existing category, in its plan.
 * Returns the roots as a tree and every node in creation (depth-first) order.
 */
export async function createNoteCategoryTree(
  db: Db,
  spec: readonly NoteCategorySpec[],
  options: { schoolId?: number; groupPlanId?: number | null; parentId?: number; createdBy?: number } = {},
): Promise<{ roots: NoteCategoryNode[]; all: NoteCategoryNode[] }> {
  const { groupPlanId, schoolId } = await treeOwner(db, options);
  const all: NoteCategoryNode[] = [];
  const createLevel = async (
    specs: readonly NoteCategorySpec[],
    parentId: number | null,
    depth: number,
    path: string,
  ): Promise<NoteCategoryNode[]> => {
    const nodes: NoteCategoryNode[] = [];
    for (const [index, node] of specs.entries()) {
      const here = path ? `${path}.${index + 1}` : `${index + 1}`;
      const [row] = await db
        .insert(noteCategories)
        .values({
          schoolId,
          groupPlanId,
          parentNoteCategoryId: parentId,
          name: node.name ?? `Categorie ${here}`,
          layer: node.layer ?? layerAtDepth(depth),
          position: index,
          isArchived: node.isArchived ?? false,
          createdBy: options.createdBy ?? null,
        })
        .returning();
      if (!row) throw new Error('note category not created');
      const created: NoteCategoryNode = { ...row, children: [] };
      all.push(created);
      created.children = await createLevel(node.children ?? [], row.id, depth + 1, here);
      nodes.push(created);
    }
    return nodes;
  };
  const roots = await createLevel(spec, options.parentId ?? null, 0, '');
  return { roots, all };
}

/** A spec of `layers` levels with `breadth` children per node (breadth^1 + … + breadth^layers nodes). */
export function noteCategoryLayers(layers: number, breadth = 2): NoteCategorySpec[] {
  if (layers <= 0) return [];
  return Array.from({ length: breadth }, () => ({ children: noteCategoryLayers(layers - 1, breadth) }));
}

function layerAtDepth(depth: number): NoteLayer {
  return NOTE_LAYERS[Math.min(depth, NOTE_LAYERS.length - 1)] ?? 'PUPIL';
}

async function treeOwner(
  db: Db,
  options: { schoolId?: number; groupPlanId?: number | null; parentId?: number },
): Promise<{ groupPlanId: number | null; schoolId: number }> {
  if (options.parentId !== undefined) {
    const [parent] = await db.select().from(noteCategories).where(eq(noteCategories.id, options.parentId));
    if (!parent) throw new Error(`note category ${options.parentId} not found`);
    return {
      groupPlanId: options.groupPlanId === undefined ? parent.groupPlanId : options.groupPlanId,
      schoolId: options.schoolId ?? parent.schoolId,
    };
  }
  if (typeof options.groupPlanId === 'number') {
    const [plan] = await db.select().from(groupPlans).where(eq(groupPlans.id, options.groupPlanId));
    if (!plan) throw new Error(`group plan ${options.groupPlanId} not found`);
    return { groupPlanId: plan.id, schoolId: plan.schoolId };
  }
  if (options.groupPlanId === null) {
    return { groupPlanId: null, schoolId: options.schoolId ?? (await createSchool(db)).id };
  }
  const plan = await createGroupPlan(db, options.schoolId ? { schoolId: options.schoolId } : {});
  return { groupPlanId: plan.id, schoolId: plan.schoolId };
}

async function schoolOfYearClass(db: Db, yearClassId: number): Promise<number> {
  const [row] = await db
    .select({ schoolId: yearClasses.schoolId })
    .from(yearClasses)
    .where(eq(yearClasses.id, yearClassId));
  if (!row) throw new Error(`year class ${yearClassId} not found`);
  return row.schoolId;
}

async function anySubjectId(db: Db): Promise<number> {
  const first = async () =>
    (await db.select({ id: subjects.id }).from(subjects).orderBy(asc(subjects.id)).limit(1))[0];
  const existing = await first();
  if (existing) return existing.id;
  await createCatalog(db);
  const created = await first();
  if (!created) throw new Error('no subject after creating the catalogue');
  return created.id;
}
