import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVALUATION_MAX,
  GROUP_PLAN_ERRORS,
  groupPlanListSchema,
  groupPlanSchema,
  groupPlanTemplateSchema,
  recentPlanListSchema,
  type GroupPlan,
  type NoteLayer,
} from '@leerzicht/contract';
import {
  auditLog,
  groupPlanNotes,
  groupPlanTemplates,
  groupPlans,
  noteCategories,
  pupilNoteCategoryLinks,
  yearClassPupils,
} from '../../src/db/schema/index';
import type { SchoolAccess } from '../../src/platform/access/index';
import { canUsePlan, mayUseGroupPlans } from '../../src/modules/group-plans/policy';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import {
  addMember,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
  type Pupil,
} from '../helpers/factories';
import { createGroupPlan, createNoteCategoryTree, type NoteCategory } from '../helpers/plan-factories';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';

/*
 * Group plans: made empty, from a template or copied from an earlier plan (deep and independent), changed
 * (name, period, evaluation with its 5000-character rule) and deleted with everything in them; the recent plans
 * to continue from; the role and tenant matrix; refused and bad requests changing nothing. Expected trees, notes
 * and placements are computed from the rows each test inserts.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
const LATER = new Date('2026-03-01T10:05:00Z');
const MINUTE = 60_000;
const { RW, SP, TBL, DMT } = SUBJECT_IDS;

type Who = keyof CareTokens;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type PlanRow = typeof groupPlans.$inferSelect;

/** A plan's categories as a tree of what a copy keeps (no ids), siblings by position then id. */
interface Shape {
  name: string;
  layer: NoteLayer;
  position: number;
  isArchived: boolean;
  children: Shape[];
}
function shapeOf(rows: readonly NoteCategory[], parent: number | null = null): Shape[] {
  return rows
    .filter((row) => row.parentNoteCategoryId === parent)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((row) => ({
      name: row.name,
      layer: row.layer,
      position: row.position,
      isArchived: row.isArchived,
      children: shapeOf(rows, row.id),
    }));
}

/** Each category's path of names from its root ("A/B/C"): the key that matches a copy to its source. */
function pathsOf(rows: readonly NoteCategory[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path = (row: NoteCategory): string => {
    const parent = row.parentNoteCategoryId === null ? undefined : byId.get(row.parentNoteCategoryId);
    return parent ? `${path(parent)}/${row.name}` : row.name;
  };
  return new Map(rows.map((row) => [row.id, path(row)]));
}

describe('group plans', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const db = () => t.database.db;
  const call = (who: Who, method: Method, url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const pupilA = (index: number) => getOf(f.pupilsA[index], `pupil A${index}`);
  const nameOf = (who: keyof CareSchool['users']) => `${f.users[who].firstName} ${f.users[who].lastName}`;

  const counts = async () => {
    const { audit_log: _audit, ...rest } = await rowCounts(db());
    return rest;
  };
  const categoriesOf = (planId: number) =>
    db()
      .select()
      .from(noteCategories)
      .where(eq(noteCategories.groupPlanId, planId))
      .orderBy(asc(noteCategories.id));
  const planRow = async (id: number): Promise<PlanRow | null> =>
    (await db().select().from(groupPlans).where(eq(groupPlans.id, id)))[0] ?? null;

  /** The notes of a plan as a copy keeps them: category path, content, pupil, author. */
  async function notesOf(planId: number) {
    const categories = await categoriesOf(planId);
    const paths = pathsOf(categories);
    const rows = await db()
      .select()
      .from(groupPlanNotes)
      .where(inArray(groupPlanNotes.noteCategoryId, [0, ...categories.map((c) => c.id)]));
    return rows
      .map((row) => ({
        path: paths.get(row.noteCategoryId),
        content: row.content,
        pupilId: row.pupilId,
        authorId: row.authorId,
        archived: row.dateArchived !== null,
      }))
      .sort((a, b) => `${a.path}|${a.content}`.localeCompare(`${b.path}|${b.content}`));
  }

  /** The placed pupils of a plan: category path, pupil, position; by path then position. */
  async function linksOfPlan(planId: number) {
    const categories = await categoriesOf(planId);
    const paths = pathsOf(categories);
    const rows = await db()
      .select()
      .from(pupilNoteCategoryLinks)
      .where(inArray(pupilNoteCategoryLinks.noteCategoryId, [0, ...categories.map((c) => c.id)]));
    return rows
      .map((row) => ({
        path: paths.get(row.noteCategoryId) ?? '?',
        pupilId: row.pupilId,
        position: row.position,
      }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.position - b.position);
  }

  async function snapshot(planId: number) {
    return {
      plan: await planRow(planId),
      shape: shapeOf(await categoriesOf(planId)),
      notes: await notesOf(planId),
      links: await linksOfPlan(planId),
    };
  }

  async function create(who: Who, body: object): Promise<GroupPlan> {
    const response = await call(who, 'POST', '/group_plans/', body);
    expect(response.statusCode, response.body).toBe(201);
    return groupPlanSchema.parse(response.json());
  }

  async function insertTemplate(values: Partial<typeof groupPlanTemplates.$inferInsert> & { name: string }) {
    const [row] = await db()
      .insert(groupPlanTemplates)
      .values({ schoolId: values.isSystem ? null : f.school.id, isPublished: true, ...values })
      .returning();
    if (!row) throw new Error('template not inserted');
    return row;
  }

  async function addNote(values: typeof groupPlanNotes.$inferInsert) {
    const [row] = await db().insert(groupPlanNotes).values(values).returning();
    if (!row) throw new Error('note not inserted');
    return row;
  }

  async function place(category: NoteCategory, pupil: Pupil, position: number) {
    await db()
      .insert(pupilNoteCategoryLinks)
      .values({ schoolId: category.schoolId, noteCategoryId: category.id, pupilId: pupil.id, position });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('makes empty plans and lists a group’s plans, of a subject if asked, newest first', async () => {
    const made: GroupPlan[] = [];
    const steps: [Who, number, number][] = [
      ['teacher', RW, 0],
      ['senco', SP, 1],
      ['superuser', RW, 2],
    ];
    for (const [who, subject, minutes] of steps) {
      t.clock.now = new Date(NOW.getTime() + minutes * MINUTE);
      const plan = await create(who, {
        name: `Plan ${minutes}`,
        subject_id: subject,
        yearclass_id: f.groupA.id,
        startDate: '2025-09-01',
        endDate: '2026-01-31',
      });
      expect(plan).toEqual({
        id: expect.any(Number),
        name: `Plan ${minutes}`,
        subject_id: subject,
        yearclass_id: f.groupA.id,
        group_plan_id: null,
        startDate: '2025-09-01',
        endDate: '2026-01-31',
        evaluation: '',
        userName: nameOf(who as keyof CareSchool['users']),
        dateCreated: t.clock.now.toISOString(),
        dateChanged: t.clock.now.toISOString(),
      });
      expect(await categoriesOf(plan.id)).toEqual([]);
      made.push(plan);
    }
    // One of group B, which the list of group A leaves out.
    await create('otherTeacher', { name: 'B', subject_id: RW, yearclass_id: f.groupB.id });
    t.clock.now = NOW;

    const list = async (query: string) => {
      const response = await call('teacher', 'GET', `/group_plans/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const ours = new Set(made.map((plan) => plan.id));
      return groupPlanListSchema.parse(response.json()).filter((plan) => ours.has(plan.id));
    };
    const newestFirst = [...made].reverse();
    expect(await list(`yearclass_id=${f.groupA.id}`)).toEqual(newestFirst);
    expect(await list(`yearclass_id=${f.groupA.id}&subject_id=${RW}`)).toEqual(
      newestFirst.filter((plan) => plan.subject_id === RW),
    );
    expect(await list(`yearclass_id=${f.groupA.id}&subject_id=${TBL}`)).toEqual([]);
    const all = groupPlanListSchema.parse(
      (await call('senco', 'GET', `/group_plans/?yearclass_id=${f.groupA.id}`)).json(),
    );
    expect(all.every((plan) => plan.yearclass_id === f.groupA.id)).toBe(true);
  });

  it('starts a plan from a template: its tree becomes the plan’s categories, positions 0 … n-1', async () => {
    t.clock.now = NOW;
    const tree = [
      {
        name: 'Groepsdoelen',
        layer: 'GROUP',
        children: [
          { name: 'Rekenen', layer: 'GROUP' },
          { name: 'Taal', layer: 'GROUP' },
        ],
      },
      {
        name: 'Verrijkt',
        layer: 'INSTRUCTION',
        children: [
          { name: 'Doelen', layer: 'INSTRUCTION', children: [{ name: 'Week 1', layer: 'INSTRUCTION' }] },
          { name: 'Aanpak', layer: 'INSTRUCTION' },
        ],
      },
      { name: 'Basis', layer: 'INSTRUCTION' },
    ] as const;
    type In = { name: string; layer: NoteLayer; children?: readonly In[] };
    const expectedShape = (nodes: readonly In[]): Shape[] =>
      nodes.map((node, position) => ({
        name: node.name,
        layer: node.layer,
        position,
        isArchived: false,
        children: expectedShape(node.children ?? []),
      }));
    const response = await call('superuser', 'POST', '/group_plan_templates/', {
      name: 'Rekenen groep 5',
      school_id: f.school.id,
      is_published: true,
      allowed_subjects: [RW],
      allowed_grades: [5],
      content: { categories: tree },
    });
    expect(response.statusCode, response.body).toBe(201);
    const template = groupPlanTemplateSchema.parse(response.json());

    const plan = await create('teacher', {
      name: 'Rekenen periode 1',
      subject_id: RW,
      yearclass_id: f.groupA.id,
      templateId: template.id,
    });
    expect(plan.group_plan_id).toBe(template.id);
    const rows = await categoriesOf(plan.id);
    expect(shapeOf(rows)).toEqual(expectedShape(tree));
    expect(rows).toHaveLength(8);
    for (const row of rows)
      expect(row).toMatchObject({
        schoolId: f.school.id,
        groupPlanId: plan.id,
        createdBy: f.users.teacher.id,
      });

    // The plan is a copy: changing the template afterwards leaves it as it was.
    const changed = await call('superuser', 'PATCH', `/group_plan_templates/${template.id}/`, {
      content: { categories: [{ name: 'Anders', layer: 'GROUP' }] },
    });
    expect(changed.statusCode).toBe(200);
    expect(shapeOf(await categoriesOf(plan.id))).toEqual(expectedShape(tree));

    // A system template, stored as the demo data stores them (with a pupil layer, without empty children).
    const system = await insertTemplate({
      name: 'Systeem',
      isSystem: true,
      allowedGrades: [5, 6],
      content: {
        categories: [
          { name: 'Groep', layer: 'GROUP' },
          { name: 'Leerlingen', layer: 'PUPIL', children: [{ name: 'Extra', layer: 'PUPIL' }] },
        ],
      },
    });
    const fromSystem = await create('teacher', {
      name: 'Spelling',
      subject_id: SP,
      yearclass_id: f.groupA.id,
      templateId: system.id,
    });
    expect(fromSystem.group_plan_id).toBe(system.id);
    expect(shapeOf(await categoriesOf(fromSystem.id))).toEqual(
      expectedShape([
        { name: 'Groep', layer: 'GROUP' },
        { name: 'Leerlingen', layer: 'PUPIL', children: [{ name: 'Extra', layer: 'PUPIL' }] },
      ]),
    );

    // A school's unpublished template: its superusers may start from it, teachers do not know it.
    const draft = await insertTemplate({
      name: 'Concept',
      isPublished: false,
      content: { categories: [{ name: 'X', layer: 'GROUP' }] },
    });
    const body = { name: 'Uit concept', subject_id: RW, yearclass_id: f.groupA.id, templateId: draft.id };
    const refused = await call('teacher', 'POST', '/group_plans/', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { templateId: [GROUP_PLAN_ERRORS.unknownTemplate] } });
    const mine = await create('superuser', body);
    expect(shapeOf(await categoriesOf(mine.id))).toEqual(expectedShape([{ name: 'X', layer: 'GROUP' }]));
  });

  it('copies an earlier plan deeply and independently, with live notes and the new group’s pupils', async () => {
    t.clock.now = NOW;
    // Last year's group: pupil A0 (already in it), A1 (enrolled here too) and one who has left the school.
    await db()
      .insert(yearClassPupils)
      .values({ schoolId: f.school.id, yearClassId: f.groupOld.id, pupilId: pupilA(1).id, grade: 4 });
    const left = await createPupil(
      db(),
      f.school.id,
      { firstName: 'Lotte', lastName: 'Vertrokken' },
      { yearClassId: f.groupOld.id, grade: 4 },
    );
    const template = await insertTemplate({ name: 'Oorsprong' });
    const source = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupOld.id,
      subjectId: RW,
      templateId: template.id,
      evaluation: 'Goed gegaan.',
    });
    const { all } = await createNoteCategoryTree(
      db(),
      [
        { layer: 'GROUP', children: [{ layer: 'GROUP' }, { layer: 'GROUP', isArchived: true }] },
        {
          layer: 'INSTRUCTION',
          children: [
            { layer: 'INSTRUCTION', children: [{ layer: 'INSTRUCTION' }] },
            { layer: 'INSTRUCTION' },
          ],
        },
        { layer: 'PUPIL' },
      ],
      { groupPlanId: source.id, createdBy: f.users.senco.id },
    );
    const [group, goals, archived, instruction, inner, innermost, other, pupils] = all;
    if (!group || !goals || !archived || !instruction || !inner || !innermost || !other || !pupils)
      throw new Error('tree not created');
    // Positions that are not 0 … n-1: a copy keeps them as they are.
    await db().update(noteCategories).set({ position: 3 }).where(eq(noteCategories.id, inner.id));
    await db().update(noteCategories).set({ position: 7 }).where(eq(noteCategories.id, other.id));
    const note = (
      category: NoteCategory,
      content: string,
      extra: Partial<typeof groupPlanNotes.$inferInsert> = {},
    ) =>
      addNote({
        schoolId: f.school.id,
        noteCategoryId: category.id,
        content,
        authorId: f.users.senco.id,
        ...extra,
      });
    const first = await note(group, 'Groepsdoel');
    await note(archived, 'In een gearchiveerde categorie');
    await note(inner, 'Gearchiveerde notitie', { dateArchived: NOW });
    await note(pupils, 'Over A0', { pupilId: pupilA(0).id });
    await note(pupils, 'Over wie vertrok', { pupilId: left.id });
    const byColleague = await note(innermost, 'Van een collega', { authorId: f.users.otherTeacher.id });
    await place(inner, left, 0);
    await place(inner, pupilA(0), 1);
    await place(inner, pupilA(1), 2);
    await place(pupils, pupilA(1), 0);
    await place(pupils, left, 1);

    const sourceBefore = await snapshot(source.id);
    const inGroupA = new Set(f.pupilsA.map((pupil) => pupil.id));
    // Teachers of the new group do not read last year's group, and so cannot copy its plan.
    const body = {
      name: 'Rekenen vervolg',
      subject_id: RW,
      yearclass_id: f.groupA.id,
      fromPlanId: source.id,
    };
    const before = await counts();
    expect((await call('teacher', 'POST', '/group_plans/', body)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    t.clock.now = LATER;
    const copy = await create('senco', body);
    t.clock.now = NOW;
    expect(copy).toMatchObject({
      yearclass_id: f.groupA.id,
      subject_id: RW,
      group_plan_id: template.id,
      evaluation: '',
    });

    // Node by node the same tree (names, layers, positions, archived), in new rows of the new plan.
    const copied = await categoriesOf(copy.id);
    expect(shapeOf(copied)).toEqual(sourceBefore.shape);
    expect(copied).toHaveLength(all.length);
    const sourceIds = new Set(all.map((category) => category.id));
    for (const row of copied) {
      expect(sourceIds.has(row.id)).toBe(false);
      expect(row).toMatchObject({ schoolId: f.school.id, groupPlanId: copy.id });
    }
    // The notes that are not archived, except those about a pupil outside the new group; authors kept.
    const expectedNotes = sourceBefore.notes.filter(
      (n) => !n.archived && (n.pupilId === null || inGroupA.has(n.pupilId)),
    );
    expect(await notesOf(copy.id)).toEqual(expectedNotes);
    expect(expectedNotes.map((n) => n.content).sort()).toEqual(
      ['Groepsdoel', 'In een gearchiveerde categorie', 'Over A0', 'Van een collega'].sort(),
    );
    expect(expectedNotes.find((n) => n.content === byColleague.content)?.authorId).toBe(
      f.users.otherTeacher.id,
    );
    // The pupils of the new group stay placed, in their order, closing ranks.
    const expectedLinks = [...new Set(sourceBefore.links.map((link) => link.path))].flatMap((path) =>
      sourceBefore.links
        .filter((link) => link.path === path && inGroupA.has(link.pupilId))
        .map((link, position) => ({ path, pupilId: link.pupilId, position })),
    );
    expect(await linksOfPlan(copy.id)).toEqual(expectedLinks);
    expect(expectedLinks).toHaveLength(3);

    // Independent: changing the source leaves the copy, changing the copy leaves the source.
    const copyBefore = await snapshot(copy.id);
    await db().update(noteCategories).set({ name: 'Hernoemd' }).where(eq(noteCategories.id, group.id));
    await db().update(noteCategories).set({ isArchived: true }).where(eq(noteCategories.id, other.id));
    await db().delete(groupPlanNotes).where(eq(groupPlanNotes.id, first.id));
    await db()
      .update(groupPlanNotes)
      .set({ content: 'Veranderd' })
      .where(eq(groupPlanNotes.id, byColleague.id));
    await place(inner, pupilA(2), 3);
    await db()
      .delete(pupilNoteCategoryLinks)
      .where(
        and(
          eq(pupilNoteCategoryLinks.noteCategoryId, pupils.id),
          eq(pupilNoteCategoryLinks.pupilId, pupilA(1).id),
        ),
      );
    const sourceChanged = await snapshot(source.id);
    expect(sourceChanged).not.toEqual(sourceBefore);
    expect(await snapshot(copy.id)).toEqual(copyBefore);

    const copiedRoot = getOf(
      copied.find((row) => row.parentNoteCategoryId === null && row.layer === 'GROUP'),
      'copied root',
    );
    await db()
      .update(noteCategories)
      .set({ name: 'Ook hernoemd' })
      .where(eq(noteCategories.id, copiedRoot.id));
    await db()
      .delete(groupPlanNotes)
      .where(
        inArray(
          groupPlanNotes.noteCategoryId,
          copied.map((row) => row.id),
        ),
      );
    const patched = await call('senco', 'PATCH', `/group_plans/${copy.id}/`, { evaluation: 'Nieuw' });
    expect(patched.statusCode).toBe(200);
    expect(await snapshot(source.id)).toEqual(sourceChanged);

    // Deleting the source leaves the copy whole.
    const copyNow = await snapshot(copy.id);
    expect((await call('superuser', 'DELETE', `/group_plans/${source.id}/`)).statusCode).toBe(204);
    expect(await snapshot(copy.id)).toEqual(copyNow);
  });

  it('refuses templates not meant for the subject or grade, unknown ones and other plans, per field', async () => {
    t.clock.now = NOW;
    const sp = await insertTemplate({ name: 'Spelling', allowedSubjects: [SP] });
    const grade6 = await insertTemplate({ name: 'Groep 6', allowedGrades: [6] });
    const neither = await insertTemplate({ name: 'Niets', allowedSubjects: [TBL], allowedGrades: [7, 8] });
    const draftSystem = await insertTemplate({ name: 'Systeemconcept', isSystem: true, isPublished: false });
    const elsewhere = await insertTemplate({ name: 'Elders', schoolId: f.other.id });
    const otherSchoolPlan = await createGroupPlan(db(), { schoolId: f.other.id, subjectId: RW });
    const spellingPlan = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupA.id,
      subjectId: SP,
    });
    const base = { name: 'Plan', subject_id: RW, yearclass_id: f.groupA.id };
    const cases: [object, Record<string, string[]>][] = [
      [{ templateId: sp.id }, { templateId: [GROUP_PLAN_ERRORS.templateSubject] }],
      [{ templateId: grade6.id }, { templateId: [GROUP_PLAN_ERRORS.templateGrade] }],
      [
        { templateId: neither.id },
        { templateId: [GROUP_PLAN_ERRORS.templateSubject, GROUP_PLAN_ERRORS.templateGrade] },
      ],
      [{ templateId: draftSystem.id }, { templateId: [GROUP_PLAN_ERRORS.unknownTemplate] }],
      [{ templateId: elsewhere.id }, { templateId: [GROUP_PLAN_ERRORS.unknownTemplate] }],
      [{ templateId: 2147483647 }, { templateId: [GROUP_PLAN_ERRORS.unknownTemplate] }],
      [{ fromPlanId: otherSchoolPlan.id }, { fromPlanId: [GROUP_PLAN_ERRORS.unknownPlan] }],
      [{ fromPlanId: 2147483647 }, { fromPlanId: [GROUP_PLAN_ERRORS.unknownPlan] }],
      [{ fromPlanId: spellingPlan.id }, { fromPlanId: [GROUP_PLAN_ERRORS.planSubject] }],
      [
        { subject_id: 999_999, templateId: sp.id },
        { subject_id: [GROUP_PLAN_ERRORS.unknownSubject], templateId: [GROUP_PLAN_ERRORS.templateSubject] },
      ],
    ];
    const before = await counts();
    for (const [extra, errors] of cases) {
      const response = await call('teacher', 'POST', '/group_plans/', { ...base, ...extra });
      expect([extra, response.statusCode]).toEqual([extra, 400]);
      expect([extra, response.json<{ errors: object }>().errors]).toEqual([extra, errors]);
    }
    expect(await counts()).toEqual(before);
    // The staff's own draft system template is as unknown to a school's superuser.
    const superuser = await call('superuser', 'POST', '/group_plans/', {
      ...base,
      templateId: draftSystem.id,
    });
    expect(superuser.statusCode).toBe(400);
    // What fits is taken: a grade-6 template for group B (grade 6).
    const fits = await create('otherTeacher', { ...base, yearclass_id: f.groupB.id, templateId: grade6.id });
    expect(fits.group_plan_id).toBe(grade6.id);
  });

  it('changes name, period and evaluation, refusing bad bodies per field and changing nothing', async () => {
    t.clock.now = NOW;
    const plan = await create('teacher', {
      name: 'Periode 2',
      subject_id: RW,
      yearclass_id: f.groupA.id,
      startDate: '2026-02-01',
      endDate: '2026-06-30',
    });
    const base = { name: 'Plan', subject_id: RW, yearclass_id: f.groupA.id };
    const post: [object, string, string | undefined][] = [
      [{ ...base, name: '' }, 'name', GROUP_PLAN_ERRORS.required],
      [{ subject_id: RW, yearclass_id: f.groupA.id }, 'name', GROUP_PLAN_ERRORS.required],
      [{ ...base, name: 'x'.repeat(201) }, 'name', undefined],
      [{ ...base, subject_id: 999_999 }, 'subject_id', GROUP_PLAN_ERRORS.unknownSubject],
      [{ ...base, subject_id: 'RW' }, 'subject_id', undefined],
      [{ ...base, startDate: '2026-02-30' }, 'startDate', GROUP_PLAN_ERRORS.date],
      [{ ...base, startDate: '0001-01-01' }, 'startDate', GROUP_PLAN_ERRORS.date],
      [
        { ...base, startDate: '2026-03-01', endDate: '2026-02-28' },
        'endDate',
        GROUP_PLAN_ERRORS.endBeforeStart,
      ],
      [{ ...base, templateId: 1, fromPlanId: plan.id }, 'fromPlanId', GROUP_PLAN_ERRORS.oneSource],
      [{ ...base, templateId: 0 }, 'templateId', undefined],
    ];
    const patch: [object, string, string | undefined][] = [
      [{}, 'non_field_errors', GROUP_PLAN_ERRORS.nothingToChange],
      [{ name: ' ' }, 'name', GROUP_PLAN_ERRORS.required],
      [
        { evaluation: 'x'.repeat(EVALUATION_MAX + 1) },
        'evaluation',
        'An evaluation can have at most 5000 characters',
      ],
      [{ evaluation: 'a\u0000b' }, 'evaluation', undefined],
      [{ startDate: '2026-07-01' }, 'startDate', GROUP_PLAN_ERRORS.endBeforeStart],
      [{ endDate: '2026-01-31' }, 'endDate', GROUP_PLAN_ERRORS.endBeforeStart],
      [{ startDate: '2026-05-01', endDate: '2026-04-30' }, 'endDate', GROUP_PLAN_ERRORS.endBeforeStart],
      [{ endDate: 'morgen' }, 'endDate', GROUP_PLAN_ERRORS.date],
    ];
    const before = await counts();
    const planBefore = await planRow(plan.id);
    const check = async (method: Method, url: string, cases: [object, string, string | undefined][]) => {
      for (const [payload, field, message] of cases) {
        const response = await call('teacher', method, url, payload);
        const label = [method, JSON.stringify(payload).slice(0, 100)];
        expect([...label, response.statusCode]).toEqual([...label, 400]);
        const errors = response.json<{ errors: Record<string, string[]> }>().errors;
        expect([...label, Object.keys(errors)]).toEqual([...label, [field]]);
        if (message !== undefined) expect(errors[field]).toEqual([message]);
      }
    };
    await check('POST', '/group_plans/', post);
    await check('PATCH', `/group_plans/${plan.id}/`, patch);
    expect(await counts()).toEqual(before);
    expect(await planRow(plan.id)).toEqual(planBefore);

    // The limit itself is allowed, lines and all; dates move and clear.
    t.clock.now = LATER;
    const evaluation = `${'x'.repeat(EVALUATION_MAX - 2)}\r\n`;
    const changes = [
      { evaluation },
      { name: 'Periode 2 (bijgesteld)', startDate: '2026-01-15' },
      { endDate: null },
      { startDate: '2026-12-01' },
    ];
    let want: GroupPlan = plan;
    for (const change of changes) {
      const response = await call('teacher', 'PATCH', `/group_plans/${plan.id}`, change);
      expect(response.statusCode, response.body).toBe(200);
      want = { ...want, ...change, dateChanged: LATER.toISOString() };
      expect(groupPlanSchema.parse(response.json())).toEqual(want);
    }
    expect(await planRow(plan.id)).toMatchObject({
      evaluation,
      name: 'Periode 2 (bijgesteld)',
      startDate: '2026-12-01',
      endDate: null,
      dateChanged: LATER,
    });
    expect(evaluation).toHaveLength(EVALUATION_MAX);
    t.clock.now = NOW;
  });

  it('answers reads and writes by role and tenant; refused writes change nothing', async () => {
    t.clock.now = NOW;
    const plan = await create('teacher', { name: 'Matrix', subject_id: RW, yearclass_id: f.groupA.id });
    const reads: [Who, number][] = [
      ['superuser', 200],
      ['senco', 200],
      ['teacher', 200],
      ['otherTeacher', 404],
      ['restricted', 403],
      ['outsider', 404],
      ['demo', 200],
      ['impersonated', 200],
    ];
    for (const [who, status] of reads) {
      const response = await call(who, 'GET', `/group_plans/?yearclass_id=${f.groupA.id}`);
      expect([who, response.statusCode]).toEqual([who, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/group_plans/?yearclass_id=${f.groupA.id}`),
    });
    expect(anonymous.statusCode).toBe(401);

    const before = await counts();
    const planBefore = await planRow(plan.id);
    const body = { name: 'Nieuw', subject_id: RW, yearclass_id: f.groupA.id };
    const refused: [Who, Method, string, object | undefined, number][] = [];
    for (const [who, status] of [
      ['otherTeacher', 404],
      ['outsider', 404],
      ['restricted', 403],
      ['demo', 403],
      ['impersonated', 403],
    ] as const) {
      refused.push(
        [who, 'POST', '/group_plans/', body, status],
        [who, 'PATCH', `/group_plans/${plan.id}/`, { name: 'Anders' }, status],
        [who, 'DELETE', `/group_plans/${plan.id}/`, undefined, status],
      );
    }
    refused.push(
      ['teacher', 'POST', '/group_plans/', { ...body, yearclass_id: f.groupB.id }, 404],
      ['teacher', 'POST', '/group_plans/', { ...body, yearclass_id: 2147483647 }, 404],
      ['superuser', 'PATCH', '/group_plans/2147483647/', { name: 'X' }, 404],
      ['superuser', 'DELETE', '/group_plans/2147483647/', undefined, 404],
    );
    for (const [who, method, url, payload, status] of refused) {
      const response = await call(who, method, url, payload);
      expect([who, method, url, response.statusCode]).toEqual([who, method, url, status]);
    }
    const anonymousWrite = await t.app.inject({ method: 'POST', url: api('/group_plans/'), payload: body });
    expect(anonymousWrite.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await planRow(plan.id)).toEqual(planBefore);

    // Those allowed: the group's teacher, sencos and superusers.
    for (const who of ['teacher', 'senco', 'superuser'] as const) {
      const response = await call(who, 'PATCH', `/group_plans/${plan.id}/`, { name: `Door ${who}` });
      expect([who, response.statusCode]).toEqual([who, 200]);
    }
    expect((await call('teacher', 'DELETE', `/group_plans/${plan.id}/`)).statusCode).toBe(204);
    expect(await planRow(plan.id)).toBeNull();
  });

  it('deletes a plan with its categories, notes and placed pupils, and nothing else', async () => {
    t.clock.now = NOW;
    const plans = [
      await createGroupPlan(db(), { schoolId: f.school.id, yearClassId: f.groupA.id, subjectId: RW }),
      await createGroupPlan(db(), { schoolId: f.school.id, yearClassId: f.groupA.id, subjectId: RW }),
    ];
    const filled = [];
    for (const plan of plans) {
      const { all } = await createNoteCategoryTree(
        db(),
        [{ layer: 'GROUP', children: [{ layer: 'INSTRUCTION' }] }, { layer: 'PUPIL' }],
        { groupPlanId: plan.id },
      );
      const [root, instruction, pupilCategory] = all;
      if (!root || !instruction || !pupilCategory) throw new Error('tree not created');
      await addNote({ schoolId: f.school.id, noteCategoryId: root.id, content: 'Groep' });
      await addNote({
        schoolId: f.school.id,
        noteCategoryId: pupilCategory.id,
        content: 'A0',
        pupilId: pupilA(0).id,
      });
      await place(instruction, pupilA(0), 0);
      await place(instruction, pupilA(1), 1);
      filled.push(await snapshot(plan.id));
    }
    const [gone, kept] = plans;
    if (!gone || !kept) throw new Error('plans not created');
    const before = await counts();
    expect((await call('senco', 'DELETE', `/group_plans/${gone.id}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({
      ...before,
      group_plans: (before.group_plans ?? 0) - 1,
      note_categories: (before.note_categories ?? 0) - 3,
      group_plan_notes: (before.group_plan_notes ?? 0) - 2,
      pupil_note_category_links: (before.pupil_note_category_links ?? 0) - 2,
    });
    expect(await snapshot(kept.id)).toEqual(filled[1]);
    expect((await call('senco', 'DELETE', `/group_plans/${gone.id}`)).statusCode).toBe(404);
  });

  it('answers the recent plans of a school or group for a subject, newest first, at most 10', async () => {
    // A school of its own, so that every plan of it is this test's.
    const school = await createSchool(db(), { name: 'Recente school' });
    const groupA = await createYearClass(db(), school.id, { name: 'Groep 5', grade: 5, calendarYear: 2025 });
    const groupB = await createYearClass(db(), school.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });
    const groupOld = await createYearClass(db(), school.id, {
      name: 'Groep 4',
      grade: 4,
      calendarYear: 2024,
    });
    const users = {
      teacher: await createUser(db(), { firstName: 'Tess', lastName: 'de Wit' }),
      otherTeacher: await createUser(db(), { firstName: 'Omar', lastName: 'Ouali' }),
      senco: await createUser(db(), { firstName: 'Iris', lastName: 'Bos' }),
      superuser: await createUser(db(), { firstName: 'Sam', lastName: 'Smit' }),
      restricted: await createUser(db(), { firstName: 'Rob', lastName: 'Rood', isRestricted: true }),
    };
    await addMember(db(), school.id, users.teacher.id);
    await addMember(db(), school.id, users.otherTeacher.id);
    await addMember(db(), school.id, users.senco.id, { isSenco: true });
    await addMember(db(), school.id, users.superuser.id, { isSchoolSuperuser: true });
    await addMember(db(), school.id, users.restricted.id);
    await permitGroup(db(), school.id, users.teacher.id, groupA.id);
    await permitGroup(db(), school.id, users.otherTeacher.id, groupB.id);
    await permitGroup(db(), school.id, users.restricted.id, groupA.id);
    type Role = keyof typeof users;
    const own: Record<Role | 'outsider', string> = {
      teacher: await signIn(t, users.teacher),
      otherTeacher: await signIn(t, users.otherTeacher),
      senco: await signIn(t, users.senco),
      superuser: await signIn(t, users.superuser),
      restricted: await signIn(t, users.restricted),
      outsider: tokens.superuser,
    };
    const groups = [groupA, groupB, groupOld];
    const authors: Role[] = ['teacher', 'senco', 'superuser'];
    interface Made {
      id: number;
      subjectId: number;
      group: (typeof groups)[number];
      /** null: the account no longer exists. */
      author: Role | null;
      minutes: number;
    }
    const made: Made[] = [];
    for (let index = 0; index < 16; index += 1) {
      const group = getOf(groups[index % 3], 'group');
      const author = index === 9 ? null : getOf(authors[index % 3], 'author');
      const subjectId = index % 4 === 3 ? DMT : RW;
      // Out of order on purpose: newest is by creation time, not by id.
      const minutes = (index * 7) % 16;
      const [row] = await db()
        .insert(groupPlans)
        .values({
          schoolId: school.id,
          yearClassId: group.id,
          subjectId,
          name: `Plan ${index}`,
          createdBy: author === null ? null : users[author].id,
          dateCreated: new Date(NOW.getTime() + minutes * MINUTE),
        })
        .returning();
      if (!row) throw new Error('plan not inserted');
      made.push({ id: row.id, subjectId, group, author, minutes });
    }
    const expectedOf = (keep: (plan: Made) => boolean) =>
      made
        .filter(keep)
        .sort((a, b) => b.minutes - a.minutes || b.id - a.id)
        .slice(0, 10)
        .map((plan) => ({
          id: plan.id,
          name: `Plan ${made.indexOf(plan)}`,
          userName:
            plan.author === null ? '' : `${users[plan.author].firstName} ${users[plan.author].lastName}`,
          yearclassId: plan.group.id,
          yearclassName: plan.group.name,
          yearclassCalendarYear: plan.group.calendarYear,
        }));
    const get = (who: Role | 'outsider', query: string) =>
      t.app.inject(authed(own[who], { method: 'GET', url: api(`/recent_plans/?${query}`) }));
    const recent = async (who: Role, query: string) => {
      const response = await get(who, query);
      expect(response.statusCode, `${who} ${query}: ${response.body}`).toBe(200);
      return recentPlanListSchema.parse(response.json());
    };
    const cases: [Role, string, (plan: Made) => boolean][] = [
      ['senco', `school_id=${school.id}`, () => true],
      ['senco', `school_id=${school.id}&subject_id=${RW}`, (p) => p.subjectId === RW],
      ['superuser', `school_id=${school.id}&subject_id=${DMT}`, (p) => p.subjectId === DMT],
      ['teacher', `school_id=${school.id}`, (p) => p.group.id === groupA.id],
      [
        'teacher',
        `yearclass_id=${groupA.id}&subject_id=${RW}`,
        (p) => p.group.id === groupA.id && p.subjectId === RW,
      ],
      [
        'otherTeacher',
        `school_id=${school.id}&subject_id=${RW}`,
        (p) => p.group.id === groupB.id && p.subjectId === RW,
      ],
      ['senco', `yearclass_id=${groupOld.id}&school_id=${school.id}`, (p) => p.group.id === groupOld.id],
      ['superuser', `school_id=${school.id}&subject_id=${TBL}`, () => false],
    ];
    for (const [who, query, keep] of cases) {
      expect([who, query, await recent(who, query)]).toEqual([who, query, expectedOf(keep)]);
    }
    // Not vacuous: more than ten plans of the school, so the limit cuts; one author's account is gone.
    expect(expectedOf(() => true)).toHaveLength(10);
    expect(expectedOf(() => true).some((plan) => plan.userName === '')).toBe(true);

    // With the category trees.
    const [newest] = expectedOf((p) => p.group.id === groupA.id);
    if (!newest) throw new Error('no plan of group A');
    await createNoteCategoryTree(
      db(),
      [
        {
          name: 'Doelen',
          layer: 'GROUP',
          children: [{ name: 'Verrijkt', layer: 'INSTRUCTION', isArchived: true }],
        },
      ],
      { groupPlanId: newest.id },
    );
    const withTrees = await recent('teacher', `yearclass_id=${groupA.id}&include[]=categories`);
    const [root, child] = await categoriesOf(newest.id);
    expect(withTrees[0]).toEqual({
      ...newest,
      categories: [
        {
          id: root?.id,
          name: 'Doelen',
          layer: 'GROUP',
          isArchived: false,
          children: [
            { id: child?.id, name: 'Verrijkt', layer: 'INSTRUCTION', isArchived: true, children: [] },
          ],
        },
      ],
    });
    expect(withTrees.slice(1).every((plan) => plan.categories?.length === 0)).toBe(true);
    expect(
      (await recent('teacher', `yearclass_id=${groupA.id}`)).every((plan) => !('categories' in plan)),
    ).toBe(true);

    const refused: [Role | 'outsider', string, number][] = [
      ['teacher', `yearclass_id=${groupB.id}`, 404],
      ['outsider', `school_id=${school.id}`, 404],
      ['senco', `school_id=${f.school.id}`, 404],
      ['senco', `yearclass_id=${groupA.id}&school_id=${f.school.id}`, 404],
      ['senco', `yearclass_id=${f.groupA.id}`, 404],
      ['restricted', `school_id=${school.id}`, 403],
      ['senco', 'subject_id=1', 400],
      ['senco', `school_id=${school.id}&include[]=notes`, 400],
    ];
    for (const [who, query, status] of refused) {
      const response = await get(who, query);
      expect([who, query, response.statusCode]).toEqual([who, query, status]);
    }
    const missing = await get('senco', '');
    expect(missing.json()).toMatchObject({
      errors: { non_field_errors: [GROUP_PLAN_ERRORS.filterRequired] },
    });
  });

  it('audits reads and writes as pupil data of the school', async () => {
    t.clock.now = NOW;
    const rows = (action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            eq(auditLog.actorUserId, f.users.teacher.id),
            like(auditLog.entity, '%group_plans%'),
          ),
        );
    const writes = (await rows('pupil_data.write')).length;
    const reads = (await rows('pupil_data.read')).length;
    await create('teacher', { name: 'Audit', subject_id: RW, yearclass_id: f.groupA.id });
    expect((await call('teacher', 'GET', `/group_plans/?yearclass_id=${f.groupA.id}`)).statusCode).toBe(200);
    // The audit row is written once the answer has gone out (onResponse): wait for it rather than race it.
    await expect.poll(async () => (await rows('pupil_data.write')).length).toBe(writes + 1);
    await expect.poll(async () => (await rows('pupil_data.read')).length).toBe(reads + 1);
    expect((await rows('pupil_data.write')).at(-1)?.schoolId).toBe(f.school.id);
    expect((await rows('pupil_data.read')).at(-1)?.schoolId).toBe(f.school.id);
  });
});

/* The plan rules, role by role: a superuser, a senco, a teacher with groups 1 and 2, a teacher without groups. */
describe('group plan policy', () => {
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
  const cases: [string, number, (keyof typeof ROLES)[]][] = [
    ['a plan of group 2', 2, ['superuser', 'senco', 'teacher']],
    ['a plan of group 3', 3, ['superuser', 'senco']],
  ];
  for (const [name, group, allowed] of cases) {
    it(`canUsePlan: ${name}`, () => {
      const verdicts = Object.fromEntries(
        Object.entries(ROLES).map(([who, access]) => [who, canUsePlan(access, { yearClassId: group })]),
      );
      expect(verdicts).toEqual(
        Object.fromEntries(
          Object.keys(ROLES).map((who) => [who, allowed.includes(who as keyof typeof ROLES)]),
        ),
      );
    });
  }
  it('keeps restricted users out of plans', () => {
    expect(mayUseGroupPlans({ isRestricted: true })).toBe(false);
    expect(mayUseGroupPlans({ isRestricted: false })).toBe(true);
  });
});
