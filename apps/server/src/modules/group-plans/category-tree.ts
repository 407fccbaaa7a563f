import type {
  NoteLayer,
  PlanCategory,
  TemplateCategoryInput,
  TemplateCategoryView,
  TemplateContent,
} from '@leerzicht/contract';

/*
 * Pure tree work for templates and plans: a template's tree as note category rows of a plan, a plan's category
 * rows in an order where every parent comes before its children, and rows back into a tree. No SQL here.
 */

/** A note category row of a plan to be written, with its id given beforehand (see allocateCategoryIds). */
export interface CategoryDraft {
  id: number;
  parentNoteCategoryId: number | null;
  name: string;
  layer: NoteLayer;
  position: number;
  isArchived: boolean;
}

/** A template's content as stored: every node with its name, layer and children, nothing else. */
export function toStoredContent(categories: readonly TemplateCategoryInput[]): {
  categories: TemplateCategoryView[];
} {
  const copy = (node: TemplateCategoryInput): TemplateCategoryView => ({
    name: node.name,
    layer: node.layer,
    children: (node.children ?? []).map(copy),
  });
  return { categories: categories.map(copy) };
}

/**
 * The template's tree as category rows of a plan: depth first, each node taking the next of `ids`, positions
 * 0 … n-1 among siblings, nothing archived. `ids` must hold countTemplateCategories(content.categories) ids.
 */
export function draftsFromTemplate(content: TemplateContent, ids: readonly number[]): CategoryDraft[] {
  const drafts: CategoryDraft[] = [];
  const place = (nodes: readonly TemplateCategoryView[], parent: number | null) => {
    nodes.forEach((node, position) => {
      const id = ids[drafts.length];
      if (id === undefined) throw new Error('fewer category ids than template categories');
      drafts.push({
        id,
        parentNoteCategoryId: parent,
        name: node.name,
        layer: node.layer,
        position,
        isArchived: false,
      });
      place(node.children, id);
    });
  };
  place(content.categories, null);
  return drafts;
}

interface TreeRow {
  id: number;
  parentNoteCategoryId: number | null;
  position: number;
}

/**
 * The rows with every parent before its children (breadth first from the roots, siblings by position then id).
 * A row whose parent is not among the rows counts as a root; rows in a cycle (which the tree rules forbid) are
 * left out rather than looped over.
 */
export function parentsFirst<R extends TreeRow>(rows: readonly R[]): R[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<number | null, R[]>();
  for (const row of rows) {
    const parent =
      row.parentNoteCategoryId !== null && ids.has(row.parentNoteCategoryId)
        ? row.parentNoteCategoryId
        : null;
    const siblings = byParent.get(parent) ?? [];
    siblings.push(row);
    byParent.set(parent, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort((a, b) => a.position - b.position || a.id - b.id);
  const ordered: R[] = [];
  const queue: (number | null)[] = [null];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const row of byParent.get(parent) ?? []) {
      ordered.push(row);
      queue.push(row.id);
    }
  }
  return ordered;
}

/** Rows of one plan as a tree of PlanCategory, siblings by position then id. */
export function planTree(
  rows: readonly (TreeRow & { name: string; layer: NoteLayer; isArchived: boolean })[],
): PlanCategory[] {
  const nodes = new Map<number, PlanCategory>();
  const roots: PlanCategory[] = [];
  for (const row of parentsFirst(rows)) {
    const node: PlanCategory = {
      id: row.id,
      name: row.name,
      layer: row.layer,
      isArchived: row.isArchived,
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parentNoteCategoryId === null ? undefined : nodes.get(row.parentNoteCategoryId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Positions 0 … n-1 within each category, keeping the given order (category, then position). */
export function densePositions<L extends { noteCategoryId: number; position: number; id: number }>(
  links: readonly L[],
): (L & { position: number })[] {
  const sorted = [...links].sort(
    (a, b) => a.noteCategoryId - b.noteCategoryId || a.position - b.position || a.id - b.id,
  );
  const next = new Map<number, number>();
  return sorted.map((link) => {
    const position = next.get(link.noteCategoryId) ?? 0;
    next.set(link.noteCategoryId, position + 1);
    return { ...link, position };
  });
}
