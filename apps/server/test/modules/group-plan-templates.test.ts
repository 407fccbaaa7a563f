import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_PLAN_ERRORS,
  type NoteLayer,
  groupPlanTemplateListSchema,
  groupPlanTemplateSchema,
  type GroupPlanTemplate,
} from '@leerzicht/contract';
import { auditLog, groupPlanTemplates, groupPlans } from '../../src/db/schema/index';
import type { SchoolAccess } from '../../src/platform/access/index';
import {
  actsAsStaff,
  canManageTemplate,
  canSeeTemplate,
  templateFits,
  type TemplateFacts,
} from '../../src/modules/group-plans/policy';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildCareSchool, careTokens, type CareSchool, type CareTokens } from '../helpers/care-factories';
import { addMember, createUser } from '../helpers/factories';
import { createGroupPlan } from '../helpers/plan-factories';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';

/*
 * Group plan templates: the list with every filter and ordering of section 7, who sees and who manages system and
 * school templates, the tree rules (depth, size, names, layers) and refused or bad requests changing nothing.
 * Expected lists are computed from the rows each test inserts; results are compared on the test's own ids, since
 * the tests of this file share one database.
 */
const NOW = new Date('2026-03-01T10:00:00Z');
const LATER = new Date('2026-03-01T10:05:00Z');
const DAY = 86_400_000;
const { RW, SP, TBL } = SUBJECT_IDS;

type TemplateRow = typeof groupPlanTemplates.$inferSelect;
type Who = keyof CareTokens | 'staff' | 'notStaff';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a role is in the care school, for the expected answers. */
interface Standing {
  member: boolean;
  superuser: boolean;
  staff: boolean;
}
const STANDING: Record<Exclude<Who, 'outsider'>, Standing> = {
  superuser: { member: true, superuser: true, staff: false },
  senco: { member: true, superuser: false, staff: false },
  teacher: { member: true, superuser: false, staff: false },
  otherTeacher: { member: true, superuser: false, staff: false },
  restricted: { member: true, superuser: false, staff: false },
  demo: { member: true, superuser: true, staff: false },
  // Provider staff behind the session, but it acts as the teacher: no staff powers.
  impersonated: { member: true, superuser: false, staff: false },
  staff: { member: true, superuser: false, staff: true },
  // Flagged as staff, but the address is outside the provider's domain.
  notStaff: { member: true, superuser: false, staff: false },
};

/** A category tree as a request writes it, and as the API answers it (every node with its children). */
interface TreeIn {
  name: string;
  layer: NoteLayer;
  children?: TreeIn[];
}
interface Node {
  name: string;
  layer: NoteLayer;
  children: Node[];
}
const withChildren = (nodes: readonly TreeIn[]): Node[] =>
  nodes.map((node) => ({ name: node.name, layer: node.layer, children: withChildren(node.children ?? []) }));

/** A tree `depth` levels deep with one node per level. */
const chain = (depth: number, layer: NoteLayer = 'INSTRUCTION'): TreeIn[] =>
  depth === 0 ? [] : [{ name: `Niveau ${depth}`, layer, children: chain(depth - 1, layer) }];

describe('group plan templates', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: Record<Who, string>;
  const names = new Map<number, string>();
  const userIds = new Map<Who, number>();
  const db = () => t.database.db;
  const call = (who: Who, method: Method, url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));

  async function insertTemplate(
    values: Partial<typeof groupPlanTemplates.$inferInsert> & { name: string },
  ): Promise<TemplateRow> {
    const [row] = await db()
      .insert(groupPlanTemplates)
      .values({ schoolId: values.isSystem ? null : f.school.id, ...values })
      .returning();
    if (!row) throw new Error('template not inserted');
    return row;
  }

  /** The answer for a stored template, as a reader with `standing` gets it. */
  const expected = (row: TemplateRow, standing: Standing, withContent = false): GroupPlanTemplate => ({
    id: row.id,
    name: row.name,
    is_published: row.isPublished,
    is_system: row.isSystem,
    user_name: row.userId === null ? '' : (names.get(row.userId) ?? '?'),
    date_changed: row.dateChanged.toISOString(),
    allowed_subjects: row.allowedSubjects,
    allowed_grades: row.allowedGrades,
    school_id: row.schoolId,
    canEdit: row.isSystem ? standing.staff : row.schoolId === f.school.id && standing.superuser,
    ...(withContent ? { content: { categories: withChildren(row.content.categories) } } : {}),
  });
  const visibleTo = (row: TemplateRow, standing: Standing) =>
    row.isSystem
      ? row.isPublished || standing.staff
      : row.schoolId === f.school.id && standing.member && (row.isPublished || standing.superuser);

  const list = async (who: Who, query: string) => {
    const response = await call(who, 'GET', `/group_plan_templates/?${query}`);
    expect(response.statusCode, `${who} ${query}: ${response.body}`).toBe(200);
    return groupPlanTemplateListSchema.parse(response.json());
  };
  const stored = async (id: number) =>
    (await db().select().from(groupPlanTemplates).where(eq(groupPlanTemplates.id, id)))[0] ?? null;
  /** Every table's row count but the audit log's (its rows are written apart from the change's data). */
  const counts = async () => {
    const { audit_log: _audit, ...rest } = await rowCounts(db());
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    const care = await careTokens(t, f);
    const staff = await createUser(t.database.db, {
      firstName: 'Sven',
      lastName: 'Staf',
      email: `sven@${t.ctx.config.PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const notStaff = await createUser(t.database.db, {
      firstName: 'Nina',
      lastName: 'Nep',
      email: 'nina@school.example',
      isProviderStaff: true,
    });
    await addMember(t.database.db, f.school.id, staff.id);
    await addMember(t.database.db, f.school.id, notStaff.id);
    tokens = { ...care, staff: await signIn(t, staff), notStaff: await signIn(t, notStaff) };
    for (const user of [...Object.values(f.users), staff, notStaff])
      names.set(user.id, `${user.firstName} ${user.lastName}`);
    for (const [who, user] of Object.entries(f.users)) userIds.set(who as Who, user.id);
    userIds.set('staff', staff.id);
  }, 60_000);
  afterAll(() => t.close());

  it('lists the templates each role may see, with every filter, ordering and include of section 7', async () => {
    t.clock.now = NOW;
    const at = (days: number) => new Date(NOW.getTime() - days * DAY);
    const rows = [
      await insertTemplate({
        name: 'Aanvankelijk lezen (systeem)',
        isSystem: true,
        isPublished: true,
        allowedSubjects: [TBL],
        allowedGrades: [3, 4],
        userId: null,
        dateChanged: at(5),
        // Stored as the demo data stores it: a node without children leaves the list out.
        content: { categories: [{ name: 'Groep', layer: 'GROUP' }] },
      }),
      await insertTemplate({
        name: 'Begrijpend lezen (systeem, concept)',
        isSystem: true,
        isPublished: false,
        dateChanged: at(4),
      }),
      await insertTemplate({
        name: 'Cijferen',
        isPublished: true,
        allowedSubjects: [RW],
        allowedGrades: [5, 6],
        userId: f.users.superuser.id,
        dateChanged: at(3),
        content: { categories: withChildren(chain(3)) },
      }),
      await insertTemplate({
        name: 'Dagritme (concept)',
        isPublished: false,
        allowedSubjects: [RW, SP],
        userId: f.users.senco.id,
        dateChanged: at(1),
      }),
      await insertTemplate({
        name: 'eigen aanpak',
        isPublished: true,
        allowedGrades: [6],
        userId: f.users.superuser.id,
        dateChanged: at(2),
      }),
      await insertTemplate({ name: 'Fonemen', schoolId: f.other.id, isPublished: true, dateChanged: at(6) }),
      await insertTemplate({
        name: 'Getallen',
        schoolId: f.other.id,
        isPublished: false,
        dateChanged: at(7),
      }),
    ];
    const ours = new Set(rows.map((row) => row.id));

    type Row = TemplateRow;
    const byName = (a: Row, b: Row) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1);
    const orderings: [string, (a: Row, b: Row) => number][] = [
      ['', byName],
      ['ordering=name', byName],
      ['ordering=-name', (a, b) => -byName(a, b)],
      ['ordering=date_changed', (a, b) => a.dateChanged.getTime() - b.dateChanged.getTime()],
      ['ordering=-date_changed', (a, b) => b.dateChanged.getTime() - a.dateChanged.getTime()],
      [
        'ordering=-is_system,-date_changed',
        (a, b) =>
          Number(b.isSystem) - Number(a.isSystem) || b.dateChanged.getTime() - a.dateChanged.getTime(),
      ],
      ['ordering=is_published,name', (a, b) => Number(a.isPublished) - Number(b.isPublished) || byName(a, b)],
    ];
    const allows = (allowed: number[], value: number) => allowed.length === 0 || allowed.includes(value);
    const filters: [string, (row: Row) => boolean][] = [
      ['', () => true],
      [`subject_id=${RW}`, (row) => allows(row.allowedSubjects, RW)],
      [`subject_id=${TBL}`, (row) => allows(row.allowedSubjects, TBL)],
      ['grade=6', (row) => allows(row.allowedGrades, 6)],
      ['grade=3', (row) => allows(row.allowedGrades, 3)],
      ['is_published=true', (row) => row.isPublished],
      ['is_published=false', (row) => !row.isPublished],
      [
        `subject_id=${SP}&grade=5&is_published=false`,
        (row) => allows(row.allowedSubjects, SP) && allows(row.allowedGrades, 5) && !row.isPublished,
      ],
    ];
    const roles = Object.keys(STANDING) as (keyof typeof STANDING)[];
    for (const who of roles) {
      const standing = STANDING[who];
      for (const [filter, keep] of filters) {
        for (const [ordering, compare] of orderings) {
          if (filter !== '' && ordering !== '' && who !== 'superuser') continue;
          const query = [`school_id=${f.school.id}`, filter, ordering].filter(Boolean).join('&');
          const want = rows
            .filter((row) => visibleTo(row, standing) && keep(row))
            .sort(compare)
            .map((row) => expected(row, standing));
          const got = (await list(who, query)).filter((template) => ours.has(template.id));
          expect([who, query, got]).toEqual([who, query, want]);
        }
      }
    }
    // Not vacuous: staff see the draft system template, superusers the school's draft, teachers neither.
    const visible = (who: keyof typeof STANDING) =>
      rows.filter((row) => visibleTo(row, STANDING[who])).map((row) => row.name);
    expect(visible('teacher')).toEqual(['Aanvankelijk lezen (systeem)', 'Cijferen', 'eigen aanpak']);
    expect(visible('staff')).toHaveLength(4);
    expect(visible('superuser')).toHaveLength(4);

    // The other school's superuser sees that school's templates and the published system ones.
    const outsider = { member: true, superuser: true, staff: false };
    const otherRows = rows.filter((row) => row.schoolId === f.other.id || (row.isSystem && row.isPublished));
    expect((await list('outsider', `school_id=${f.other.id}`)).filter((r) => ours.has(r.id))).toEqual(
      otherRows.sort(byName).map((row) => ({
        ...expected(row, outsider),
        canEdit: row.schoolId === f.other.id,
      })),
    );

    // include[]=content: the trees, every node with its children; without it no content at all.
    for (const query of ['include[]=content', 'include%5B%5D=content', 'include=content']) {
      const got = (await list('superuser', `school_id=${f.school.id}&${query}`)).filter((r) =>
        ours.has(r.id),
      );
      expect(got).toEqual(
        rows
          .filter((row) => visibleTo(row, STANDING.superuser))
          .sort(byName)
          .map((row) => expected(row, STANDING.superuser, true)),
      );
    }
    const plain = await call('superuser', 'GET', `/group_plan_templates/?school_id=${f.school.id}`);
    expect(plain.json<object[]>().every((template) => !('content' in template))).toBe(true);

    const refused: [Who, string, number, string | null][] = [
      ['outsider', `school_id=${f.school.id}`, 404, null],
      ['superuser', `school_id=${f.other.id}`, 404, null],
      ['superuser', 'school_id=2147483647', 404, null],
      ['superuser', '', 400, 'school_id'],
      ['superuser', `school_id=${f.school.id}&ordering=colour`, 400, 'ordering'],
      ['superuser', `school_id=${f.school.id}&ordering=name,,id`, 400, 'ordering'],
      ['superuser', `school_id=${f.school.id}&grade=9`, 400, 'grade'],
      ['superuser', `school_id=${f.school.id}&is_published=yes`, 400, 'is_published'],
      ['superuser', `school_id=${f.school.id}&subject_id=abc`, 400, 'subject_id'],
      ['superuser', `school_id=${f.school.id}&include[]=users`, 400, 'include'],
    ];
    for (const [who, query, status, field] of refused) {
      const response = await call(who, 'GET', `/group_plan_templates/?${query}`);
      expect([who, query, response.statusCode]).toEqual([who, query, status]);
      if (field) expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/group_plan_templates/?school_id=${f.school.id}`),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('creates school templates (superusers) and system templates (provider staff), storing the tree as given', async () => {
    t.clock.now = NOW;
    const categories: TreeIn[] = [
      {
        name: '  Groepsdoelen  ',
        layer: 'GROUP',
        children: [
          { name: 'Rekenen', layer: 'GROUP' },
          {
            name: 'Taal',
            layer: 'GROUP',
            children: [{ name: 'Woordenschat', layer: 'GROUP', children: [] }],
          },
        ],
      },
      ...chain(4),
    ];
    const body = {
      name: 'Rekenplan',
      school_id: f.school.id,
      is_published: true,
      allowed_subjects: [SP, RW, SP],
      allowed_grades: [6, 5, 6],
      content: { categories },
    };
    const before = await counts();
    const response = await call('superuser', 'POST', '/group_plan_templates/', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = groupPlanTemplateSchema.parse(response.json());
    const trimmed = withChildren(categories).map((node, index) =>
      index === 0 ? { ...node, name: 'Groepsdoelen' } : node,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Rekenplan',
      is_published: true,
      is_system: false,
      user_name: names.get(f.users.superuser.id),
      date_changed: NOW.toISOString(),
      allowed_subjects: [RW, SP],
      allowed_grades: [5, 6],
      school_id: f.school.id,
      canEdit: true,
      content: { categories: trimmed },
    });
    const row = await stored(created.id);
    expect(row).toMatchObject({
      schoolId: f.school.id,
      isSystem: false,
      userId: f.users.superuser.id,
      content: { categories: trimmed },
    });
    expect(await counts()).toEqual({
      ...before,
      group_plan_templates: (before.group_plan_templates ?? 0) + 1,
    });

    const system = await call('staff', 'POST', '/group_plan_templates/', {
      name: 'Landelijk groepsplan',
      is_system: true,
      allowed_grades: [3],
    });
    expect(system.statusCode, system.body).toBe(201);
    expect(groupPlanTemplateSchema.parse(system.json())).toMatchObject({
      is_system: true,
      school_id: null,
      is_published: false,
      allowed_subjects: [],
      allowed_grades: [3],
      canEdit: true,
      user_name: 'Sven Staf',
      content: { categories: [] },
    });

    const before2 = await counts();
    const school = { name: 'Nieuw', school_id: f.school.id };
    const systemBody = { name: 'Nieuw systeem', is_system: true };
    const refused: [Who | 'outsider', object, number][] = [
      ['senco', school, 403],
      ['teacher', school, 403],
      ['restricted', school, 403],
      ['staff', school, 403],
      ['outsider', school, 404],
      ['superuser', { ...school, school_id: f.other.id }, 404],
      ['superuser', systemBody, 403],
      ['notStaff', systemBody, 403],
      ['demo', school, 403],
      ['impersonated', systemBody, 403],
      ['impersonated', school, 403],
    ];
    for (const [who, payload, status] of refused) {
      const answer = await call(who, 'POST', '/group_plan_templates/', payload);
      expect([who, payload, answer.statusCode]).toEqual([who, payload, status]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/group_plan_templates/'),
      payload: school,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before2);
  });

  it('changes, publishes and deletes templates only for those who manage them; refusals change nothing', async () => {
    t.clock.now = NOW;
    const ownDraft = await insertTemplate({ name: 'Eigen concept', isPublished: false, dateChanged: NOW });
    const ownPublished = await insertTemplate({ name: 'Eigen', isPublished: true, dateChanged: NOW });
    const systemPublished = await insertTemplate({ name: 'Systeem', isSystem: true, isPublished: true });
    const systemDraft = await insertTemplate({ name: 'Systeem concept', isSystem: true, isPublished: false });
    const otherSchool = await insertTemplate({ name: 'Ander', schoolId: f.other.id, isPublished: true });
    const rows = [ownDraft, ownPublished, systemPublished, systemDraft, otherSchool];

    /** 404 for what the role may not see, 403 for what it sees but does not manage, 200 to change. */
    const statusOf = (who: Who, row: TemplateRow): number => {
      if (who === 'demo' || who === 'impersonated') return 403;
      if (who === 'outsider')
        return row.schoolId === f.other.id ? 200 : row.isSystem && row.isPublished ? 403 : 404;
      const standing = STANDING[who];
      const manages = row.isSystem ? standing.staff : row.schoolId === f.school.id && standing.superuser;
      if (manages) return 200;
      return visibleTo(row, standing) ? 403 : 404;
    };
    const roles: Who[] = [...(Object.keys(STANDING) as Who[]), 'outsider'];
    const before = await counts();
    const snapshot = async () => Promise.all(rows.map((row) => stored(row.id)));
    const rowsBefore = await snapshot();
    for (const row of rows) {
      for (const who of roles) {
        const status = statusOf(who, row);
        if (status === 200) continue;
        for (const [method, payload] of [
          ['PATCH', { is_published: !row.isPublished }],
          ['DELETE', undefined],
        ] as const) {
          const response = await call(who, method, `/group_plan_templates/${row.id}/`, payload);
          expect([row.name, who, method, response.statusCode]).toEqual([row.name, who, method, status]);
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect(await snapshot()).toEqual(rowsBefore);
    // Not vacuous: each template has a role that manages it and one that is refused.
    for (const row of rows) {
      expect(roles.some((who) => statusOf(who, row) === 200)).toBe(true);
      expect(roles.some((who) => statusOf(who, row) === 403)).toBe(true);
    }

    // Those who manage them: publish, rename, new tree; the change is theirs and dated.
    t.clock.now = LATER;
    const changes: [Who, TemplateRow][] = [
      ['superuser', ownDraft],
      ['staff', systemDraft],
      ['outsider', otherSchool],
    ];
    for (const [who, row] of changes) {
      const content = { categories: [{ name: 'Nieuw', layer: 'INSTRUCTION', children: [] }] };
      const response = await call(who, 'PATCH', `/group_plan_templates/${row.id}`, {
        name: `${row.name} (gepubliceerd)`,
        is_published: true,
        allowed_grades: [7],
        content,
      });
      expect([who, response.statusCode]).toEqual([who, 200]);
      const answer = groupPlanTemplateSchema.parse(response.json());
      const now = await stored(row.id);
      if (!now) throw new Error('template gone');
      expect(now).toMatchObject({
        name: `${row.name} (gepubliceerd)`,
        isPublished: true,
        allowedGrades: [7],
        allowedSubjects: row.allowedSubjects,
        dateChanged: LATER,
        userId: userIds.get(who),
        content,
      });
      const standing = who === 'outsider' ? STANDING.superuser : STANDING[who as 'staff'];
      expect(answer).toEqual({ ...expected(now, standing, true), canEdit: true });
    }
    // The audit log names the change (written with it).
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'group_plan_template.update'), eq(auditLog.entityId, String(systemDraft.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ schoolId: null, details: { isSystem: true } });

    // Deleting a template leaves the plans made from it, without their template.
    const plan = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupA.id,
      templateId: ownPublished.id,
    });
    const deleted = await call('superuser', 'DELETE', `/group_plan_templates/${ownPublished.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await stored(ownPublished.id)).toBeNull();
    const [kept] = await db().select().from(groupPlans).where(eq(groupPlans.id, plan.id));
    expect(kept?.templateId).toBeNull();
    const again = await call('superuser', 'DELETE', `/group_plan_templates/${ownPublished.id}/`);
    expect(again.statusCode).toBe(404);
    expect((await call('staff', 'DELETE', `/group_plan_templates/${systemPublished.id}/`)).statusCode).toBe(
      204,
    );
    t.clock.now = NOW;
  });

  it('refuses bad template bodies per field, with the tree limits, and changes nothing', async () => {
    t.clock.now = NOW;
    const template = await insertTemplate({ name: 'Te wijzigen', isPublished: true });
    const valid = { name: 'Plan', school_id: f.school.id };
    const many = (count: number): TreeIn[] =>
      Array.from({ length: count }, (_, index) => ({ name: `C${index}`, layer: 'GROUP' }));
    const deep = 'content/categories/0/children/0/children/0/children/0/children';
    const cases: [Method, object, string, string | undefined][] = [
      ['POST', { ...valid, name: '' }, 'name', GROUP_PLAN_ERRORS.required],
      ['POST', { ...valid, name: '   ' }, 'name', GROUP_PLAN_ERRORS.required],
      ['POST', { school_id: f.school.id }, 'name', GROUP_PLAN_ERRORS.required],
      ['POST', { ...valid, name: 'x'.repeat(201) }, 'name', undefined],
      ['POST', { name: 'Plan' }, 'school_id', GROUP_PLAN_ERRORS.required],
      ['POST', { ...valid, is_system: true }, 'school_id', GROUP_PLAN_ERRORS.systemWithSchool],
      ['POST', { ...valid, allowed_grades: [9] }, 'allowed_grades/0', undefined],
      [
        'POST',
        { ...valid, allowed_subjects: [999_999] },
        'allowed_subjects',
        GROUP_PLAN_ERRORS.unknownSubject,
      ],
      ['POST', { ...valid, content: { categories: chain(5) } }, deep, GROUP_PLAN_ERRORS.tooDeep],
      [
        'POST',
        { ...valid, content: { categories: many(201) } },
        'content/categories',
        GROUP_PLAN_ERRORS.tooMany,
      ],
      [
        'POST',
        { ...valid, content: { categories: [{ name: 'Wortel', layer: 'GROUP', children: many(200) }] } },
        'content/categories',
        GROUP_PLAN_ERRORS.tooMany,
      ],
      [
        'POST',
        { ...valid, content: { categories: [{ name: 'Leerling', layer: 'PUPIL' }] } },
        'content/categories/0/layer',
        undefined,
      ],
      [
        'POST',
        {
          ...valid,
          content: { categories: [{ name: 'A', layer: 'GROUP', children: [{ name: ' ', layer: 'GROUP' }] }] },
        },
        'content/categories/0/children/0/name',
        GROUP_PLAN_ERRORS.required,
      ],
      [
        'POST',
        { ...valid, content: { categories: [{ name: 'x'.repeat(101), layer: 'GROUP' }] } },
        'content/categories/0/name',
        undefined,
      ],
      ['PATCH', {}, 'non_field_errors', GROUP_PLAN_ERRORS.nothingToChange],
      ['PATCH', { name: '' }, 'name', GROUP_PLAN_ERRORS.required],
      ['PATCH', { is_published: 'yes' }, 'is_published', undefined],
      ['PATCH', { content: { categories: chain(5) } }, deep, GROUP_PLAN_ERRORS.tooDeep],
      ['PATCH', { allowed_subjects: [RW, 999_999] }, 'allowed_subjects', GROUP_PLAN_ERRORS.unknownSubject],
    ];
    const before = await counts();
    const templateBefore = await stored(template.id);
    for (const [method, payload, field, message] of cases) {
      const url = method === 'POST' ? '/group_plan_templates/' : `/group_plan_templates/${template.id}/`;
      const response = await call('superuser', method, url, payload);
      const label = [method, JSON.stringify(payload).slice(0, 120)];
      expect([...label, response.statusCode]).toEqual([...label, 400]);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect([...label, Object.keys(errors)]).toEqual([...label, [field]]);
      if (message !== undefined) expect(errors[field]).toEqual([message]);
    }
    expect(await counts()).toEqual(before);
    expect(await stored(template.id)).toEqual(templateBefore);

    // At the limits: four levels, and 200 categories in all.
    const limits: TreeIn[][] = [chain(4), [{ name: 'Wortel', layer: 'GROUP', children: many(199) }]];
    for (const categories of limits) {
      const response = await call('superuser', 'POST', '/group_plan_templates/', {
        ...valid,
        content: { categories },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(groupPlanTemplateSchema.parse(response.json()).content).toEqual({
        categories: withChildren(categories),
      });
    }
  });

  it('keeps the other school and unseen templates out of reach by id', async () => {
    const other = await insertTemplate({ name: 'Elders', schoolId: f.other.id, isPublished: false });
    const mine = await insertTemplate({ name: 'Hier', isPublished: false });
    const cases: [Who, number, number][] = [
      ['superuser', other.id, 404],
      ['outsider', mine.id, 404],
      ['superuser', 2147483647, 404],
      ['superuser', mine.id, 200],
    ];
    for (const [who, id, status] of cases) {
      const response = await call(who, 'PATCH', `/group_plan_templates/${id}/`, { name: 'X' });
      expect([who, id, response.statusCode]).toEqual([who, id, status]);
    }
  });
});

/*
 * The template rules, viewer by viewer: provider staff (not a member), a superuser, a senco and a teacher of
 * school 10, and a superuser of school 11.
 */
describe('group plan template policy', () => {
  const access = (values: Partial<SchoolAccess>): SchoolAccess => ({
    schoolId: 10,
    userId: 1,
    isSchoolSuperuser: false,
    isSenco: false,
    readsWholeSchool: false,
    isRestricted: false,
    groupIds: [],
    ...values,
  });
  const VIEWERS = {
    staff: { isStaff: true, access: null },
    superuser: {
      isStaff: false,
      access: access({ isSchoolSuperuser: true, readsWholeSchool: true, groupIds: null }),
    },
    senco: { isStaff: false, access: access({ isSenco: true, readsWholeSchool: true, groupIds: null }) },
    teacher: { isStaff: false, access: access({ groupIds: [1] }) },
    otherSuperuser: {
      isStaff: false,
      access: access({ schoolId: 11, isSchoolSuperuser: true, readsWholeSchool: true, groupIds: null }),
    },
  };
  type Viewer = keyof typeof VIEWERS;
  const template = (values: Partial<TemplateFacts>): TemplateFacts => ({
    isSystem: false,
    isPublished: true,
    schoolId: 10,
    ...values,
  });
  const cases: { name: string; facts: TemplateFacts; sees: Viewer[]; manages: Viewer[] }[] = [
    {
      name: 'published system template',
      facts: template({ isSystem: true, schoolId: null }),
      sees: ['staff', 'superuser', 'senco', 'teacher', 'otherSuperuser'],
      manages: ['staff'],
    },
    {
      name: 'unpublished system template',
      facts: template({ isSystem: true, schoolId: null, isPublished: false }),
      sees: ['staff'],
      manages: ['staff'],
    },
    {
      name: 'published template of school 10',
      facts: template({}),
      sees: ['superuser', 'senco', 'teacher'],
      manages: ['superuser'],
    },
    {
      name: 'unpublished template of school 10',
      facts: template({ isPublished: false }),
      sees: ['superuser'],
      manages: ['superuser'],
    },
  ];
  for (const { name, facts, sees, manages } of cases) {
    it(name, () => {
      const verdicts = Object.fromEntries(
        Object.entries(VIEWERS).map(([viewer, value]) => [
          viewer,
          [canSeeTemplate(value, facts), canManageTemplate(value, facts)],
        ]),
      );
      const want = Object.fromEntries(
        Object.keys(VIEWERS).map((viewer) => [
          viewer,
          [sees.includes(viewer as Viewer), manages.includes(viewer as Viewer)],
        ]),
      );
      expect(verdicts).toEqual(want);
    });
  }

  it('fits a template to a subject and grade, an empty list allowing all', () => {
    expect(templateFits({ allowedSubjects: [], allowedGrades: [] }, 4, 8)).toEqual({
      subject: true,
      grade: true,
    });
    expect(templateFits({ allowedSubjects: [1, 2], allowedGrades: [5] }, 2, 6)).toEqual({
      subject: true,
      grade: false,
    });
    expect(templateFits({ allowedSubjects: [1], allowedGrades: [6] }, 2, 6)).toEqual({
      subject: false,
      grade: true,
    });
  });

  it('gives staff powers only to staff of the provider domain acting as themselves', () => {
    const staff = { isProviderStaff: true, email: 'a@leerzicht.example' };
    expect(actsAsStaff({ impersonatorId: null }, staff, 'leerzicht.example')).toBe(true);
    expect(actsAsStaff({ impersonatorId: 7 }, staff, 'leerzicht.example')).toBe(false);
    expect(
      actsAsStaff({ impersonatorId: null }, { ...staff, email: 'a@school.example' }, 'leerzicht.example'),
    ).toBe(false);
    expect(
      actsAsStaff({ impersonatorId: null }, { ...staff, isProviderStaff: false }, 'leerzicht.example'),
    ).toBe(false);
  });
});
