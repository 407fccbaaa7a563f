import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_PLAN_NOTE_ERRORS,
  NOTE_LIMIT,
  groupPlanNoteListSchema,
  groupPlanNoteSchema,
  type GroupPlanNote,
} from '@leerzicht/contract';
import { auditLog, groupPlanNotes, pupilNoteCategoryLinks } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareRole,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createPupil, type Pupil } from '../helpers/factories';
import {
  createGroupPlan,
  createNoteCategoryTree,
  type GroupPlan,
  type NoteCategory,
} from '../helpers/plan-factories';
import { rowCounts } from '../helpers/row-counts';

/*
 * Notes in the note categories of group plans: writing them (a PUPIL category's note may name a pupil placed in it
 * or in the plan's group), the filters of the list, changing, archiving and deleting, the role and tenant matrix,
 * and refused or bad requests changing nothing. Expected answers are computed from the notes the test wrote.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

type Who = keyof CareTokens;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const AUTHOR_NAMES: Partial<Record<Who, string>> = {
  superuser: 'Dirk Directeur',
  senco: 'Ilse Begeleider',
  teacher: 'Tom Leerkracht',
  otherTeacher: 'Olga Collega',
};

/** What a test knows of a note it wrote. */
interface Made {
  id: number;
  who: CareRole;
  category: NoteCategory;
  pupilId: number | null;
  content: string;
  created: Date;
  changed: Date;
  archived: Date | null;
}

describe('group plan notes', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const db = () => t.database.db;
  const call = (who: Who, method: Method, url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const pupilA = (index: number) => getOf(f.pupilsA[index], `pupil A${index}`);
  const pupilB = (index: number) => getOf(f.pupilsB[index], `pupil B${index}`);

  /** A plan of the group with a category in each layer (and one archived), plus a pupil placed in the PUPIL one. */
  async function planWithCategories(yearClassId = f.groupA.id) {
    const plan = await createGroupPlan(db(), { schoolId: f.school.id, yearClassId });
    const { all } = await createNoteCategoryTree(
      db(),
      [
        { name: 'Groep', layer: 'GROUP' },
        { name: 'Basis', layer: 'INSTRUCTION' },
        { name: 'Leerlingen', layer: 'PUPIL' },
        { name: 'Oud', layer: 'GROUP', isArchived: true },
      ],
      { groupPlanId: plan.id },
    );
    const [group, instruction, pupil, archived] = all;
    if (!group || !instruction || !pupil || !archived) throw new Error('categories not made');
    return { plan, group, instruction, pupil, archived };
  }

  const write = async (
    who: CareRole,
    category: NoteCategory,
    content: string,
    pupil: Pupil | null = null,
  ): Promise<Made> => {
    const response = await call(who, 'POST', '/group_plan_note/', {
      noteCategoryId: category.id,
      content,
      ...(pupil ? { pupilId: pupil.id } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = groupPlanNoteSchema.parse(response.json());
    const made: Made = {
      id: note.id,
      who,
      category,
      pupilId: pupil?.id ?? null,
      content: content.trim(),
      created: t.clock.now,
      changed: t.clock.now,
      archived: null,
    };
    expect(note).toEqual(expectedNote(made, who));
    return made;
  };

  /** The answer for a note the test wrote, as `reader` sees it. */
  const expectedNote = (made: Made, reader: Who): GroupPlanNote => ({
    id: made.id,
    noteCategoryId: made.category.id,
    category: {
      id: made.category.id,
      name: made.category.name,
      layer: made.category.layer,
      group_plan_id: made.category.groupPlanId,
    },
    pupilId: made.pupilId,
    content: made.content,
    date_archived: made.archived?.toISOString() ?? null,
    dateCreated: made.created.toISOString(),
    dateChanged: made.changed.toISOString(),
    authorId: f.users[made.who].id,
    authorName: AUTHOR_NAMES[made.who] ?? '',
    canEdit: reader === 'senco' || reader === 'superuser' || reader === made.who,
  });

  const list = async (who: Who, query: string) => {
    const response = await call(who, 'GET', `/group_plan_note/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return groupPlanNoteListSchema.parse(response.json());
  };
  const newestFirst = (notes: Made[]) =>
    [...notes].sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
  /** Every table's row count but the audit log's (its rows are written after the answer). */
  const counts = async () => {
    const { audit_log: _audit, ...rest } = await rowCounts(db());
    return rest;
  };
  const storedNotes = () => db().select().from(groupPlanNotes).orderBy(asc(groupPlanNotes.id));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('writes notes in every layer; a PUPIL note names a pupil placed in it or in the plan’s group', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    // A pupil of another group, placed in the PUPIL category by the senco.
    await db()
      .insert(pupilNoteCategoryLinks)
      .values({ schoolId: f.school.id, pupilId: pupilB(0).id, noteCategoryId: c.pupil.id });
    await write('teacher', c.group, '  De groep werkt goed samen.\n\nVolgende week: tafels.  ');
    await write('senco', c.instruction, 'Basisgroep: verlengde instructie.');
    await write('teacher', c.pupil, 'Jan heeft extra oefening nodig.', pupilA(0));
    await write('senco', c.pupil, 'Mila is geplaatst.', pupilB(0));
    await write('teacher', c.pupil, 'Algemeen over de leerlingen.');
    await write('teacher', c.group, 'x'.repeat(NOTE_LIMIT));
    // null is no pupil.
    const response = await call('teacher', 'POST', '/group_plan_note/', {
      noteCategoryId: c.group.id,
      content: 'Zonder leerling',
      pupilId: null,
    });
    expect(response.json()).toMatchObject({ pupilId: null });
    const [row] = await db().select().from(groupPlanNotes).where(eq(groupPlanNotes.id, response.json().id));
    expect(row).toMatchObject({
      schoolId: f.school.id,
      authorId: f.users.teacher.id,
      noteCategoryId: c.group.id,
    });
  });

  it('lists by category or plan, pupil, layer and archived, newest first and paged', async () => {
    const c = await planWithCategories();
    const other = await planWithCategories();
    const made: Made[] = [];
    const at = async (minute: number, who: CareRole, category: NoteCategory, pupil: Pupil | null = null) => {
      t.clock.now = minutes(minute);
      const note = await write(who, category, `Notitie ${minute}`, pupil);
      made.push(note);
      return note;
    };
    await at(1, 'teacher', c.group);
    await at(2, 'senco', c.instruction);
    await at(3, 'teacher', c.pupil, pupilA(1));
    await at(3, 'senco', c.pupil, pupilA(0));
    await at(4, 'teacher', other.group);
    const archived = await at(5, 'teacher', c.group);
    // A pupil of group B placed in the category: the teacher of group A does not read notes about them.
    await db()
      .insert(pupilNoteCategoryLinks)
      .values({ schoolId: f.school.id, pupilId: pupilB(1).id, noteCategoryId: c.pupil.id });
    await at(6, 'senco', c.pupil, pupilB(1));
    t.clock.now = minutes(7);
    const archiving = await call('teacher', 'PATCH', `/group_plan_note/${archived.id}/`, {
      date_archived: minutes(7).toISOString(),
    });
    expect(archiving.statusCode, archiving.body).toBe(200);
    archived.archived = minutes(7);
    archived.changed = minutes(7);
    t.clock.now = NOW;

    const teacherReads = (note: Made) => note.pupilId !== pupilB(1).id;
    const cases: [Who, string, (note: Made) => boolean][] = [
      ['senco', `group_plan_id=${c.plan.id}`, (n) => n.category.groupPlanId === c.plan.id],
      [
        'teacher',
        `group_plan_id=${c.plan.id}`,
        (n) => n.category.groupPlanId === c.plan.id && teacherReads(n),
      ],
      ['teacher', `note_category_id=${c.group.id}`, (n) => n.category.id === c.group.id],
      [
        'teacher',
        `note_category_id=${c.group.id}&archived=true`,
        (n) => n.category.id === c.group.id && n.archived !== null,
      ],
      [
        'teacher',
        `group_plan_id=${c.plan.id}&archived=false`,
        (n) => n.category.groupPlanId === c.plan.id && n.archived === null && teacherReads(n),
      ],
      [
        'superuser',
        `group_plan_id=${c.plan.id}&pupil_id=${pupilA(0).id}`,
        (n) => n.category.groupPlanId === c.plan.id && n.pupilId === pupilA(0).id,
      ],
      [
        'senco',
        `group_plan_id=${c.plan.id}&layer=PUPIL`,
        (n) => n.category.groupPlanId === c.plan.id && n.category.layer === 'PUPIL',
      ],
      ['senco', `group_plan_id=${other.plan.id}`, (n) => n.category.groupPlanId === other.plan.id],
      // A category of one plan with another plan: nothing.
      ['senco', `group_plan_id=${other.plan.id}&note_category_id=${c.group.id}`, () => false],
    ];
    for (const [who, query, keep] of cases) {
      const want = newestFirst(made.filter(keep)).map((note) => expectedNote(note, who));
      const got = await list(who, query);
      expect([who, query, got]).toEqual([who, query, { count: want.length, results: want }]);
    }
    // Not vacuous: the teacher misses the note about the pupil of group B.
    expect(made.filter((n) => n.category.groupPlanId === c.plan.id)).toHaveLength(6);
    expect(made.filter((n) => n.category.groupPlanId === c.plan.id && teacherReads(n))).toHaveLength(5);

    // Pages: limit and offset over the same order, count of all.
    const all = newestFirst(made.filter((n) => n.category.groupPlanId === c.plan.id)).map((n) => n.id);
    const pages: number[] = [];
    for (let offset = 0; offset < all.length; offset += 4) {
      const page = await list('senco', `group_plan_id=${c.plan.id}&limit=4&offset=${offset}`);
      expect(page.count).toBe(all.length);
      pages.push(...page.results.map((note) => note.id));
    }
    expect(pages).toEqual(all);
  });

  it('changes, archives, restores and deletes: the author, sencos and superusers', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const note = await write('teacher', c.group, 'Eerste versie');
    const byColleague = await write('senco', c.group, 'Van de intern begeleider');

    t.clock.now = minutes(10);
    const changed = await call('teacher', 'PATCH', `/group_plan_note/${note.id}/`, {
      content: ' Tweede versie ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    note.content = 'Tweede versie';
    note.changed = minutes(10);
    expect(groupPlanNoteSchema.parse(changed.json())).toEqual(expectedNote(note, 'teacher'));

    t.clock.now = minutes(20);
    const archived = await call('senco', 'PATCH', `/group_plan_note/${note.id}/`, {
      date_archived: minutes(15).toISOString(),
    });
    note.archived = minutes(15);
    note.changed = minutes(20);
    expect(groupPlanNoteSchema.parse(archived.json())).toEqual(expectedNote(note, 'senco'));
    expect(
      (await list('teacher', `note_category_id=${c.group.id}&archived=true`)).results.map((n) => n.id),
    ).toEqual([note.id]);

    t.clock.now = minutes(30);
    const restored = await call('teacher', 'PATCH', `/group_plan_note/${note.id}/`, { date_archived: null });
    note.archived = null;
    note.changed = minutes(30);
    expect(groupPlanNoteSchema.parse(restored.json())).toEqual(expectedNote(note, 'teacher'));

    // A colleague's note: read, not changed (403); nothing changes.
    const before = await storedNotes();
    for (const [method, payload] of [
      ['PATCH', { content: 'Overschreven' }],
      ['PATCH', { date_archived: NOW.toISOString() }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call('teacher', method, `/group_plan_note/${byColleague.id}/`, payload);
      expect([method, response.statusCode]).toEqual([method, 403]);
    }
    expect(await storedNotes()).toEqual(before);

    expect(
      (
        await call('superuser', 'PATCH', `/group_plan_note/${byColleague.id}/`, {
          content: 'Door de directeur',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('teacher', 'DELETE', `/group_plan_note/${note.id}/`)).statusCode).toBe(204);
    expect((await call('senco', 'DELETE', `/group_plan_note/${byColleague.id}/`)).statusCode).toBe(204);
    expect((await list('senco', `group_plan_id=${c.plan.id}`)).count).toBe(0);
    expect((await call('senco', 'DELETE', `/group_plan_note/${note.id}/`)).statusCode).toBe(404);
    t.clock.now = NOW;
  });

  it('answers reads and writes by role and tenant; refused writes change nothing', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const own = getOf(
      (await createNoteCategoryTree(db(), [{ layer: 'GROUP' }], { groupPlanId: null, schoolId: f.school.id }))
        .all[0],
      'own category',
    );
    const otherPlan: GroupPlan = await createGroupPlan(db(), { schoolId: f.other.id });
    const otherCategory = getOf(
      (await createNoteCategoryTree(db(), [{ layer: 'GROUP' }], { groupPlanId: otherPlan.id })).all[0],
      'other school category',
    );
    const teachers = await write('teacher', c.group, 'Van de leerkracht');
    const aboutB = await (async () => {
      await db()
        .insert(pupilNoteCategoryLinks)
        .values({ schoolId: f.school.id, pupilId: pupilB(0).id, noteCategoryId: c.pupil.id });
      return write('senco', c.pupil, 'Over Mila', pupilB(0));
    })();

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
      const byPlan = await call(who, 'GET', `/group_plan_note/?group_plan_id=${c.plan.id}`);
      const byCategory = await call(who, 'GET', `/group_plan_note/?note_category_id=${c.group.id}`);
      expect([who, byPlan.statusCode, byCategory.statusCode]).toEqual([who, status, status]);
    }
    const misc: [Who, string, number][] = [
      ['teacher', `note_category_id=${own.id}`, 200],
      ['teacher', `group_plan_id=${c.plan.id}&pupil_id=${pupilB(0).id}`, 404],
      ['superuser', `note_category_id=${otherCategory.id}`, 404],
      ['superuser', `group_plan_id=${otherPlan.id}`, 404],
      ['superuser', `pupil_id=${pupilA(0).id}`, 400],
      ['superuser', `group_plan_id=${c.plan.id}&archived=maybe`, 400],
    ];
    for (const [who, query, status] of misc) {
      const response = await call(who, 'GET', `/group_plan_note/?${query}`);
      expect([who, query, response.statusCode]).toEqual([who, query, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/group_plan_note/?group_plan_id=${c.plan.id}`),
    });
    expect(anonymous.statusCode).toBe(401);

    const before = await counts();
    const notesBefore = await storedNotes();
    const body = { noteCategoryId: c.group.id, content: 'Mag niet' };
    const refused: [Who, Method, string, object | undefined, number][] = [];
    for (const [who, status] of [
      ['otherTeacher', 404],
      ['outsider', 404],
      ['restricted', 403],
      ['demo', 403],
      ['impersonated', 403],
    ] as const) {
      refused.push(
        [who, 'POST', '/group_plan_note/', body, status],
        [who, 'PATCH', `/group_plan_note/${teachers.id}/`, { content: 'X' }, status],
        [who, 'DELETE', `/group_plan_note/${teachers.id}/`, undefined, status],
      );
    }
    refused.push(
      // A note about a pupil the teacher does not read.
      ['teacher', 'PATCH', `/group_plan_note/${aboutB.id}/`, { content: 'X' }, 404],
      ['teacher', 'DELETE', `/group_plan_note/${aboutB.id}/`, undefined, 404],
      [
        'teacher',
        'POST',
        '/group_plan_note/',
        { noteCategoryId: c.pupil.id, content: 'X', pupilId: pupilB(0).id },
        404,
      ],
      // The school's own list is written by superusers only.
      ['teacher', 'POST', '/group_plan_note/', { noteCategoryId: own.id, content: 'X' }, 403],
      ['superuser', 'POST', '/group_plan_note/', { noteCategoryId: otherCategory.id, content: 'X' }, 404],
      ['superuser', 'POST', '/group_plan_note/', { noteCategoryId: 2147483647, content: 'X' }, 404],
      ['superuser', 'PATCH', '/group_plan_note/2147483647/', { content: 'X' }, 404],
      ['superuser', 'DELETE', '/group_plan_note/2147483647/', undefined, 404],
    );
    for (const [who, method, url, payload, status] of refused) {
      const response = await call(who, method, url, payload);
      expect([who, method, url, response.statusCode]).toEqual([who, method, url, status]);
    }
    expect(await counts()).toEqual(before);
    expect(await storedNotes()).toEqual(notesBefore);

    // Those allowed: the teacher in their group's plan, sencos and superusers in any plan of the school.
    await write('teacher', c.instruction, 'Mag wel');
    await write('senco', (await planWithCategories(f.groupB.id)).group, 'In groep 6');
    await write('superuser', c.pupil, 'Over Jan', pupilA(0));
    expect((await counts()).group_plan_notes).toBe((before.group_plan_notes ?? 0) + 3);
  });

  it('refuses bad input per field and changes nothing', async () => {
    t.clock.now = NOW;
    const c = await planWithCategories();
    const own = getOf(
      (await createNoteCategoryTree(db(), [{ layer: 'PUPIL' }], { groupPlanId: null, schoolId: f.school.id }))
        .all[0],
      'own category',
    );
    const note = await write('teacher', c.group, 'Bestaand');
    // A pupil of the school in neither the category nor the plan's group.
    const stranger = await createPupil(
      db(),
      f.school.id,
      { firstName: 'Kees', lastName: 'Vreemd' },
      { yearClassId: f.groupB.id, grade: 6 },
    );

    const before = await counts();
    const notesBefore = await storedNotes();
    const E = GROUP_PLAN_NOTE_ERRORS;
    const post = { noteCategoryId: c.pupil.id, content: 'Goed' };
    const cases: [Method, string, object, Record<string, string[]> | string][] = [
      ['POST', '/', { noteCategoryId: c.group.id }, { content: [E.required] }],
      ['POST', '/', { ...post, content: '' }, { content: [E.required] }],
      ['POST', '/', { ...post, content: ' \n\t ' }, { content: [E.required] }],
      ['POST', '/', { ...post, content: 'x'.repeat(NOTE_LIMIT + 1) }, { content: [E.content] }],
      ['POST', '/', { ...post, content: 12 }, { content: [E.required] }],
      ['POST', '/', { content: 'Goed' }, 'noteCategoryId'],
      ['POST', '/', { ...post, pupilId: 'Jan' }, 'pupilId'],
      [
        'POST',
        '/',
        { ...post, noteCategoryId: c.group.id, pupilId: pupilA(0).id },
        { pupilId: [E.pupilLayer] },
      ],
      [
        'POST',
        '/',
        { ...post, noteCategoryId: c.instruction.id, pupilId: pupilA(0).id },
        { pupilId: [E.pupilLayer] },
      ],
      ['POST', '/', { ...post, pupilId: stranger.id }, { pupilId: [E.pupilNotInPlan] }],
      ['POST', '/', { ...post, pupilId: f.otherPupil.id }, { pupilId: [E.pupilNotInPlan] }],
      ['POST', '/', { ...post, pupilId: 2147483647 }, { pupilId: [E.pupilNotInPlan] }],
      ['POST', '/', { ...post, noteCategoryId: c.archived.id }, { noteCategoryId: [E.archivedCategory] }],
      ['PATCH', `/${note.id}/`, {}, { non_field_errors: [E.nothingToChange] }],
      ['PATCH', `/${note.id}/`, { content: '' }, { content: [E.required] }],
      ['PATCH', `/${note.id}/`, { content: 'x'.repeat(NOTE_LIMIT + 1) }, { content: [E.content] }],
      ['PATCH', `/${note.id}/`, { date_archived: 'gisteren' }, 'date_archived'],
    ];
    for (const [method, path, payload, want] of cases) {
      const response = await call('teacher', method, `/group_plan_note${path}`, payload);
      const label = [method, JSON.stringify(payload).slice(0, 80)];
      expect([...label, response.statusCode]).toEqual([...label, 400]);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      if (typeof want === 'string') expect([...label, Object.keys(errors)]).toEqual([...label, [want]]);
      else expect([...label, errors]).toEqual([...label, want]);
    }
    // Notes of the school's own list: none (superusers would be allowed to write there).
    const ownNote = await call('superuser', 'POST', '/group_plan_note/', {
      noteCategoryId: own.id,
      content: 'X',
    });
    expect([ownNote.statusCode, ownNote.json().errors]).toEqual([400, { noteCategoryId: [E.notInPlan] }]);
    expect(await counts()).toEqual(before);
    expect(await storedNotes()).toEqual(notesBefore);
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
            like(auditLog.entity, '%group_plan_note%'),
          ),
        );
    const writes = (await rows('pupil_data.write')).length;
    const reads = (await rows('pupil_data.read')).length;
    await write('teacher', c.group, 'Geaudit');
    await list('teacher', `group_plan_id=${c.plan.id}`);
    await expect.poll(async () => (await rows('pupil_data.write')).length).toBe(writes + 1);
    await expect.poll(async () => (await rows('pupil_data.read')).length).toBe(reads + 1);
    expect((await rows('pupil_data.write')).at(-1)?.schoolId).toBe(f.school.id);
    expect((await rows('pupil_data.read')).at(-1)?.schoolId).toBe(f.school.id);
  });
});
