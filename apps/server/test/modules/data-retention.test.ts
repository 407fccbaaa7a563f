import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { compareNames, retentionOverviewSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createSchool, createUser, type Pupil } from '../helpers/factories';
import {
  createGroup,
  createPupilsWithData,
  createRetentionCatalog,
  pupilRowCounts,
  tablesReferencingPupils,
  type LeftPupilSpec,
} from '../helpers/retention-fixture';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { auditLog, schools } from '../../src/db/schema/index';
import { runScheduledRetention, startRetentionSchedule } from '../../src/modules/data-retention/index';

/** The clock lies in school year 2025-2026 (it began 1 August 2025). */
const NOW = new Date('2026-03-01T10:00:00Z');
const CURRENT_SCHOOL_YEAR = 2025;
const PROVIDER_DOMAIN = 'leerzicht.example';
/** With a period of n school years, pupils are kept who left on or after 1 August of (2025 - n). */
const firstKeptDay = (years: number) => `${CURRENT_SCHOOL_YEAR - years}-08-01`;

const SPECS: LeftPupilSpec[] = [
  { firstName: 'Jan', lastNamePrefix: 'van', lastName: 'Dijk', dateLeft: '2023-07-31' },
  { firstName: 'Eva', lastNamePrefix: 'de', lastName: 'Boer', dateLeft: '2021-06-30' },
  { firstName: 'Anna', lastName: 'Zwart', dateLeft: '2022-12-01' },
  // The particle is part of the stored surname here: the list still sorts it under A.
  { firstName: 'Otis', lastName: 'El Amrani', dateLeft: '2019-06-30' },
  { firstName: 'Piet', lastName: 'Bakker', dateLeft: '2023-08-01' },
  { firstName: 'Sara', lastNamePrefix: 'van den', lastName: 'Berg', dateLeft: '2025-10-01' },
  { firstName: 'Mila', lastName: 'Jansen', dateLeft: null },
];

type Role = 'superuser' | 'senco' | 'teacher' | 'staffMember' | 'outsider' | 'demo' | 'impersonated';

describe('data retention: pupils who left long ago', () => {
  let t: TestApp;
  let schoolId: number;
  let otherId: number;
  let pupils: Pupil[] = [];
  let otherPupils: Pupil[] = [];
  let catalog: Awaited<ReturnType<typeof createRetentionCatalog>>;
  const tokens: Partial<Record<Role, string>> = {};
  const userIds: Partial<Record<Role, number>> = {};
  const base = (id = schoolId) => `/schools/${id}/retention/`;
  const call = (who: Role, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who] ?? '', { method, url: api(url), ...(payload ? { payload } : {}) }));
  const overview = async (who: Role = 'superuser') => {
    const response = await call(who, 'GET', base());
    expect(response.statusCode).toBe(200);
    return retentionOverviewSchema.parse(response.json());
  };
  const dueOf = (rows: Pupil[], years: number) =>
    rows
      .filter((p) => p.dateLeft !== null && p.dateLeft < firstKeptDay(years))
      .sort((a, b) => compareNames(a, b) || a.id - b.id);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    catalog = await createRetentionCatalog(db);
    schoolId = (await createSchool(db, { name: 'Bewaarschool' })).id;
    otherId = (await createSchool(db, { name: 'Andere school' })).id;
    const made = {
      superuser: await createUser(db),
      senco: await createUser(db),
      teacher: await createUser(db),
      staffMember: await createUser(db, {
        email: `staff-${randomBytes(4).toString('hex')}@${PROVIDER_DOMAIN}`,
        isProviderStaff: true,
      }),
      outsider: await createUser(db),
      demo: await createUser(db, { isDemo: true }),
    };
    await addMember(db, schoolId, made.superuser.id, { isSchoolSuperuser: true });
    await addMember(db, schoolId, made.senco.id, { isSenco: true });
    await addMember(db, schoolId, made.teacher.id);
    await addMember(db, schoolId, made.staffMember.id);
    await addMember(db, otherId, made.outsider.id, { isSchoolSuperuser: true });
    await addMember(db, schoolId, made.demo.id, { isSchoolSuperuser: true });
    for (const [role, user] of Object.entries(made)) {
      const key = role as Exclude<Role, 'impersonated'>;
      userIds[key] = user.id;
      tokens[key] = await signIn(t, user);
    }
    const staff = await createUser(db, {
      email: `support-${randomBytes(4).toString('hex')}@${PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const started = await t.app.inject(
      authed(await signIn(t, staff), {
        method: 'POST',
        url: api('/impersonate/'),
        payload: { userId: made.superuser.id, schoolId, reason: 'Ticket 4: bewaartermijn' },
      }),
    );
    expect(started.statusCode).toBe(200);
    tokens.impersonated = started.json<{ token: string }>().token;

    // Those who left in or before 2022-2023 sat in a group of that year; the rest are in this year's.
    const oldGroup = await createGroup(db, schoolId, 2022, 6);
    const leftLongAgo = SPECS.filter((spec) => spec.dateLeft !== null && spec.dateLeft < '2023-08-01');
    const others = SPECS.filter((spec) => !leftLongAgo.includes(spec));
    const group = await createGroup(db, schoolId, CURRENT_SCHOOL_YEAR, 5);
    pupils = [
      ...(await createPupilsWithData(db, catalog, oldGroup, made.superuser.id, leftLongAgo)),
      ...(await createPupilsWithData(db, catalog, group, made.superuser.id, others)),
    ];
    const otherGroup = await createGroup(db, otherId, 2020, 7);
    otherPupils = await createPupilsWithData(db, catalog, otherGroup, made.outsider.id, [
      { firstName: 'Noor', lastName: 'Visser', dateLeft: '2020-06-30' },
    ]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('gives every pupil of the fixture a row in every table that references pupils', async () => {
    const tables = await tablesReferencingPupils(t.database.db);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    const counts = await pupilRowCounts(
      t.database.db,
      pupils.map((p) => p.id),
    );
    for (const [table, count] of Object.entries(counts))
      expect(count, table).toBeGreaterThanOrEqual(SPECS.length);
  });

  it('lists the pupils who left before the cut-off, sorted on the word after the particle', async () => {
    const body = await overview();
    const expected = dueOf(pupils, 2);
    expect(expected.map((p) => p.lastName)).toEqual(['El Amrani', 'Boer', 'Dijk', 'Zwart']);
    expect(body).toMatchObject({ retentionYears: 2, autoRemoveLeftPupils: false, cutoffDate: '2023-07-31' });
    expect(body.pupils.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(body.pupils.map((p) => p.dateLeft)).toEqual(expected.map((p) => p.dateLeft));
    expect(body.pupils.map((p) => p.sortName)).toEqual([
      'Amrani, Otis El',
      'Boer, Eva de',
      'Dijk, Jan van',
      'Zwart, Anna',
    ]);
    expect(body.pupils[1]).toMatchObject({ name: 'Eva de Boer', lastGroupName: 'Groep 6 (2022)' });
    expect(body.pupils.some((p) => otherPupils.some((o) => o.id === p.id))).toBe(false);
  });

  it('lets superusers only: others of the school 403, another school 404, no session 401; nothing changes', async () => {
    const before = await rowCounts(t.database.db);
    const due = dueOf(pupils, 2).map((p) => p.id);
    const settings = { retentionYears: 1, autoRemoveLeftPupils: true };
    for (const who of ['senco', 'teacher', 'staffMember'] as const) {
      expect((await call(who, 'GET', base())).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', base(), settings)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `${base()}remove/`, { pupilIds: due })).statusCode, who).toBe(403);
    }
    expect((await call('outsider', 'GET', base())).statusCode).toBe(404);
    expect((await call('outsider', 'PUT', base(), settings)).statusCode).toBe(404);
    expect((await call('outsider', 'POST', `${base()}remove/`, { pupilIds: due })).statusCode).toBe(404);
    for (const who of ['demo', 'impersonated'] as const) {
      expect((await call(who, 'GET', base())).statusCode, who).toBe(200);
      expect((await call(who, 'PUT', base(), settings)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `${base()}remove/`, { pupilIds: due })).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: api(base()) })).statusCode).toBe(401);
    expect((await call('superuser', 'GET', base(999_999))).statusCode).toBe(404);
    const after = await rowCounts(t.database.db);
    // Reads are audited; nothing else may differ.
    expect({ ...after, audit_log: 0, sessions: 0 }).toEqual({ ...before, audit_log: 0, sessions: 0 });
  });

  it('changes the period and the scheduled removal; the list follows the new cut-off', async () => {
    const response = await call('superuser', 'PUT', base(), {
      retentionYears: 3,
      autoRemoveLeftPupils: true,
    });
    expect(response.statusCode).toBe(200);
    const body = retentionOverviewSchema.parse(response.json());
    expect(body).toMatchObject({ retentionYears: 3, autoRemoveLeftPupils: true, cutoffDate: '2022-07-31' });
    const expected = dueOf(pupils, 3);
    expect(expected.map((p) => p.lastName)).toEqual(['El Amrani', 'Boer']);
    expect(body.pupils.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    const [row] = await t.database.db.select().from(schools).where(eq(schools.id, schoolId));
    expect(row).toMatchObject({ retentionYears: 3, autoRemoveLeftPupils: true });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.settings'), eq(auditLog.schoolId, schoolId)));
    expect(entries.at(-1)?.details).toEqual({ retentionYears: 3, autoRemoveLeftPupils: true });

    const bad: [object, string[]][] = [
      [{ retentionYears: 0, autoRemoveLeftPupils: false }, ['retentionYears']],
      [{ retentionYears: 11, autoRemoveLeftPupils: false }, ['retentionYears']],
      [{ retentionYears: 2.5, autoRemoveLeftPupils: false }, ['retentionYears']],
      [{ retentionYears: 2, autoRemoveLeftPupils: 'ja' }, ['autoRemoveLeftPupils']],
      [{ retentionYears: 2 }, ['autoRemoveLeftPupils']],
    ];
    for (const [payload, fields] of bad) {
      const refused = await call('superuser', 'PUT', base(), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(refused.json<{ errors: object }>().errors), JSON.stringify(payload)).toEqual(fields);
    }
    const [unchanged] = await t.database.db.select().from(schools).where(eq(schools.id, schoolId));
    expect(unchanged).toMatchObject({ retentionYears: 3, autoRemoveLeftPupils: true });
    const back = await call('superuser', 'PUT', base(), { retentionYears: 2, autoRemoveLeftPupils: false });
    expect(back.statusCode).toBe(200);
  });

  it('removes all or none: a pupil not due, of another school or unknown refuses the call and changes nothing', async () => {
    const due = dueOf(pupils, 2).map((p) => p.id);
    const notDue = pupils.filter((p) => !due.includes(p.id)).map((p) => p.id);
    const before = await rowCounts(t.database.db);
    const cases: object[] = [
      { pupilIds: [...due, notDue[0]] },
      { pupilIds: [due[0], otherPupils[0]?.id] },
      { pupilIds: [due[0], 999_999] },
    ];
    for (const payload of cases) {
      const response = await call('superuser', 'POST', `${base()}remove/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['pupilIds']);
    }
    for (const payload of [{ pupilIds: [] }, { pupilIds: ['x'] }, {}]) {
      const response = await call('superuser', 'POST', `${base()}remove/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('removes due pupils with all their data in every table, keeps the rest, audits the count only', async () => {
    const due = dueOf(pupils, 2);
    const removeIds = due.slice(0, 2).map((p) => p.id);
    const keptIds = pupils.map((p) => p.id).filter((id) => !removeIds.includes(id));
    const keptBefore = await pupilRowCounts(t.database.db, keptIds);
    const otherBefore = await pupilRowCounts(
      t.database.db,
      otherPupils.map((p) => p.id),
    );
    const removedBefore = await pupilRowCounts(t.database.db, removeIds);
    for (const [table, count] of Object.entries(removedBefore))
      expect(count, table).toBeGreaterThanOrEqual(2);

    const response = await call('superuser', 'POST', `${base()}remove/`, {
      pupilIds: [...removeIds, removeIds[0]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: removeIds.length });

    const removedAfter = await pupilRowCounts(t.database.db, removeIds);
    for (const [table, count] of Object.entries(removedAfter)) expect(count, table).toBe(0);
    expect(await pupilRowCounts(t.database.db, keptIds)).toEqual(keptBefore);
    expect(
      await pupilRowCounts(
        t.database.db,
        otherPupils.map((p) => p.id),
      ),
    ).toEqual(otherBefore);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.remove'), eq(auditLog.schoolId, schoolId)));
    expect(entries.length).toBe(1);
    expect(entries[0]).toMatchObject({
      actorUserId: userIds.superuser,
      details: { removed: removeIds.length },
    });
    const written = JSON.stringify(entries[0]);
    for (const pupil of due) expect(written).not.toContain(pupil.lastName);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.action, 'pupil_data.write'), eq(auditLog.schoolId, schoolId)))
          ).length,
      )
      .toBe(1);

    const rest = (await overview()).pupils.map((p) => p.id);
    expect(rest).toEqual(due.slice(2).map((p) => p.id));
    pupils = pupils.filter((p) => !removeIds.includes(p.id));
  });

  it('the scheduled run removes due pupils of schools that switched it on, as the system', async () => {
    const db = t.database.db;
    const autoSchool = await createSchool(db, {
      name: 'Automatisch',
      autoRemoveLeftPupils: true,
      retentionYears: 1,
    });
    const autoGroup = await createGroup(db, autoSchool.id, 2023, 8);
    const staffer = await createUser(db);
    const autoPupils = await createPupilsWithData(db, catalog, autoGroup, staffer.id, [
      { firstName: 'Kees', lastName: 'Oud', dateLeft: '2024-07-15' },
      { firstName: 'Lotte', lastNamePrefix: 'ter', lastName: 'Horst', dateLeft: '2024-08-01' },
      { firstName: 'Bram', lastName: 'Blijft', dateLeft: null },
    ]);
    const expectedGone = dueOf(autoPupils, 1);
    expect(expectedGone.map((p) => p.lastName)).toEqual(['Oud']);
    const keptIds = autoPupils.filter((p) => !expectedGone.includes(p)).map((p) => p.id);
    const keptBefore = await pupilRowCounts(db, keptIds);
    const manualBefore = await pupilRowCounts(
      db,
      pupils.map((p) => p.id),
    );

    const runs = await runScheduledRetention(t.ctx);
    expect(runs).toEqual([{ schoolId: autoSchool.id, removed: expectedGone.length }]);
    const goneAfter = await pupilRowCounts(
      db,
      expectedGone.map((p) => p.id),
    );
    for (const [table, count] of Object.entries(goneAfter)) expect(count, table).toBe(0);
    expect(await pupilRowCounts(db, keptIds)).toEqual(keptBefore);
    // The school without the switch keeps its due pupils.
    expect(
      await pupilRowCounts(
        db,
        pupils.map((p) => p.id),
      ),
    ).toEqual(manualBefore);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.auto_remove'), eq(auditLog.schoolId, autoSchool.id)));
    expect(entries.map((e) => [e.actorUserId, e.details])).toEqual([
      [null, { removed: expectedGone.length }],
    ]);

    expect(await runScheduledRetention(t.ctx)).toEqual([{ schoolId: autoSchool.id, removed: 0 }]);
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'retention.auto_remove'), eq(auditLog.schoolId, autoSchool.id)))
      ).length,
    ).toBe(1);
  });

  it('the schedule runs at once on start and stops when told', async () => {
    const logged: { schools: number; removed: number }[] = [];
    const errors: object[] = [];
    const stop = startRetentionSchedule(
      t.ctx,
      { info: (details) => logged.push(details), error: (details) => errors.push(details) },
      60_000,
    );
    try {
      await expect.poll(() => logged.length).toBe(1);
      const autoSchools = await t.database.db
        .select()
        .from(schools)
        .where(eq(schools.autoRemoveLeftPupils, true));
      expect(logged[0]).toEqual({ schools: autoSchools.length, removed: 0 });
      expect(errors).toEqual([]);
    } finally {
      await stop();
    }
  });
});
