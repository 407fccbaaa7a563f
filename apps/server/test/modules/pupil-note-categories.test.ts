import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_LAYERS,
  PUPIL_NOTE_CATEGORY_ERRORS,
  pupilNoteCategoryLinkListSchema,
  pupilNoteCategoryLinkSchema,
  type PupilNoteCategoryLink,
} from '@leerzicht/contract';
import { auditLog, pupilNoteCategoryLinks } from '../../src/db/schema/index';
import type { SchoolAccess } from '../../src/platform/access/index';
import {
  canReadLinkedPupil,
  canSeeCategory,
  canUseCategory,
  isPlaceableLayer,
  mayUsePupilNoteCategories,
} from '../../src/modules/pupil-note-categories/policy';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import type { Pupil } from '../helpers/factories';
import {
  createGroupPlan,
  createNoteCategoryTree,
  type GroupPlan,
  type NoteCategory,
} from '../helpers/plan-factories';
import { rowCounts } from '../helpers/row-counts';

/*
 * Pupils placed in note categories of group plans: placing, listing, moving and removing, with the role and
 * tenant matrix, dense positions after every change, and refused or bad requests changing nothing. Every test
 * makes its own plan and categories; expected lists and positions are computed from the links the test made.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
const LATER = new Date('2026-03-01T10:05:00Z');

type Who = keyof CareTokens;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** What a test knows of a link it made: enough to compute every expected answer. */
interface Made {
  id: number;
  pupil: Pupil;
  category: NoteCategory;
  /** The group of the category's plan (null: the school's own list). */
  planGroupId: number | null;
}

describe('pupil note category links', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const db = () => t.database.db;
  const call = (who: Who, method: Method, url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const pupilA = (index: number) => getOf(f.pupilsA[index], `pupil A${index}`);
  const pupilB = (index: number) => getOf(f.pupilsB[index], `pupil B${index}`);

  /** A new plan of the group, with a GROUP root holding two INSTRUCTION categories and a PUPIL category. */
  async function planWithCategories(yearClassId = f.groupA.id) {
    const plan = await createGroupPlan(db(), { schoolId: f.school.id, yearClassId });
    const { all } = await createNoteCategoryTree(
      db(),
      [
        {
          layer: 'GROUP',
          children: [{ layer: 'INSTRUCTION' }, { layer: 'INSTRUCTION' }, { layer: 'PUPIL' }],
        },
      ],
      { groupPlanId: plan.id },
    );
    const [group, instructionA, instructionB, pupil] = all;
    if (!group || !instructionA || !instructionB || !pupil) throw new Error('categories not created');
    return { plan, group, instructionA, instructionB, pupil };
  }

  /** A category of the school's own list (outside any plan). */
  async function ownCategory(): Promise<NoteCategory> {
    const { all } = await createNoteCategoryTree(db(), [{ layer: 'PUPIL' }], {
      groupPlanId: null,
      schoolId: f.school.id,
    });
    return getOf(all[0], 'own category');
  }

  async function place(
    who: Who,
    pupil: Pupil,
    category: NoteCategory,
    plan: GroupPlan | null,
    position?: number,
  ): Promise<Made> {
    const response = await call(who, 'POST', '/pupil_note_categories/', {
      pupilId: pupil.id,
      noteCategoryId: category.id,
      ...(position === undefined ? {} : { position }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const link = pupilNoteCategoryLinkSchema.parse(response.json());
    return { id: link.id, pupil, category, planGroupId: plan?.yearClassId ?? null };
  }

  /** The answer for a link the test made, at `position`, written at `changed`. */
  const expectedLink = (
    made: Made,
    position: number,
    changed: Date = NOW,
    category: NoteCategory = made.category,
  ): PupilNoteCategoryLink => ({
    id: made.id,
    pupilId: made.pupil.id,
    noteCategoryId: category.id,
    position,
    noteCategory: {
      id: category.id,
      name: category.name,
      layer: category.layer,
      groupPlanId: category.groupPlanId,
    },
    firstName: made.pupil.firstName,
    lastNamePrefix: made.pupil.lastNamePrefix,
    lastName: made.pupil.lastName,
    dateCreated: NOW.toISOString(),
    dateChanged: changed.toISOString(),
  });

  /** The stored links of a category in position order: ids and positions. */
  const stored = async (categoryId: number) =>
    (
      await db()
        .select({ id: pupilNoteCategoryLinks.id, position: pupilNoteCategoryLinks.position })
        .from(pupilNoteCategoryLinks)
        .where(eq(pupilNoteCategoryLinks.noteCategoryId, categoryId))
        .orderBy(asc(pupilNoteCategoryLinks.position), asc(pupilNoteCategoryLinks.id))
    ).map((row) => [row.id, row.position]);
  /** Dense positions for links in this order. */
  const dense = (ids: readonly number[]) => ids.map((id, index) => [id, index]);

  const list = async (who: Who, query: string) => {
    const response = await call(who, 'GET', `/pupil_note_categories/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return pupilNoteCategoryLinkListSchema.parse(response.json());
  };
  /** Every table's row count but the audit log's (its rows are written after the answer). */
  const counts = async () => {
    const { audit_log: _audit, ...rest } = await rowCounts(db());
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('places pupils at the end unless a position is given, keeping positions 0 … n-1', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const order: Made[] = [];
    for (const index of [0, 1, 2]) {
      const made = await place('teacher', pupilA(index), c.instructionA, c.plan);
      order.push(made);
      const [row] = await list(
        'teacher',
        `note_category_id=${c.instructionA.id}&pupil_id=${pupilA(index).id}`,
      );
      expect(row).toEqual(expectedLink(made, order.length - 1));
    }
    order.splice(1, 0, await place('teacher', pupilA(3), c.instructionA, c.plan, 1));
    // Past the end: at the end.
    order.push(await place('senco', pupilA(4), c.instructionA, c.plan, 50));

    expect(await stored(c.instructionA.id)).toEqual(dense(order.map((made) => made.id)));
    expect(await list('teacher', `note_category_id=${c.instructionA.id}`)).toEqual(
      order.map((made, index) => expectedLink(made, index)),
    );
    // A new category starts at 0 again.
    const first = await place('teacher', pupilA(0), c.pupil, c.plan, 3);
    expect(await stored(c.pupil.id)).toEqual([[first.id, 0]]);
  });

  it('moves a pupil within its category and to another category of the plan, both staying dense', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const inA: Made[] = [];
    for (const index of [0, 1, 2, 3]) inA.push(await place('teacher', pupilA(index), c.instructionA, c.plan));
    const inB = [await place('teacher', pupilA(4), c.instructionB, c.plan)];
    const move = async (made: Made, body: object) => {
      const response = await call('teacher', 'PATCH', `/pupil_note_categories/${made.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return pupilNoteCategoryLinkSchema.parse(response.json());
    };
    const moveWithin = (list: Made[], made: Made, to: number) => {
      list.splice(list.indexOf(made), 1);
      list.splice(Math.min(to, list.length), 0, made);
    };

    t.clock.now = LATER;
    const last = getOf(inA[3], 'last');
    expect(await move(last, { position: 0 })).toEqual(expectedLink(last, 0, LATER));
    moveWithin(inA, last, 0);
    expect(await stored(c.instructionA.id)).toEqual(dense(inA.map((made) => made.id)));

    await move(last, { position: 2 });
    moveWithin(inA, last, 2);
    expect(await stored(c.instructionA.id)).toEqual(dense(inA.map((made) => made.id)));

    const head = getOf(inA[0], 'head');
    expect((await move(head, { position: 99 })).position).toBe(inA.length - 1);
    moveWithin(inA, head, 99);
    expect(await stored(c.instructionA.id)).toEqual(dense(inA.map((made) => made.id)));

    // To the front of the other instruction group.
    const second = getOf(inA[1], 'second');
    expect(await move(second, { noteCategoryId: c.instructionB.id, position: 0 })).toEqual(
      expectedLink(second, 0, LATER, c.instructionB),
    );
    inA.splice(inA.indexOf(second), 1);
    inB.unshift(second);
    // Without a position: to the end of the pupil category.
    const third = getOf(inA[0], 'third');
    expect((await move(third, { noteCategoryId: c.pupil.id })).position).toBe(0);
    inA.splice(inA.indexOf(third), 1);
    const inPupil = [third];
    // Naming its own category changes nothing but the position asked for.
    const stay = getOf(inA[1], 'stay');
    expect((await move(stay, { noteCategoryId: c.instructionA.id })).position).toBe(1);

    expect(await stored(c.instructionA.id)).toEqual(dense(inA.map((made) => made.id)));
    expect(await stored(c.instructionB.id)).toEqual(dense(inB.map((made) => made.id)));
    expect(await stored(c.pupil.id)).toEqual(dense(inPupil.map((made) => made.id)));
    const all = await list('senco', `group_plan_id=${c.plan.id}`);
    expect(all.map((link) => [link.id, link.noteCategoryId, link.position])).toEqual([
      ...inA.map((made, index) => [made.id, c.instructionA.id, index]),
      ...inB.map((made, index) => [made.id, c.instructionB.id, index]),
      ...inPupil.map((made, index) => [made.id, c.pupil.id, index]),
    ]);
    t.clock.now = NOW;
  });

  it('removes a pupil from a category and closes the ranks behind it', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const order: Made[] = [];
    for (const index of [0, 1, 2, 3, 4])
      order.push(await place('senco', pupilA(index), c.instructionA, c.plan));
    for (const index of [2, 0, 2]) {
      const gone = getOf(order[index], `link ${index}`);
      const response = await call('teacher', 'DELETE', `/pupil_note_categories/${gone.id}/`);
      expect(response.statusCode).toBe(204);
      order.splice(index, 1);
      expect(await stored(c.instructionA.id)).toEqual(dense(order.map((made) => made.id)));
    }
    expect(await list('teacher', `note_category_id=${c.instructionA.id}`)).toEqual(
      order.map((made, index) => expectedLink(made, index)),
    );
    const again = await call('teacher', 'DELETE', `/pupil_note_categories/${order[0]?.id ?? 0}/`);
    expect(again.statusCode).toBe(204);
    expect((await call('teacher', 'DELETE', `/pupil_note_categories/${order[0]?.id ?? 0}/`)).statusCode).toBe(
      404,
    );
  });

  it('filters by category, plan and pupil, showing teachers only their groups’ plans and pupils', async () => {
    t.clock.now = NOW;
    const a = await planWithCategories(f.groupA.id);
    const b = await planWithCategories(f.groupB.id);
    const old = await planWithCategories(f.groupOld.id);
    const own = await ownCategory();
    const made: Made[] = [
      await place('senco', pupilA(1), a.instructionA, a.plan),
      await place('senco', pupilA(0), a.instructionA, a.plan),
      await place('senco', pupilA(0), a.pupil, a.plan),
      await place('senco', pupilB(0), b.instructionA, b.plan),
      await place('senco', pupilA(0), b.instructionA, b.plan),
      await place('senco', pupilA(0), old.instructionB, old.plan),
      await place('senco', pupilA(0), own, null),
    ];
    const teacherGroups: Record<string, number[] | null> = {
      senco: null,
      superuser: null,
      teacher: [f.groupA.id],
      otherTeacher: [f.groupB.id],
    };
    const groupsOf = (pupil: Pupil) =>
      pupil.id === pupilA(0).id
        ? [f.groupA.id, f.groupOld.id]
        : f.pupilsA.some((p) => p.id === pupil.id)
          ? [f.groupA.id]
          : [f.groupB.id];
    /** The links a reader sees under a filter, in the API's order (category id, then position). */
    const expected = (who: string, keep: (link: Made) => boolean) => {
      const groups = teacherGroups[who];
      const visible = made.filter(
        (link) =>
          keep(link) &&
          (groups === null ||
            groups === undefined ||
            (link.planGroupId !== null &&
              groups.includes(link.planGroupId) &&
              groupsOf(link.pupil).some((id) => groups.includes(id)))),
      );
      const position = (link: Made) =>
        made.filter((other) => other.category.id === link.category.id).indexOf(link);
      return visible
        .map((link) => expectedLink(link, position(link)))
        .sort((x, y) => x.noteCategoryId - y.noteCategoryId || x.position - y.position);
    };
    const cases: [Who, string, (link: Made) => boolean][] = [
      ['senco', `pupil_id=${pupilA(0).id}`, (l) => l.pupil.id === pupilA(0).id],
      ['teacher', `pupil_id=${pupilA(0).id}`, (l) => l.pupil.id === pupilA(0).id],
      ['superuser', `group_plan_id=${b.plan.id}`, (l) => l.category.groupPlanId === b.plan.id],
      ['teacher', `group_plan_id=${a.plan.id}`, (l) => l.category.groupPlanId === a.plan.id],
      ['otherTeacher', `note_category_id=${b.instructionA.id}`, (l) => l.category.id === b.instructionA.id],
      [
        'senco',
        `group_plan_id=${b.plan.id}&pupil_id=${pupilA(0).id}`,
        (l) => l.category.groupPlanId === b.plan.id && l.pupil.id === pupilA(0).id,
      ],
      [
        'teacher',
        `note_category_id=${a.instructionA.id}&group_plan_id=${a.plan.id}`,
        (l) => l.category.id === a.instructionA.id,
      ],
      ['senco', `note_category_id=${own.id}`, (l) => l.category.id === own.id],
      // Filters that cannot meet: nothing.
      ['senco', `note_category_id=${a.pupil.id}&group_plan_id=${b.plan.id}`, () => false],
    ];
    // Earlier tests placed the same pupils in their own plans: only this test's categories are compared.
    const ours = new Set([a, b, old].flatMap((c) => [c.instructionA.id, c.instructionB.id, c.pupil.id]));
    ours.add(own.id);
    for (const [who, query, keep] of cases) {
      const want = expected(who, keep);
      const got = (await list(who, query)).filter((link) => ours.has(link.noteCategoryId));
      expect([who, query, got]).toEqual([who, query, want]);
    }
    // Not vacuous: the teacher sees fewer of the pupil's links than the senco, the other teacher fewer than all.
    expect(expected('teacher', (l) => l.pupil.id === pupilA(0).id)).toHaveLength(2);
    expect(expected('senco', (l) => l.pupil.id === pupilA(0).id)).toHaveLength(5);
    expect(expected('otherTeacher', (l) => l.category.id === b.instructionA.id)).toHaveLength(1);

    const refused: [Who, string, number][] = [
      ['otherTeacher', `pupil_id=${pupilA(0).id}`, 404],
      ['otherTeacher', `group_plan_id=${a.plan.id}`, 404],
      ['teacher', `note_category_id=${old.instructionB.id}`, 404],
      ['teacher', `note_category_id=${own.id}`, 403],
      ['outsider', `group_plan_id=${a.plan.id}`, 404],
      ['outsider', `pupil_id=${pupilA(0).id}`, 404],
      ['superuser', `pupil_id=${f.otherPupil.id}`, 404],
      ['superuser', 'note_category_id=2147483647', 404],
      ['restricted', `group_plan_id=${a.plan.id}`, 403],
      ['superuser', '', 400],
      ['superuser', 'pupil_id=abc', 400],
    ];
    for (const [who, query, status] of refused) {
      const response = await call(who, 'GET', `/pupil_note_categories/?${query}`);
      expect([who, query, response.statusCode]).toEqual([who, query, status]);
    }
    const bad = await call('superuser', 'GET', '/pupil_note_categories/?pupil_id=abc');
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['pupil_id']);
  });

  it('answers reads and writes by role and tenant; refused writes change nothing', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const own = await ownCategory();
    const outsiders = await createNoteCategoryTree(db(), [{ layer: 'INSTRUCTION' }], {
      schoolId: f.other.id,
    });
    const otherSchoolCategory = getOf(outsiders.all[0], 'other school category');
    const teachers = await place('teacher', pupilA(0), c.instructionA, c.plan);
    const sencos = await place('senco', pupilB(0), c.instructionA, c.plan);

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
      const response = await call(who, 'GET', `/pupil_note_categories/?group_plan_id=${c.plan.id}`);
      expect([who, response.statusCode]).toEqual([who, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/pupil_note_categories/?group_plan_id=${c.plan.id}`),
    });
    expect(anonymous.statusCode).toBe(401);

    const before = await counts();
    const linksBefore = await stored(c.instructionA.id);
    const place1 = { pupilId: pupilA(1).id, noteCategoryId: c.instructionA.id };
    const refused: [Who, Method, string, object | undefined, number][] = [];
    for (const [who, status] of [
      ['otherTeacher', 404],
      ['outsider', 404],
      ['restricted', 403],
      ['demo', 403],
      ['impersonated', 403],
    ] as const) {
      refused.push(
        [who, 'POST', '/pupil_note_categories/', place1, status],
        [who, 'PATCH', `/pupil_note_categories/${teachers.id}/`, { position: 1 }, status],
        [who, 'DELETE', `/pupil_note_categories/${teachers.id}/`, undefined, status],
      );
    }
    refused.push(
      // The school's own list is for sencos and superusers.
      ['teacher', 'POST', '/pupil_note_categories/', { pupilId: pupilA(1).id, noteCategoryId: own.id }, 403],
      // A pupil the teacher does not read, and a link of one.
      ['teacher', 'POST', '/pupil_note_categories/', { ...place1, pupilId: pupilB(1).id }, 404],
      ['teacher', 'PATCH', `/pupil_note_categories/${sencos.id}/`, { position: 0 }, 404],
      ['teacher', 'DELETE', `/pupil_note_categories/${sencos.id}/`, undefined, 404],
      // Another school's category, and links that do not exist.
      [
        'superuser',
        'POST',
        '/pupil_note_categories/',
        { pupilId: f.otherPupil.id, noteCategoryId: otherSchoolCategory.id },
        404,
      ],
      ['superuser', 'POST', '/pupil_note_categories/', { ...place1, noteCategoryId: 2147483647 }, 404],
      ['superuser', 'PATCH', '/pupil_note_categories/2147483647/', { position: 0 }, 404],
      ['superuser', 'DELETE', '/pupil_note_categories/2147483647/', undefined, 404],
    );
    for (const [who, method, url, payload, status] of refused) {
      const response = await call(who, method, url, payload);
      expect([who, method, url, response.statusCode]).toEqual([who, method, url, status]);
    }
    const anonymousWrite = await t.app.inject({
      method: 'POST',
      url: api('/pupil_note_categories/'),
      payload: place1,
    });
    expect(anonymousWrite.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await stored(c.instructionA.id)).toEqual(linksBefore);

    // Those allowed: the teacher in their group's plan, sencos and superusers also in the school's own list.
    await place('teacher', pupilA(1), c.instructionA, c.plan);
    await place('superuser', pupilA(2), c.instructionA, c.plan);
    await place('senco', pupilB(1), own, null);
    await place('superuser', pupilA(3), own, null);
    expect(await counts()).toEqual({
      ...before,
      pupil_note_category_links: (before.pupil_note_category_links ?? 0) + 4,
    });
  });

  it('refuses bad input per field and changes nothing', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const sibling = await planWithCategories();
    const outsiders = await createNoteCategoryTree(db(), [{ layer: 'INSTRUCTION' }], {
      schoolId: f.other.id,
    });
    const otherSchoolCategory = getOf(outsiders.all[0], 'other school category');
    await place('teacher', pupilA(0), c.instructionA, c.plan);
    const moving = await place('teacher', pupilA(1), c.instructionA, c.plan);
    await place('teacher', pupilA(1), c.instructionB, c.plan);
    const categories = [c.instructionA.id, c.instructionB.id, c.pupil.id, c.group.id];
    const snapshot = async () => Promise.all(categories.map(stored));

    const before = await counts();
    const linksBefore = await snapshot();
    const post = { pupilId: pupilA(2).id, noteCategoryId: c.instructionA.id };
    const cases: [Method, string, object, string, string | undefined][] = [
      [
        'POST',
        '/',
        { ...post, noteCategoryId: c.group.id },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.wrongLayer,
      ],
      [
        'POST',
        '/',
        { ...post, pupilId: f.otherPupil.id },
        'pupilId',
        PUPIL_NOTE_CATEGORY_ERRORS.unknownPupil,
      ],
      ['POST', '/', { ...post, pupilId: 2147483647 }, 'pupilId', PUPIL_NOTE_CATEGORY_ERRORS.unknownPupil],
      ['POST', '/', { ...post, pupilId: pupilA(0).id }, 'pupilId', PUPIL_NOTE_CATEGORY_ERRORS.alreadyLinked],
      ['POST', '/', { ...post, position: -1 }, 'position', undefined],
      ['POST', '/', { ...post, position: 1.5 }, 'position', undefined],
      ['POST', '/', { pupilId: pupilA(2).id }, 'noteCategoryId', undefined],
      ['POST', '/', { ...post, pupilId: '3' }, 'pupilId', undefined],
      [
        'PATCH',
        `/${moving.id}/`,
        { noteCategoryId: sibling.instructionA.id },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.otherPlan,
      ],
      [
        'PATCH',
        `/${moving.id}/`,
        { noteCategoryId: otherSchoolCategory.id },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.otherPlan,
      ],
      [
        'PATCH',
        `/${moving.id}/`,
        { noteCategoryId: 2147483647 },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.otherPlan,
      ],
      [
        'PATCH',
        `/${moving.id}/`,
        { noteCategoryId: c.group.id },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.wrongLayer,
      ],
      [
        'PATCH',
        `/${moving.id}/`,
        { noteCategoryId: c.instructionB.id, position: 0 },
        'noteCategoryId',
        PUPIL_NOTE_CATEGORY_ERRORS.alreadyLinked,
      ],
      ['PATCH', `/${moving.id}/`, { position: -3 }, 'position', undefined],
      ['PATCH', `/${moving.id}/`, {}, 'non_field_errors', PUPIL_NOTE_CATEGORY_ERRORS.nothingToChange],
    ];
    for (const [method, path, payload, field, message] of cases) {
      const response = await call('teacher', method, `/pupil_note_categories${path}`, payload);
      const label = [method, JSON.stringify(payload)];
      expect([...label, response.statusCode]).toEqual([...label, 400]);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect([...label, Object.keys(errors)]).toEqual([...label, [field]]);
      if (message !== undefined) expect(errors[field]).toEqual([message]);
    }
    expect(await counts()).toEqual(before);
    expect(await snapshot()).toEqual(linksBefore);
  });

  it('keeps positions dense and one link per pupil when placements arrive at once', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const pupils = [0, 1, 2, 3, 4].map(pupilA);
    const answers = await Promise.all(
      pupils.map((pupil) =>
        call('senco', 'POST', '/pupil_note_categories/', {
          pupilId: pupil.id,
          noteCategoryId: c.instructionA.id,
          position: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(pupils.map(() => 201));
    const rows = await stored(c.instructionA.id);
    expect(rows.map(([, position]) => position)).toEqual(pupils.map((_pupil, index) => index));

    const twice = await Promise.all(
      [0, 1].map(() =>
        call('senco', 'POST', '/pupil_note_categories/', {
          pupilId: pupilA(0).id,
          noteCategoryId: c.instructionB.id,
        }),
      ),
    );
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refusal = twice.find((answer) => answer.statusCode === 400);
    expect(refusal?.json()).toMatchObject({
      errors: { pupilId: [PUPIL_NOTE_CATEGORY_ERRORS.alreadyLinked] },
    });
    expect(await stored(c.instructionB.id)).toHaveLength(1);
  });

  it('audits reads and writes as pupil data of the school', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const rows = (action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            eq(auditLog.actorUserId, f.users.teacher.id),
            like(auditLog.entity, '%pupil_note_categories%'),
          ),
        );
    const writes = (await rows('pupil_data.write')).length;
    const reads = (await rows('pupil_data.read')).length;
    await place('teacher', pupilA(0), c.instructionA, c.plan);
    await list('teacher', `group_plan_id=${c.plan.id}`);
    // The audit row is written once the answer has gone out (onResponse): wait for it rather than race it.
    await expect.poll(async () => (await rows('pupil_data.write')).length).toBe(writes + 1);
    await expect.poll(async () => (await rows('pupil_data.read')).length).toBe(reads + 1);
    expect((await rows('pupil_data.write')).at(-1)?.schoolId).toBe(f.school.id);
    expect((await rows('pupil_data.read')).at(-1)?.schoolId).toBe(f.school.id);
  });

  it('stores links with the school of the category', async () => {
    const c = await planWithCategories();
    const made = await place('superuser', pupilA(2), c.pupil, c.plan);
    const [row] = await db()
      .select()
      .from(pupilNoteCategoryLinks)
      .where(inArray(pupilNoteCategoryLinks.id, [made.id]));
    expect(row).toMatchObject({ schoolId: f.school.id, pupilId: pupilA(2).id, noteCategoryId: c.pupil.id });
  });
});

/*
 * The module's policy, role by role: a superuser, a senco, a teacher with groups 1 and 2, a teacher without
 * groups. Group 3 is another group of the school; a pupil's groups are those they were ever enrolled in.
 */
describe('pupil note category policy', () => {
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
      policy: 'canSeeCategory(plan of group 2)',
      check: (a) => canSeeCategory(a, { planGroupId: 2 }),
      allowed: ['superuser', 'senco', 'teacher'],
    },
    {
      policy: 'canSeeCategory(plan of group 3)',
      check: (a) => canSeeCategory(a, { planGroupId: 3 }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: "canSeeCategory(the school's own list)",
      check: (a) => canSeeCategory(a, { planGroupId: null }),
      allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
    },
    {
      policy: 'canUseCategory(plan of group 1)',
      check: (a) => canUseCategory(a, { planGroupId: 1 }),
      allowed: ['superuser', 'senco', 'teacher'],
    },
    {
      policy: 'canUseCategory(plan of group 3)',
      check: (a) => canUseCategory(a, { planGroupId: 3 }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: "canUseCategory(the school's own list)",
      check: (a) => canUseCategory(a, { planGroupId: null }),
      allowed: ['superuser', 'senco'],
    },
    {
      policy: 'canReadLinkedPupil(was in 3, now in 2)',
      check: (a) => canReadLinkedPupil(a, [3, 2]),
      allowed: ['superuser', 'senco', 'teacher'],
    },
    {
      policy: 'canReadLinkedPupil(only in 3)',
      check: (a) => canReadLinkedPupil(a, [3]),
      allowed: ['superuser', 'senco'],
    },
  ];
  for (const { policy, check, allowed } of cases) {
    it(policy, () => {
      const verdicts = Object.fromEntries(
        Object.entries(ROLES).map(([name, access]) => [name, check(access)]),
      );
      const expected = Object.fromEntries(
        Object.keys(ROLES).map((name) => [name, allowed.includes(name as Role)]),
      );
      expect(verdicts).toEqual(expected);
    });
  }

  it('keeps restricted users out and places pupils only in the INSTRUCTION and PUPIL layers', () => {
    expect(mayUsePupilNoteCategories({ isRestricted: true })).toBe(false);
    expect(mayUsePupilNoteCategories({ isRestricted: false })).toBe(true);
    expect(NOTE_LAYERS.filter(isPlaceableLayer)).toEqual(['INSTRUCTION', 'PUPIL']);
  });
});
