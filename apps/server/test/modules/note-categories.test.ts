import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_CATEGORY_ERRORS,
  NOTE_CATEGORY_NAME_MAX,
  noteCategoryListSchema,
  noteCategorySchema,
  type NoteCategory as ApiCategory,
  type NoteLayer,
} from '@leerzicht/contract';
import { auditLog, groupPlanNotes, noteCategories, pupilNoteCategoryLinks } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import {
  createGroupPlan,
  createNoteCategoryTree,
  type GroupPlan,
  type NoteCategory,
  type NoteCategorySpec,
} from '../helpers/plan-factories';
import { rowCounts } from '../helpers/row-counts';

/*
 * The note-category tree of group plans and the school's own list: create (both forms), list with every filter,
 * move, archive, delete, the role and tenant matrix, and refused or bad requests changing nothing. Every test makes
 * its own plan; expected trees are computed by the test from the categories it made and the changes it asked for
 * (a model of nested child lists), never read back from the implementation.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
const LATER = new Date('2026-03-01T10:05:00Z');

type Who = keyof CareTokens;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** The model of a tree: each parent's (null: the roots) children in order. */
type Model = Map<number | null, number[]>;
interface Row {
  id: number;
  parentId: number | null;
  position: number;
}

/** A deterministic pseudo-random sequence (mulberry32), so that a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** The rows a model stands for: parents and positions 0 … n-1, by id. */
function rowsOf(model: Model): Row[] {
  const rows: Row[] = [];
  for (const [parentId, children] of model)
    children.forEach((id, position) => rows.push({ id, parentId, position }));
  return rows.sort((a, b) => a.id - b.id);
}

function modelOf(nodes: readonly NoteCategory[]): Model {
  const model: Model = new Map([[null, []]]);
  for (const node of nodes) model.set(node.id, []);
  const sorted = [...nodes].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const node of sorted) model.get(node.parentNoteCategoryId)?.push(node.id);
  return model;
}

function descendants(model: Model, id: number): number[] {
  const out: number[] = [];
  const stack = [...(model.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() ?? 0;
    out.push(next);
    stack.push(...(model.get(next) ?? []));
  }
  return out;
}

function parentIn(model: Model, id: number): number | null {
  for (const [parentId, children] of model) if (children.includes(id)) return parentId;
  throw new Error(`category ${id} is not in the model`);
}

/** Moves `id` in the model as the API promises: under `parentId` at `position` (at most the end). */
function moveInModel(model: Model, id: number, parentId: number | null, position: number | undefined) {
  const from = model.get(parentIn(model, id)) ?? [];
  const same = parentIn(model, id) === parentId;
  const index = from.indexOf(id);
  from.splice(index, 1);
  const to = model.get(parentId) ?? [];
  to.splice(Math.min(position ?? (same ? index : to.length), to.length), 0, id);
}

/** A tree of one layer: `breadth` children per node, `depth` levels. */
function uniform(depth: number, breadth: number, layer: NoteLayer): NoteCategorySpec[] {
  if (depth === 0) return [];
  return Array.from({ length: breadth }, () => ({ layer, children: uniform(depth - 1, breadth, layer) }));
}

describe('note categories', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const db = () => t.database.db;
  const call = (who: Who, method: Method, url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));

  const planOf = (yearClassId: number) => createGroupPlan(db(), { schoolId: f.school.id, yearClassId });
  const treeIn = async (plan: GroupPlan | null, spec: NoteCategorySpec[], createdBy?: number) =>
    (
      await createNoteCategoryTree(db(), spec, {
        groupPlanId: plan?.id ?? null,
        schoolId: plan?.schoolId ?? f.school.id,
        ...(createdBy === undefined ? {} : { createdBy }),
      })
    ).all;

  /** The stored rows of a plan's tree (or of the school's own list), by id. */
  const stored = async (groupPlanId: number | null, schoolId = f.school.id) =>
    db()
      .select({
        id: noteCategories.id,
        parentId: noteCategories.parentNoteCategoryId,
        position: noteCategories.position,
      })
      .from(noteCategories)
      .where(
        groupPlanId === null
          ? and(eq(noteCategories.schoolId, schoolId), isNull(noteCategories.groupPlanId))
          : eq(noteCategories.groupPlanId, groupPlanId),
      )
      .orderBy(asc(noteCategories.id));
  const archivedIds = async (ids: readonly number[]) =>
    (
      await db()
        .select({ id: noteCategories.id })
        .from(noteCategories)
        .where(and(inArray(noteCategories.id, [...ids]), eq(noteCategories.isArchived, true)))
        .orderBy(asc(noteCategories.id))
    ).map((row) => row.id);

  const list = async (who: Who, query: string) => {
    const response = await call(who, 'GET', `/note_categories/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return noteCategoryListSchema.parse(response.json());
  };
  const post = async (who: Who, body: object) => {
    const response = await call(who, 'POST', '/note_categories/', body);
    expect(response.statusCode, response.body).toBe(201);
    return noteCategorySchema.parse(response.json());
  };
  const patch = (who: Who, id: number, body: object) => call(who, 'PATCH', `/note_categories/${id}/`, body);
  /** Every table's row count but the audit log's (its rows are written after the answer). */
  const counts = async () => {
    const { audit_log: _audit, ...rest } = await rowCounts(db());
    return rest;
  };
  const fieldErrors = (body: string) => JSON.parse(body).errors as Record<string, string[]>;

  /** The answer for a category the test knows, as the API writes it. */
  const expected = (row: NoteCategory, changes: Partial<ApiCategory> = {}): ApiCategory => ({
    id: row.id,
    name: row.name,
    parent_note_category_id: row.parentNoteCategoryId,
    position: row.position,
    layer: row.layer,
    group_plan_id: row.groupPlanId,
    is_archived: row.isArchived,
    date_created: row.dateCreated.toISOString(),
    date_changed: row.dateChanged.toISOString(),
    schoolId: row.schoolId,
    createdBy: row.createdBy,
    ...changes,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('creates categories in a plan and in the school list, at the end unless a position is given', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const model: Model = new Map([[null, []]]);
    const made: ApiCategory[] = [];
    const create = async (
      who: 'teacher' | 'senco' | 'superuser',
      body: { name: string; layer: NoteLayer; parent?: number; position?: number },
    ) => {
      const created = await post(who, {
        group_plan_id: plan.id,
        name: body.name,
        layer: body.layer,
        ...(body.parent === undefined ? {} : { parent_note_category_id: body.parent }),
        ...(body.position === undefined ? {} : { position: body.position }),
      });
      const siblings = model.get(body.parent ?? null) ?? [];
      const at = Math.min(body.position ?? siblings.length, siblings.length);
      siblings.splice(at, 0, created.id);
      model.set(created.id, []);
      expect(created).toEqual({
        id: created.id,
        name: body.name.trim(),
        parent_note_category_id: body.parent ?? null,
        position: at,
        layer: body.layer,
        group_plan_id: plan.id,
        is_archived: false,
        date_created: NOW.toISOString(),
        date_changed: NOW.toISOString(),
        schoolId: f.school.id,
        createdBy: f.users[who].id,
      });
      made.push(created);
      return created;
    };
    const rekenen = await create('teacher', { name: '  Rekenen ', layer: 'GROUP' });
    await create('teacher', { name: 'Spelling', layer: 'GROUP', position: 0 });
    await create('senco', { name: 'Instructiegroepen', layer: 'INSTRUCTION', position: 99 });
    await create('teacher', { name: 'Tafels', layer: 'GROUP', parent: rekenen.id });
    await create('teacher', { name: 'Breuken', layer: 'GROUP', parent: rekenen.id, position: 0 });
    await create('superuser', { name: 'Klokkijken', layer: 'GROUP', parent: rekenen.id, position: 1 });
    expect(await stored(plan.id)).toEqual(rowsOf(model));

    // The school's own list: superusers, with `schoolId` and no plan.
    const own = await post('superuser', { name: 'Werkhouding', layer: 'PUPIL', schoolId: f.school.id });
    expect(own).toMatchObject({ group_plan_id: null, parent_note_category_id: null, layer: 'PUPIL' });
    const child = await post('superuser', {
      name: 'Concentratie',
      layer: 'PUPIL',
      schoolId: f.school.id,
      parent_note_category_id: own.id,
    });
    expect(child).toMatchObject({ group_plan_id: null, parent_note_category_id: own.id, position: 0 });
    // Both fields, the plan in that school: a category of the plan.
    const both = await post('senco', {
      name: 'Begrijpend lezen',
      layer: 'GROUP',
      group_plan_id: plan.id,
      schoolId: f.school.id,
    });
    expect(both).toMatchObject({ group_plan_id: plan.id, position: 3 });
  });

  it('lists a plan by parent then position, with every filter, the notes and the pupils included', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const all = await treeIn(
      plan,
      [
        {
          name: 'Rekenen',
          layer: 'GROUP',
          children: [
            { name: 'Tafels', layer: 'GROUP' },
            { name: 'Breuken', layer: 'GROUP', isArchived: true },
          ],
        },
        {
          name: 'Instructie',
          layer: 'INSTRUCTION',
          children: [
            { name: 'Verrijkt', layer: 'INSTRUCTION' },
            { name: 'Intensief', layer: 'INSTRUCTION' },
          ],
        },
        { name: 'Leerlingen', layer: 'PUPIL', children: [{ name: 'Jan', layer: 'PUPIL' }] },
      ],
      f.users.teacher.id,
    );
    const [rekenen, tafels, breuken, instructie, verrijkt, intensief, leerlingen, jan] = all;
    if (!rekenen || !tafels || !breuken || !instructie || !verrijkt || !intensief || !leerlingen || !jan)
      throw new Error('tree not made');
    // Two made by the senco.
    await db()
      .update(noteCategories)
      .set({ createdBy: f.users.senco.id })
      .where(inArray(noteCategories.id, [tafels.id, intensief.id]));
    tafels.createdBy = f.users.senco.id;
    intensief.createdBy = f.users.senco.id;
    const pupil0 = getOf(f.pupilsA[0], 'pupil A0');
    const pupil1 = getOf(f.pupilsA[1], 'pupil A1');
    const pupilB = getOf(f.pupilsB[0], 'pupil B0');
    const links = await db()
      .insert(pupilNoteCategoryLinks)
      .values([
        { schoolId: f.school.id, pupilId: pupil1.id, noteCategoryId: verrijkt.id, position: 0 },
        { schoolId: f.school.id, pupilId: pupil0.id, noteCategoryId: verrijkt.id, position: 1 },
        { schoolId: f.school.id, pupilId: pupil0.id, noteCategoryId: jan.id, position: 0 },
        { schoolId: f.school.id, pupilId: pupilB.id, noteCategoryId: intensief.id, position: 0 },
      ])
      .returning();
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    const notes = await db()
      .insert(groupPlanNotes)
      .values([
        {
          schoolId: f.school.id,
          noteCategoryId: tafels.id,
          content: 'Oud',
          authorId: f.users.teacher.id,
          dateCreated: at(30),
        },
        {
          schoolId: f.school.id,
          noteCategoryId: tafels.id,
          content: 'Nieuw',
          authorId: f.users.senco.id,
          dateCreated: at(10),
        },
        {
          schoolId: f.school.id,
          noteCategoryId: tafels.id,
          content: 'Weg',
          authorId: f.users.teacher.id,
          dateCreated: at(5),
          dateArchived: at(1),
        },
        {
          schoolId: f.school.id,
          noteCategoryId: jan.id,
          pupilId: pupil0.id,
          content: 'Over Jan',
          authorId: f.users.teacher.id,
          dateCreated: at(20),
        },
        {
          schoolId: f.school.id,
          noteCategoryId: intensief.id,
          pupilId: pupilB.id,
          content: 'Over Mila',
          authorId: f.users.senco.id,
          dateCreated: at(20),
        },
      ])
      .returning();

    /** The plan's categories the filter keeps, in the API's order: roots first, then by parent, position, id. */
    const expect_ = (keep: (row: NoteCategory) => boolean) =>
      all
        .filter(keep)
        .sort(
          (a, b) =>
            (a.parentNoteCategoryId ?? -1) - (b.parentNoteCategoryId ?? -1) ||
            a.position - b.position ||
            a.id - b.id,
        )
        .map((row) => expected(row));
    const linked = (pupilId: number) =>
      new Set(links.filter((l) => l.pupilId === pupilId).map((l) => l.noteCategoryId));
    const q = `group_plan_id=${plan.id}`;
    const cases: [Who, string, (row: NoteCategory) => boolean][] = [
      ['teacher', q, () => true],
      ['senco', `${q}&school_id=${f.school.id}`, () => true],
      ['teacher', `${q}&layer=INSTRUCTION`, (r) => r.layer === 'INSTRUCTION'],
      ['teacher', `${q}&parent=null`, (r) => r.parentNoteCategoryId === null],
      ['teacher', `${q}&parent=${rekenen.id}`, (r) => r.parentNoteCategoryId === rekenen.id],
      ['teacher', `${q}&user=${f.users.senco.id}`, (r) => r.createdBy === f.users.senco.id],
      ['teacher', `${q}&pupil=${pupil0.id}`, (r) => linked(pupil0.id).has(r.id)],
      ['senco', `${q}&pupil=${pupilB.id}`, (r) => linked(pupilB.id).has(r.id)],
      ['teacher', `${q}&is_archived=true`, (r) => r.isArchived],
      [
        'teacher',
        `${q}&is_archived=false&layer=GROUP&parent=${rekenen.id}`,
        (r) => !r.isArchived && r.layer === 'GROUP' && r.parentNoteCategoryId === rekenen.id,
      ],
      ['teacher', `${q}&parent=${jan.id}`, () => false],
    ];
    for (const [who, query, keep] of cases) {
      const got = await list(who, query);
      expect([who, query, got]).toEqual([who, query, expect_(keep)]);
    }
    // Not vacuous.
    expect(expect_((r) => linked(pupil0.id).has(r.id))).toHaveLength(2);
    expect(expect_((r) => r.createdBy === f.users.senco.id)).toHaveLength(2);

    // include[]=notes: the active notes, newest first; a teacher does not see a note about a pupil of another group.
    const noteIds = (rows: ApiCategory[], id: number) =>
      rows.find((row) => row.id === id)?.notes?.map((n) => n.id);
    const activeOf = (categoryId: number, visible: (pupilId: number | null) => boolean) =>
      notes
        .filter((n) => n.noteCategoryId === categoryId && n.dateArchived === null && visible(n.pupilId))
        .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || b.id - a.id)
        .map((n) => n.id);
    const withNotes = await list('teacher', `${q}&include[]=notes`);
    const teacherSees = (pupilId: number | null) => pupilId === null || pupilId !== pupilB.id;
    for (const row of all)
      expect([row.name, noteIds(withNotes, row.id)]).toEqual([row.name, activeOf(row.id, teacherSees)]);
    expect(noteIds(withNotes, tafels.id)).toHaveLength(2);
    const sencoNotes = await list('senco', `${q}&include[]=notes&parent=${instructie.id}`);
    expect(noteIds(sencoNotes, intensief.id)).toEqual(activeOf(intensief.id, () => true));
    expect(sencoNotes.every((row) => row.pupils === undefined)).toBe(true);
    const tafelsNote = withNotes.find((row) => row.id === tafels.id)?.notes?.[0];
    const newest = getOf(notes[1], 'newest note');
    expect(tafelsNote).toEqual({
      id: newest.id,
      noteCategoryId: tafels.id,
      category: { id: tafels.id, name: tafels.name, layer: tafels.layer, group_plan_id: plan.id },
      pupilId: null,
      content: newest.content,
      date_archived: null,
      dateCreated: newest.dateCreated.toISOString(),
      dateChanged: newest.dateChanged.toISOString(),
      authorId: f.users.senco.id,
      authorName: 'Ilse Begeleider',
      // The teacher's colleague wrote it.
      canEdit: false,
    });

    // include[]=pupils: placed pupils by position; the teacher does not see the pupil of another group.
    const pupilsOf = (rows: ApiCategory[], id: number) =>
      rows.find((row) => row.id === id)?.pupils?.map((p) => p.pupilId);
    const placed = (categoryId: number, visible: (pupilId: number) => boolean) =>
      links
        .filter((l) => l.noteCategoryId === categoryId && visible(l.pupilId))
        .sort((a, b) => a.position - b.position)
        .map((l) => l.pupilId);
    for (const who of ['teacher', 'senco'] as const) {
      const rows = await list(who, `${q}&include[]=pupils&include[]=notes`);
      const visible = (pupilId: number) => who === 'senco' || pupilId !== pupilB.id;
      for (const row of all)
        expect([who, row.name, pupilsOf(rows, row.id)]).toEqual([who, row.name, placed(row.id, visible)]);
      expect(rows.every((row) => Array.isArray(row.notes))).toBe(true);
    }
    expect(placed(verrijkt.id, () => true)).toEqual([pupil1.id, pupil0.id]);
    const first = (await list('teacher', `${q}&include[]=pupils&parent=${instructie.id}`))[0]?.pupils?.[0];
    expect(first).toEqual({
      linkId: links[0]?.id,
      pupilId: pupil1.id,
      position: 0,
      firstName: pupil1.firstName,
      lastNamePrefix: pupil1.lastNamePrefix,
      lastName: pupil1.lastName,
    });
  });

  it('lists the school list, and one row per name over the school for suggestions', async () => {
    t.clock.now = NOW;
    const tag = `#${Math.random().toString(36).slice(2, 8)}`;
    const planA = await planOf(f.groupA.id);
    const planB = await planOf(f.groupB.id);
    const inA = await treeIn(planA, [
      { name: `Rekenen ${tag}`, layer: 'GROUP', children: [{ name: `Tafels ${tag}`, layer: 'GROUP' }] },
    ]);
    const inB = await treeIn(planB, [
      { name: `Rekenen ${tag}`, layer: 'GROUP' },
      { name: `Lezen ${tag}`, layer: 'GROUP' },
    ]);
    const own = await treeIn(null, [
      { name: `Werkhouding ${tag}`, layer: 'PUPIL' },
      { name: `Tafels ${tag}`, layer: 'GROUP' },
    ]);
    // The newest change of a name wins: plan B's Rekenen, the own list's Tafels.
    const changed = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const stamp = async (row: NoteCategory, minutes: number) => {
      await db()
        .update(noteCategories)
        .set({ dateChanged: changed(minutes) })
        .where(eq(noteCategories.id, row.id));
      row.dateChanged = changed(minutes);
    };
    const rows = [...inA, ...inB, ...own];
    for (const [index, row] of rows.entries()) await stamp(row, index);
    const mine = (got: ApiCategory[]) => got.filter((row) => row.name.endsWith(tag));

    /** One row per name among those the reader knows of: the most recently changed; by name. */
    const suggestions = (known: NoteCategory[]) => {
      const best = new Map<string, NoteCategory>();
      for (const row of known) {
        const current = best.get(row.name);
        if (
          !current ||
          row.dateChanged > current.dateChanged ||
          (row.dateChanged.getTime() === current.dateChanged.getTime() && row.id > current.id)
        )
          best.set(row.name, row);
      }
      return [...best.values()]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((row) => expected(row));
    };
    const school = `school_id=${f.school.id}`;
    expect(mine(await list('senco', `${school}&distinct_by=name`))).toEqual(suggestions(rows));
    // A teacher knows the own list and the plans of their groups.
    expect(mine(await list('teacher', `${school}&distinct_by=name`))).toEqual(suggestions([...inA, ...own]));
    expect(mine(await list('otherTeacher', `${school}&distinct_by=name&layer=GROUP`))).toEqual(
      suggestions([...inB, ...own].filter((row) => row.layer === 'GROUP')),
    );
    // Within one plan.
    expect(mine(await list('teacher', `group_plan_id=${planA.id}&distinct_by=name`))).toEqual(
      suggestions(inA),
    );
    expect(suggestions(rows)).toHaveLength(4);

    // school_id alone: the school's own list, read by every member.
    for (const who of ['teacher', 'otherTeacher', 'senco', 'superuser', 'demo'] as const) {
      const got = mine(await list(who, school));
      expect([who, got]).toEqual([who, own.map((row) => expected(row))]);
    }
  });

  it('moves categories in a random sequence, keeping every sibling set dense and refusing cycles', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const nodes = await treeIn(plan, uniform(3, 3, 'GROUP'));
    const model = modelOf(nodes);
    expect(await stored(plan.id)).toEqual(rowsOf(model));
    const next = random(20_260_301);
    const ids = nodes.map((node) => node.id);
    let moved = 0;
    let cycles = 0;
    t.clock.now = LATER;
    for (let step = 0; step < 80; step += 1) {
      const id = getOf(ids[next(ids.length)], 'node');
      const roll = next(10);
      // Mostly a new parent (a root now and then), sometimes only a new position, the parent it has, or a
      // category of its own subtree (a cycle).
      const own = [id, ...descendants(model, id)];
      const parentId =
        roll < 2
          ? undefined
          : roll < 3
            ? null
            : roll < 4
              ? parentIn(model, id)
              : roll < 5
                ? getOf(own[next(own.length)], 'own')
                : getOf(ids[next(ids.length)], 'parent');
      const position = next(3) === 0 ? undefined : next(6);
      const body = {
        ...(parentId === undefined ? {} : { parent_note_category_id: parentId }),
        ...(position === undefined ? {} : { position }),
      };
      if (parentId === undefined && position === undefined) continue;
      const response = await patch('teacher', id, body);
      const cycle = parentId != null && (parentId === id || descendants(model, id).includes(parentId));
      if (cycle) {
        cycles += 1;
        expect([body, response.statusCode]).toEqual([body, 400]);
        expect(fieldErrors(response.body)).toEqual({ parent_note_category_id: [NOTE_CATEGORY_ERRORS.cycle] });
      } else {
        moved += 1;
        expect([body, response.statusCode, response.body]).toEqual([body, 200, response.body]);
        moveInModel(model, id, parentId === undefined ? parentIn(model, id) : parentId, position);
        const answer = noteCategorySchema.parse(response.json());
        const parent = parentIn(model, id);
        expect(answer).toMatchObject({
          id,
          parent_note_category_id: parent,
          position: model.get(parent)?.indexOf(id),
          date_changed: LATER.toISOString(),
        });
      }
      expect(await stored(plan.id)).toEqual(rowsOf(model));
    }
    expect(moved).toBeGreaterThan(20);
    expect(cycles).toBeGreaterThan(3);
    t.clock.now = NOW;
  });

  it('archives and restores whole subtrees; nothing active goes under an archived category', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const [r1, c1, g1, c2, r2] = await treeIn(plan, [
      { layer: 'GROUP', children: [{ layer: 'GROUP', children: [{ layer: 'GROUP' }] }, { layer: 'GROUP' }] },
      { layer: 'GROUP' },
    ]);
    if (!r1 || !c1 || !g1 || !c2 || !r2) throw new Error('tree not made');
    const ids = [r1.id, c1.id, g1.id, c2.id, r2.id];
    const before = await stored(plan.id);

    t.clock.now = LATER;
    const archived = await patch('teacher', c1.id, { is_archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(noteCategorySchema.parse(archived.json())).toEqual(
      expected(c1, { is_archived: true, date_changed: LATER.toISOString() }),
    );
    expect(await archivedIds(ids)).toEqual([c1.id, g1.id]);
    // Archived categories keep their place.
    expect(await stored(plan.id)).toEqual(before);

    const counted = await counts();
    const refusals: [number, object, string, string][] = [
      [g1.id, { is_archived: false }, 'is_archived', NOTE_CATEGORY_ERRORS.ancestorArchived],
      [
        r2.id,
        { parent_note_category_id: c1.id },
        'parent_note_category_id',
        NOTE_CATEGORY_ERRORS.parentArchived,
      ],
      [
        c2.id,
        { parent_note_category_id: g1.id, is_archived: false },
        'parent_note_category_id',
        NOTE_CATEGORY_ERRORS.parentArchived,
      ],
    ];
    for (const [id, body, field, message] of refusals) {
      const response = await patch('teacher', id, body);
      expect([body, response.statusCode, fieldErrors(response.body)]).toEqual([
        body,
        400,
        { [field]: [message] },
      ]);
    }
    const under = await call('teacher', 'POST', '/note_categories/', {
      group_plan_id: plan.id,
      layer: 'GROUP',
      name: 'Onder archief',
      parent_note_category_id: g1.id,
    });
    expect([under.statusCode, fieldErrors(under.body)]).toEqual([
      400,
      { parent_note_category_id: [NOTE_CATEGORY_ERRORS.parentArchived] },
    ]);
    expect(await counts()).toEqual(counted);
    expect(await archivedIds(ids)).toEqual([c1.id, g1.id]);

    // Archived itself, a category may go under an archived one.
    const along = await patch('teacher', r2.id, { parent_note_category_id: c1.id, is_archived: true });
    expect(along.statusCode, along.body).toBe(200);
    expect(await archivedIds(ids)).toEqual([c1.id, g1.id, r2.id]);
    // Archiving the root takes the whole tree; restoring it brings the whole tree back.
    expect((await patch('senco', r1.id, { is_archived: true })).statusCode).toBe(200);
    expect(await archivedIds(ids)).toEqual(ids.sort((a, b) => a - b));
    expect((await patch('senco', r1.id, { is_archived: false })).statusCode).toBe(200);
    expect(await archivedIds(ids)).toEqual([]);
    const model = modelOf([r1, c1, g1, c2]);
    model.set(r2.id, []);
    model.get(c1.id)?.push(r2.id);
    expect(await stored(plan.id)).toEqual(rowsOf(model));
    // Renaming changes only the name.
    const renamed = await patch('teacher', g1.id, { name: ' Nieuwe naam ' });
    expect(noteCategorySchema.parse(renamed.json())).toMatchObject({
      name: 'Nieuwe naam',
      position: 0,
      parent_note_category_id: c1.id,
    });
    t.clock.now = NOW;
  });

  it('deletes a category with its subtree and placements, refused while notes exist (the chosen rule)', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const [r1, c1, g1, c2, c3] = await treeIn(plan, [
      {
        layer: 'INSTRUCTION',
        children: [
          { layer: 'INSTRUCTION', children: [{ layer: 'INSTRUCTION' }] },
          { layer: 'INSTRUCTION' },
          { layer: 'INSTRUCTION' },
        ],
      },
    ]);
    if (!r1 || !c1 || !g1 || !c2 || !c3) throw new Error('tree not made');
    const pupil = getOf(f.pupilsA[0], 'pupil');
    await db()
      .insert(pupilNoteCategoryLinks)
      .values({ schoolId: f.school.id, pupilId: pupil.id, noteCategoryId: g1.id });
    const [note] = await db()
      .insert(groupPlanNotes)
      .values({ schoolId: f.school.id, noteCategoryId: c3.id, content: 'Gearchiveerd', dateArchived: NOW })
      .returning();
    if (!note) throw new Error('note not made');
    const model = modelOf([r1, c1, g1, c2, c3]);

    const removed = await call('teacher', 'DELETE', `/note_categories/${c1.id}/`);
    expect(removed.statusCode, removed.body).toBe(204);
    model.delete(c1.id);
    model.delete(g1.id);
    model.set(r1.id, [c2.id, c3.id]);
    expect(await stored(plan.id)).toEqual(rowsOf(model));
    const links = await db()
      .select()
      .from(pupilNoteCategoryLinks)
      .where(eq(pupilNoteCategoryLinks.noteCategoryId, g1.id));
    expect(links).toEqual([]);
    expect((await call('teacher', 'DELETE', `/note_categories/${c1.id}/`)).statusCode).toBe(404);

    // A category holding a note, even an archived one, or with one below it, stays.
    const before = await counts();
    for (const id of [c3.id, r1.id]) {
      const refused = await call('senco', 'DELETE', `/note_categories/${id}/`);
      expect([id, refused.statusCode, fieldErrors(refused.body)]).toEqual([
        id,
        400,
        { non_field_errors: [NOTE_CATEGORY_ERRORS.hasNotes] },
      ]);
    }
    expect(await counts()).toEqual(before);
    expect(await stored(plan.id)).toEqual(rowsOf(model));

    // Without the note, the whole tree can go.
    await db().delete(groupPlanNotes).where(eq(groupPlanNotes.id, note.id));
    expect((await call('senco', 'DELETE', `/note_categories/${c2.id}/`)).statusCode).toBe(204);
    model.delete(c2.id);
    model.set(r1.id, [c3.id]);
    expect(await stored(plan.id)).toEqual(rowsOf(model));
    expect((await call('senco', 'DELETE', `/note_categories/${r1.id}/`)).statusCode).toBe(204);
    expect(await stored(plan.id)).toEqual([]);
  });

  it('answers reads and writes by role and tenant; refused writes change nothing', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const [root, child] = await treeIn(plan, [{ layer: 'GROUP', children: [{ layer: 'GROUP' }] }]);
    const [ownRoot] = await treeIn(null, [{ layer: 'PUPIL' }]);
    const otherPlan = await createGroupPlan(db(), { schoolId: f.other.id });
    const [otherCategory] = await treeIn(otherPlan, [{ layer: 'GROUP' }]);
    if (!root || !child || !ownRoot || !otherCategory) throw new Error('tree not made');

    const reads: [Who, number, number][] = [
      ['superuser', 200, 200],
      ['senco', 200, 200],
      ['teacher', 200, 200],
      ['otherTeacher', 404, 200],
      ['restricted', 403, 403],
      ['outsider', 404, 404],
      ['demo', 200, 200],
      ['impersonated', 200, 200],
    ];
    for (const [who, planStatus, ownStatus] of reads) {
      const inPlan = await call(who, 'GET', `/note_categories/?group_plan_id=${plan.id}`);
      const inOwn = await call(who, 'GET', `/note_categories/?school_id=${f.school.id}`);
      expect([who, inPlan.statusCode, inOwn.statusCode]).toEqual([who, planStatus, ownStatus]);
    }
    const misc: [Who, string, number][] = [
      ['outsider', `group_plan_id=${otherPlan.id}`, 200],
      ['superuser', `group_plan_id=${otherPlan.id}`, 404],
      ['superuser', `group_plan_id=${plan.id}&school_id=${f.other.id}`, 404],
      ['superuser', `group_plan_id=2147483647`, 404],
      ['teacher', `group_plan_id=${plan.id}&pupil=${getOf(f.pupilsB[0], 'B0').id}`, 404],
      ['superuser', `school_id=${f.school.id}&pupil=${f.otherPupil.id}`, 404],
      ['superuser', '', 400],
      ['superuser', `group_plan_id=${plan.id}&layer=FOO`, 400],
      ['superuser', `group_plan_id=${plan.id}&parent=nul`, 400],
      ['superuser', `group_plan_id=${plan.id}&include[]=everything`, 400],
      ['superuser', `group_plan_id=${plan.id}&distinct_by=id`, 400],
    ];
    for (const [who, query, status] of misc) {
      const response = await call(who, 'GET', `/note_categories/?${query}`);
      expect([who, query, response.statusCode]).toEqual([who, query, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/note_categories/?group_plan_id=${plan.id}`),
    });
    expect(anonymous.statusCode).toBe(401);

    const before = await counts();
    const treeBefore = await stored(plan.id);
    const create = { group_plan_id: plan.id, layer: 'GROUP', name: 'Nieuw' };
    const createOwn = { schoolId: f.school.id, layer: 'GROUP', name: 'Nieuw' };
    const refused: [Who, Method, string, object | undefined, number][] = [];
    for (const [who, status] of [
      ['otherTeacher', 404],
      ['outsider', 404],
      ['restricted', 403],
      ['demo', 403],
      ['impersonated', 403],
    ] as const) {
      refused.push(
        [who, 'POST', '/note_categories/', create, status],
        [who, 'PATCH', `/note_categories/${child.id}/`, { position: 0, name: 'X' }, status],
        [who, 'DELETE', `/note_categories/${child.id}/`, undefined, status],
      );
    }
    // The school's own list is changed by superusers only.
    for (const who of ['teacher', 'senco', 'otherTeacher'] as const) {
      refused.push(
        [who, 'POST', '/note_categories/', createOwn, 403],
        [who, 'PATCH', `/note_categories/${ownRoot.id}/`, { name: 'X' }, 403],
        [who, 'DELETE', `/note_categories/${ownRoot.id}/`, undefined, 403],
      );
    }
    refused.push(
      ['outsider', 'POST', '/note_categories/', createOwn, 404],
      ['demo', 'POST', '/note_categories/', createOwn, 403],
      ['superuser', 'POST', '/note_categories/', { ...create, group_plan_id: otherPlan.id }, 404],
      ['superuser', 'POST', '/note_categories/', { ...create, group_plan_id: 2147483647 }, 404],
      ['superuser', 'PATCH', '/note_categories/2147483647/', { name: 'X' }, 404],
      ['superuser', 'DELETE', '/note_categories/2147483647/', undefined, 404],
      ['superuser', 'DELETE', `/note_categories/${otherCategory.id}/`, undefined, 404],
      ['superuser', 'PATCH', `/note_categories/${otherCategory.id}/`, { name: 'X' }, 404],
    );
    for (const [who, method, url, payload, status] of refused) {
      const response = await call(who, method, url, payload);
      expect([who, method, url, response.statusCode]).toEqual([who, method, url, status]);
    }
    const anonymousWrite = await t.app.inject({
      method: 'POST',
      url: api('/note_categories/'),
      payload: create,
    });
    expect(anonymousWrite.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await stored(plan.id)).toEqual(treeBefore);

    // Those allowed.
    await post('teacher', create);
    await post('senco', { ...create, group_plan_id: (await planOf(f.groupB.id)).id });
    await post('superuser', createOwn);
    expect((await patch('superuser', ownRoot.id, { name: 'Eigen' })).statusCode).toBe(200);
    expect((await patch('teacher', child.id, { parent_note_category_id: null })).statusCode).toBe(200);
  });

  it('refuses bad input per field and changes nothing', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const sibling = await planOf(f.groupA.id);
    const otherPlan = await createGroupPlan(db(), { schoolId: f.other.id });
    const [root, child, grandchild, instruction] = await treeIn(plan, [
      { layer: 'GROUP', children: [{ layer: 'GROUP', children: [{ layer: 'GROUP' }] }] },
      { layer: 'INSTRUCTION' },
    ]);
    const [elsewhere] = await treeIn(sibling, [{ layer: 'GROUP' }]);
    const [own] = await treeIn(null, [{ layer: 'GROUP' }]);
    if (!root || !child || !grandchild || !instruction || !elsewhere || !own)
      throw new Error('tree not made');

    const before = await counts();
    const treeBefore = await stored(plan.id);
    const body = { group_plan_id: plan.id, layer: 'GROUP', name: 'Goed' };
    const E = NOTE_CATEGORY_ERRORS;
    const cases: [Who, Method, string, object, Record<string, string[]> | string][] = [
      ['teacher', 'POST', '/', { ...body, name: '' }, { name: [E.required] }],
      ['teacher', 'POST', '/', { ...body, name: '   ' }, { name: [E.required] }],
      [
        'teacher',
        'POST',
        '/',
        { ...body, name: 'x'.repeat(NOTE_CATEGORY_NAME_MAX + 1) },
        { name: [E.nameTooLong] },
      ],
      ['teacher', 'POST', '/', { group_plan_id: plan.id, layer: 'GROUP' }, { name: [E.required] }],
      ['teacher', 'POST', '/', { ...body, layer: 'FAMILY' }, { layer: [E.layer] }],
      ['teacher', 'POST', '/', { group_plan_id: plan.id, name: 'Goed' }, { layer: [E.required] }],
      ['teacher', 'POST', '/', { ...body, position: -1 }, 'position'],
      ['teacher', 'POST', '/', { ...body, position: 1.5 }, 'position'],
      ['teacher', 'POST', '/', { layer: 'GROUP', name: 'Goed' }, { group_plan_id: [E.scopeRequired] }],
      [
        'teacher',
        'POST',
        '/',
        { ...body, parent_note_category_id: instruction.id },
        { parent_note_category_id: [E.parentLayer] },
      ],
      [
        'teacher',
        'POST',
        '/',
        { ...body, parent_note_category_id: elsewhere.id },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
      [
        'teacher',
        'POST',
        '/',
        { ...body, parent_note_category_id: own.id },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
      [
        'teacher',
        'POST',
        '/',
        { ...body, parent_note_category_id: 2147483647 },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
      [
        'superuser',
        'POST',
        '/',
        { ...body, schoolId: f.school.id, group_plan_id: otherPlan.id },
        { group_plan_id: [E.planOfOtherSchool] },
      ],
      [
        'superuser',
        'POST',
        '/',
        { ...body, schoolId: f.school.id, group_plan_id: 2147483647 },
        { group_plan_id: [E.planOfOtherSchool] },
      ],
      [
        'superuser',
        'POST',
        '/',
        { name: 'Goed', layer: 'GROUP', schoolId: f.school.id, parent_note_category_id: root.id },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
      ['teacher', 'PATCH', `/${child.id}/`, {}, { non_field_errors: [E.nothingToChange] }],
      ['teacher', 'PATCH', `/${child.id}/`, { name: '' }, { name: [E.required] }],
      ['teacher', 'PATCH', `/${child.id}/`, { position: -3 }, 'position'],
      ['teacher', 'PATCH', `/${child.id}/`, { is_archived: 'yes' }, 'is_archived'],
      [
        'teacher',
        'PATCH',
        `/${child.id}/`,
        { parent_note_category_id: child.id },
        { parent_note_category_id: [E.cycle] },
      ],
      [
        'teacher',
        'PATCH',
        `/${root.id}/`,
        { parent_note_category_id: grandchild.id },
        { parent_note_category_id: [E.cycle] },
      ],
      [
        'teacher',
        'PATCH',
        `/${child.id}/`,
        { parent_note_category_id: instruction.id },
        { parent_note_category_id: [E.parentLayer] },
      ],
      [
        'teacher',
        'PATCH',
        `/${child.id}/`,
        { parent_note_category_id: elsewhere.id, position: 0 },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
      [
        'teacher',
        'PATCH',
        `/${child.id}/`,
        { parent_note_category_id: 2147483647 },
        { parent_note_category_id: [E.parentElsewhere] },
      ],
    ];
    for (const [who, method, path, payload, want] of cases) {
      const response = await call(who, method, `/note_categories${path}`, payload);
      const label = [method, JSON.stringify(payload)];
      expect([...label, response.statusCode]).toEqual([...label, 400]);
      const errors = fieldErrors(response.body);
      if (typeof want === 'string') expect([...label, Object.keys(errors)]).toEqual([...label, [want]]);
      else expect([...label, errors]).toEqual([...label, want]);
    }
    expect(await counts()).toEqual(before);
    expect(await stored(plan.id)).toEqual(treeBefore);
  });

  it('keeps positions dense and the tree whole when changes arrive at once', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const creations = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call('senco', 'POST', '/note_categories/', {
          group_plan_id: plan.id,
          layer: 'GROUP',
          name: `N${index}`,
          position: 0,
        }),
      ),
    );
    expect(creations.map((response) => response.statusCode)).toEqual(creations.map(() => 201));
    const roots = await stored(plan.id);
    expect(roots.map((row) => row.parentId)).toEqual(roots.map(() => null));
    expect(roots.map((row) => row.position).sort((a, b) => a - b)).toEqual(roots.map((_row, index) => index));

    // Two siblings hung under each other at once: one wins, the other would be a cycle.
    const [a, b] = roots;
    if (!a || !b) throw new Error('no roots');
    const crossed = await Promise.all([
      patch('senco', a.id, { parent_note_category_id: b.id }),
      patch('senco', b.id, { parent_note_category_id: a.id }),
    ]);
    expect(crossed.map((response) => response.statusCode).sort()).toEqual([200, 400]);

    // Many moves at once: every answer is a success or a refused cycle, and the tree stays a dense forest.
    const ids = roots.map((row) => row.id);
    const next = random(7);
    const moves = await Promise.all(
      Array.from({ length: 24 }, () => {
        const id = getOf(ids[next(ids.length)], 'id');
        const parent = next(4) === 0 ? null : getOf(ids[next(ids.length)], 'parent');
        return patch('senco', id, { parent_note_category_id: parent, position: next(4) });
      }),
    );
    for (const response of moves) {
      if (response.statusCode === 200) continue;
      expect([response.statusCode, fieldErrors(response.body)]).toEqual([
        400,
        { parent_note_category_id: [NOTE_CATEGORY_ERRORS.cycle] },
      ]);
    }
    expect(moves.filter((response) => response.statusCode === 200).length).toBeGreaterThan(0);
    const rows = await stored(plan.id);
    const byParent = new Map<number | null, number[]>();
    for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row.position]);
    for (const positions of byParent.values())
      expect(positions.sort((x, y) => x - y)).toEqual(positions.map((_p, index) => index));
    // Every category reaches a root (no cycle, nothing lost).
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    for (const row of rows) {
      let steps = 0;
      for (let at: number | null = row.id; at !== null; at = parentOf.get(at) ?? null) steps += 1;
      expect(steps).toBeLessThanOrEqual(rows.length);
    }
    expect(rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('audits reads and writes as pupil data of the school', async () => {
    t.clock.now = NOW;
    const plan = await planOf(f.groupA.id);
    const rows = (action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            eq(auditLog.actorUserId, f.users.teacher.id),
            like(auditLog.entity, '%note_categories%'),
          ),
        );
    const writes = (await rows('pupil_data.write')).length;
    const reads = (await rows('pupil_data.read')).length;
    await post('teacher', { group_plan_id: plan.id, layer: 'GROUP', name: 'Geaudit' });
    await list('teacher', `group_plan_id=${plan.id}`);
    await expect.poll(async () => (await rows('pupil_data.write')).length).toBe(writes + 1);
    await expect.poll(async () => (await rows('pupil_data.read')).length).toBe(reads + 1);
    expect((await rows('pupil_data.write')).at(-1)?.schoolId).toBe(f.school.id);
    expect((await rows('pupil_data.read')).at(-1)?.schoolId).toBe(f.school.id);
  });
});
