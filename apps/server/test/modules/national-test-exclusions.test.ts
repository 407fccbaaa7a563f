import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  compareNames,
  nationalTestExclusionListSchema,
  pupilDetailSchema,
  readSchoolHistory,
  type NationalTestExclusionList,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { addMember, createUser } from '../helpers/factories';
import { buildResultsSchool, type InsertedScore } from '../helpers/results-fixture';
import { countedRows } from '../helpers/results-expected';
import { signIn } from '../helpers/sign-in';
import { auditLog, pupils } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';

const NOW = new Date('2026-03-01T10:00:00Z');
const PROVIDER_DOMAIN = 'leerzicht.example';
const SUBJECT_BY_ID = new Map(Object.entries(SUBJECT_IDS).map(([code, id]) => [id, code]));

describe('national-test exclusions (the blacklist)', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who] ?? '', { method, url: api(url), ...(payload ? { payload } : {}) }));
  const list = async (query = '') => {
    const response = await call(
      'superuser',
      'GET',
      `/schools/${f.school.id}/national_test_exclusions/${query}`,
    );
    expect(response.statusCode).toBe(200);
    return nationalTestExclusionListSchema.parse(response.json());
  };
  const post = (who: string, body: object) =>
    call(who, 'POST', '/national_test_exclusions/', { schoolId: f.school.id, ...body });
  const pupilRows = (ids: number[]) =>
    t.database.db.select().from(pupils).where(inArray(pupils.id, ids)).orderBy(pupils.id);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    f = await buildResultsSchool(db);
    for (const [who, user] of Object.entries(f.users)) tokens[who] = await signIn(t, user);
    const demo = await createUser(db, { isDemo: true });
    await addMember(db, f.school.id, demo.id, { isSchoolSuperuser: true });
    tokens.demo = await signIn(t, demo);
    const staff = await createMember(db, {
      email: `staff-${Date.now()}@${PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const staffToken = await signIn(t, staff.user);
    const started = await t.app.inject(
      authed(staffToken, {
        method: 'POST',
        url: api('/impersonate/'),
        payload: { userId: f.users.superuser.id, schoolId: f.school.id, reason: 'Ticket 7: exclusions' },
      }),
    );
    expect(started.statusCode).toBe(200);
    tokens.impersonated = (started.json() as { token: string }).token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("lists the pupils of the session's school year by the particle rule, with groups and exclusion", async () => {
    const body = await list();
    expect(body.calendarYear).toBe(2025);
    const expected = [...f.cohort1, ...f.cohort2].sort((a, b) => compareNames(a, b) || a.id - b.id);
    expect(body.pupils.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(body.pupils.map((p) => p.lastName)).toEqual([
      'Bakker',
      'Berg',
      'Boer',
      'Dijk',
      'Jansen',
      'Uitgesloten',
      'Visser',
      'Wit',
      'Zwart',
    ]);
    const excluded = body.pupils.filter((p) => p.citoIsExcluded).map((p) => p.lastName);
    expect(excluded).toEqual(['Uitgesloten']);
    const berg = body.pupils.find((p) => p.lastName === 'Berg');
    expect(berg).toMatchObject({
      lastNamePrefix: 'van der',
      yearclassId: f.groups.g6.id,
      yearclassName: 'Groep 6',
      grade: 6,
    });
    expect(body.pupils.find((p) => p.lastName === 'Jansen')).toMatchObject({
      yearclassId: f.groups.g7.id,
      grade: 7,
    });
    expect(body.pupils.some((p) => p.id === f.otherPupil.id)).toBe(false);
    const older = await list('?school_year=2024');
    expect(older.pupils.find((p) => p.lastName === 'Dijk')).toMatchObject({
      yearclassId: f.groups.g5.id,
      grade: 5,
    });
  });

  it('searches on any part of the full name', async () => {
    expect((await list('?search=van')).pupils.map((p) => p.lastName)).toEqual(['Berg', 'Dijk']);
    expect((await list('?search=VAN%20der')).pupils.map((p) => p.lastName)).toEqual(['Berg']);
    expect((await list('?search=mila')).pupils.map((p) => p.firstName)).toEqual(['Mila']);
    expect((await list('?search=niemand')).pupils).toEqual([]);
  });

  it("excludes with reason and who/when, and the school's aggregates drop the pupil at once", async () => {
    const jan = f.cohort1[0];
    if (!jan) throw new Error('fixture');
    const countOf = async (rows: InsertedScore[]) => {
      const response = await call('superuser', 'GET', `/school_history/${f.school.id}/`);
      expect(response.statusCode).toBe(200);
      const history = readSchoolHistory(response.json());
      const counted = countedRows(rows);
      const checked: string[] = [];
      for (const exam of history.exams)
        for (const result of exam.results) {
          const subject = SUBJECT_BY_ID.get(result.subjectId);
          const expected = counted.filter(
            (row) =>
              row.calendarYear === exam.calendarYear &&
              row.yearTime === exam.yearTime &&
              row.subject === subject,
          ).length;
          expect(result.school.pupilCount, `${exam.key} ${subject}`).toBe(expected);
          checked.push(`${exam.key} ${subject}`);
        }
      return checked;
    };
    expect((await countOf(f.rows)).length).toBeGreaterThan(0);
    const withJan = countedRows(f.rows).filter((row) => row.pupilId === jan.id).length;
    expect(withJan).toBeGreaterThan(0);

    const response = await post('superuser', { pupilIds: [jan.id], excluded: true, reason: 'NEWCOMER' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1 });
    const [row] = await pupilRows([jan.id]);
    expect(row).toMatchObject({
      citoIsExcluded: true,
      citoExclusionReason: 'NEWCOMER',
      citoExclusionReasonText: null,
      citoExclusionChangedById: f.users.superuser.id,
    });
    expect(row?.citoExclusionChangedAt?.toISOString()).toBe(NOW.toISOString());
    const listed = (await list()).pupils.find((p) => p.id === jan.id);
    expect(listed).toMatchObject({
      citoIsExcluded: true,
      reason: 'NEWCOMER',
      reasonText: null,
      changedBy: { firstName: f.users.superuser.firstName, lastName: f.users.superuser.lastName },
      changedAt: NOW.toISOString(),
    });
    await countOf(f.rows.map((r) => (r.pupilId === jan.id ? { ...r, excluded: true } : r)));
    const detail = await call('superuser', 'GET', `/pupils/${jan.id}/?school_id=${f.school.id}`);
    expect(pupilDetailSchema.parse(detail.json())).toMatchObject({
      citoIsExcluded: true,
      citoExclusionReason: 'NEWCOMER',
      citoExclusionReasonText: null,
    });

    const back = await post('superuser', { pupilIds: [jan.id], excluded: false });
    expect(back.statusCode).toBe(200);
    const [cleared] = await pupilRows([jan.id]);
    expect(cleared).toMatchObject({
      citoIsExcluded: false,
      citoExclusionReason: null,
      citoExclusionReasonText: null,
      citoExclusionChangedById: f.users.superuser.id,
    });
    await countOf(f.rows);
  });

  it('sets several pupils in one call, with a free text for OTHER', async () => {
    const ids = f.cohort2.map((p) => p.id);
    const response = await post('superuser', {
      pupilIds: ids,
      excluded: true,
      reason: 'OTHER',
      reasonText: '  Langdurig ziek  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: ids.length });
    const rows = await pupilRows(ids);
    expect(rows.map((r) => [r.citoIsExcluded, r.citoExclusionReason, r.citoExclusionReasonText])).toEqual(
      ids.map(() => [true, 'OTHER', 'Langdurig ziek']),
    );
    expect((await post('superuser', { pupilIds: ids, excluded: false })).statusCode).toBe(200);
    expect((await pupilRows(ids)).every((r) => !r.citoIsExcluded && r.citoExclusionReason === null)).toBe(
      true,
    );
  });

  it('refuses the whole call when one pupil is of another school: nothing changes', async () => {
    const ids = [f.cohort1[1]?.id ?? 0, f.otherPupil.id];
    const before = await pupilRows(ids);
    const response = await post('superuser', {
      pupilIds: ids,
      excluded: true,
      reason: 'DEVELOPMENT_PERSPECTIVE',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['pupilIds']);
    expect(await pupilRows(ids)).toEqual(before);
    const unknown = await post('superuser', { pupilIds: [f.cohort1[1]?.id ?? 0, 999_999], excluded: false });
    expect(unknown.statusCode).toBe(400);
    expect(await pupilRows(ids)).toEqual(before);
  });

  it('answers 400 per field', async () => {
    const id = f.cohort1[1]?.id ?? 0;
    const before = await pupilRows([id]);
    const cases: [object, string[]][] = [
      [{ pupilIds: [id], excluded: true }, ['reason']],
      [{ pupilIds: [id], excluded: true, reason: 'OTHER' }, ['reasonText']],
      [{ pupilIds: [id], excluded: true, reason: 'OTHER', reasonText: '   ' }, ['reasonText']],
      [{ pupilIds: [id], excluded: true, reason: 'OTHER', reasonText: 'x'.repeat(201) }, ['reasonText']],
      [{ pupilIds: [id], excluded: true, reason: 'LAZY' }, ['reason']],
      [{ pupilIds: [], excluded: false }, ['pupilIds']],
    ];
    for (const [body, fields] of cases) {
      const response = await post('superuser', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys((response.json() as { errors: object }).errors), JSON.stringify(body)).toEqual(
        fields,
      );
    }
    expect(await pupilRows([id])).toEqual(before);
  });

  it('lets superusers only: others of the school 403, another school 404, no session 401', async () => {
    const id = f.cohort1[1]?.id ?? 0;
    const before = await pupilRows([id]);
    const url = `/schools/${f.school.id}/national_test_exclusions/`;
    const body = { schoolId: f.school.id, pupilIds: [id], excluded: true, reason: 'NEWCOMER' };
    for (const who of ['senco', 'teacher']) {
      expect((await call(who, 'GET', url)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/national_test_exclusions/', body)).statusCode, who).toBe(403);
    }
    expect((await call('outsider', 'GET', url)).statusCode).toBe(404);
    expect((await call('outsider', 'POST', '/national_test_exclusions/', body)).statusCode).toBe(404);
    const outsiderOwn = await call('outsider', 'POST', '/national_test_exclusions/', {
      ...body,
      schoolId: f.other.id,
    });
    expect(outsiderOwn.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: api(url) })).statusCode).toBe(401);
    for (const who of ['demo', 'impersonated']) {
      expect((await call(who, 'GET', url)).statusCode, who).toBe(200);
      expect((await call(who, 'POST', '/national_test_exclusions/', body)).statusCode, who).toBe(403);
    }
    expect(await pupilRows([id])).toEqual(before);
  });

  it('audits reads and writes as pupil data of the school', async () => {
    const entries = (action: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, f.users.superuser.id)));
    const reads = (await entries('pupil_data.read')).filter((e) =>
      e.entity.includes('national_test_exclusions'),
    );
    const writes = (await entries('pupil_data.write')).filter((e) =>
      e.entity.includes('national_test_exclusions'),
    );
    const id = f.cohort1[3]?.id ?? 0;
    await list();
    expect((await post('superuser', { pupilIds: [id], excluded: false })).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await entries('pupil_data.read')).filter((e) => e.entity.includes('national_test_exclusions'))
            .length,
      )
      .toBe(reads.length + 1);
    await expect
      .poll(
        async () =>
          (await entries('pupil_data.write')).filter((e) => e.entity.includes('national_test_exclusions'))
            .length,
      )
      .toBe(writes.length + 1);
    const last = (await entries('pupil_data.write')).at(-1);
    expect(last?.schoolId).toBe(f.school.id);
  });

  it('keeps its types: the list parses', () => {
    const sample: NationalTestExclusionList = { calendarYear: 2025, pupils: [] };
    expect(nationalTestExclusionListSchema.parse(sample)).toEqual(sample);
  });
});
