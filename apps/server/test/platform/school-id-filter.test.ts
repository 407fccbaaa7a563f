import { cp, mkdtemp, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { fingerprint } from 'libpg-query';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schoolYearOf } from '@leerzicht/contract';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import { migrationsFolder } from '../../src/db/client';
import * as schema from '../../src/db/schema/index';
import { createSecretBox } from '../../src/platform/secret-box';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { seedDemo } from '../../src/seed/index';
import { REGENBOOG } from '../../src/seed/schools';
import { schoolOwnedTables, unfilteredTables } from '../helpers/school-id-check';

const TODAY = new Date('2026-11-21T12:00:00Z');
const CURRENT = schoolYearOf(TODAY);
const SECRET = 'school-id-filter-secret-that-is-long-enough-for-hs256';

/**
 * Statements that touch a school-owned table without a school_id predicate yet, by libpg-query fingerprint
 * (constants and parameters aside: the same statement with other ids is the same entry), with the request that
 * sent it. Three kinds, none a leak (the policy checked the school first), each a query to every shard on Citus
 * until its repository adds the school_id it has at hand (docs/scaling.md):
 * - "by id": the lookup of the school of an object named in the path or body (a group, plan, note, score);
 * - "joined by id": a join to a school-owned table on its id alone (`and x.school_id = y.school_id` is missing);
 * - "by user" / "by pupil" / "in a subquery": a filter on another key of the same school.
 * A new statement without the predicate fails this test and prints the line to add here (only when it cannot
 * filter); a statement that gains the predicate must leave the list (the test says which).
 */
const NOT_YET_FILTERED: Record<string, string> = {
  fb24121035265aa4:
    'GET /all_notes/ (count): year_class_pupils in a subquery; national_test_scores, method_test_scores joined by id',
  fca9e734c2126b8d:
    'GET /all_notes/: year_class_pupils in a subquery; national_test_scores, method_test_scores, pupils joined by id',
  '3736859c70eaef2a': 'POST /cito_score_note/: national_test_scores by id',
  '3e93e64f948e9f94': 'GET /group_plans/:id/effect/: group_plans by id',
  ff76354fb9fbbdc0: 'GET /hidden-notifications/: hidden_notifications by user',
  '9f8937d94d05abb8': 'POST /login/: school_memberships by user (has the account a paying school)',
  befd7b2d605fca2c: 'GET /profile/: school_memberships by user (the schools of the account)',
  '7800ad5845617bdd': 'GET /note_categories/: group_plans joined by id',
  dd35c0248a642484: 'GET /note_categories/: group_plans by id',
  fc47508f324d5814: 'DELETE /pin_pupil/:id/: pinned_pupils by id',
  a1fffe40f0749443: "DELETE /pin_pupil/:id/: pinned_pupils by id (the policy's look-up of the pin's owner)",
  '49e5efe612fab487': 'GET /pupil_approaches/: pupils joined by id; year_classes joined by id',
  efcdbb9b1045b222: 'POST /pupil_note/: pupil_notes by id',
  '280a6a2610470766': 'DELETE /pupil_note/:id/: pupil_notes by id',
  '7d1365cb8c342b12': 'PATCH /pupil_note/:id/: pupil_notes by id',
  fef0488579549d65:
    'GET /pupils/:id/: pupils by id (its school and groups, with the membership of that school joined on it)',
  '5bd2a194bc99e78c': 'GET /pupils/:id/: pinned_pupils by user',
  c78fed0b38e2e9f4: 'GET /recent_plans/: year_classes joined by id',
  '57a410bbf56008e6': 'PATCH /school_ambitions/:id/: school_ambitions by id',
  a44dcb8e51c9f772:
    'GET /social_emotional_observation/: social_emotional_observations in a subquery or CTE; year_classes joined by id',
  cea01bad7d1fd0c3: 'GET /social_emotional_observation/: year_classes joined by id',
  '82948bc4f30c1b0f':
    'GET /year_classes/:id/result/: year_classes by id (with the membership of its school joined on it)',
};

interface Captured {
  sql: string;
  request: string;
}

describe('every statement on a school-owned table filters on school_id', () => {
  let app: FastifyInstance;
  let client: PGlite;
  let dataDir: string | null = null;
  let token = '';
  let current = '';
  const captured: Captured[] = [];
  let capturing = false;

  beforeAll(async () => {
    const template = inject('testDbTemplate');
    if (template.kind === 'pglite') {
      dataDir = await mkdtemp(path.join(template.scratch, 'db-'));
      await cp(template.dir, dataDir, { recursive: true });
      client = new PGlite(dataDir);
    } else {
      client = new PGlite();
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    }
    // The statements the server sends, as Drizzle logs them (every query, inside transactions too).
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (sql) => void (capturing && captured.push({ sql, request: current })) },
    });
    const secretBox = createSecretBox(SECRET);
    await seedDemo(db, {
      today: TODAY,
      providerDomain: 'leerzicht.example',
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    const ctx: AppContext = {
      db,
      readDb: db,
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JWT_SECRET: SECRET,
        WEB_DIST: '/nonexistent',
      }),
      jwtSecret: SECRET,
      secretBox,
      now: () => TODAY,
      buildVersion: 'test',
      mailer: { outbox: null, send: async () => undefined },
    };
    app = await buildApp({ ctx, ping: async () => true });
    await app.ready();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    current = `${method} ${url}`;
    const response = await app.inject({
      method,
      url: `/api/1.0${url}`,
      payload,
      headers: token ? { authorization: `JWT ${token}` } : {},
    });
    expect(response.statusCode, `${current}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    return response;
  };
  const idOf = (response: { json(): unknown }) => {
    const body = response.json();
    if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'number')
      return body.id;
    throw new Error(`no id in ${JSON.stringify(body)}`);
  };

  it('holds for the requests of a school day on the demo (reads and writes), apart from the listed ones', async () => {
    const db = drizzle(client, { schema });
    const school = REGENBOOG.id;
    const [group] = await db
      .select()
      .from(schema.yearClasses)
      .where(and(eq(schema.yearClasses.schoolId, school), eq(schema.yearClasses.calendarYear, CURRENT)))
      .orderBy(desc(schema.yearClasses.grade), asc(schema.yearClasses.id))
      .limit(1);
    if (!group) throw new Error('no current group in the demo');
    const [member] = await db
      .select()
      .from(schema.yearClassPupils)
      .where(eq(schema.yearClassPupils.yearClassId, group.id))
      .orderBy(asc(schema.yearClassPupils.pupilId))
      .limit(1);
    const pupil = member?.pupilId ?? 0;
    const [score] = await db
      .select()
      .from(schema.nationalTestScores)
      .where(eq(schema.nationalTestScores.pupilId, pupil))
      .limit(1);
    const [ambition] = await db
      .select()
      .from(schema.schoolAmbitions)
      .where(eq(schema.schoolAmbitions.schoolId, school))
      .limit(1);
    const [plan] = await db
      .select()
      .from(schema.groupPlans)
      .where(eq(schema.groupPlans.schoolId, school))
      .limit(1);
    const subject = SUBJECT_IDS.RW;

    capturing = true;
    token = '';
    const login = await call('POST', '/login/', { username: 'directeur', password: 'welkom-leerzicht' });
    token = (login.json() as { token: string }).token;

    // Reads: the shell, the school, results, the group's pages, the pupil's pages.
    for (const url of [
      '/profile/',
      '/user-settings/',
      '/hidden-notifications/',
      `/schools/${school}/`,
      '/subjects/',
      `/school_sencos/${school}/`,
      `/school_permissions/${school}/`,
      `/school_history/${school}/`,
      `/schools/${school}/analytics/?subject_id=${subject}`,
      `/school_pupils/${school}/`,
      `/school-outflow/${school}/`,
      `/school-inspection/${school}/`,
      `/schools/${school}/year_grades/`,
      `/schools/${school}/year_grades/${group.grade}/`,
      `/schools/${school}/subject_trends/?subject_id=${subject}`,
      `/schools/${school}/subject_trends/?subject_id=${subject}&view=group`,
      `/schools/${school}/year_grades/${group.grade}/growth/`,
      `/schools/${school}/pupils_to_discuss/`,
      `/year_classes/${group.id}/result/`,
      `/year_classes/${group.id}/pupils_to_discuss/`,
      `/year_classes/${group.id}/goals/`,
      `/all_notes/?school_id=${school}&yearclass_id=${group.id}`,
      `/pupil_approaches/?yearclass_id=${group.id}&subject_id=${subject}`,
      `/social_emotional_aspects/?school_id=${school}`,
      `/social_emotional_observation/?yearclass_id=${group.id}`,
      `/group_plans/?yearclass_id=${group.id}`,
      `/recent_plans/?school_id=${school}`,
      `/pupils/${pupil}/?school_id=${school}`,
      `/pupil-outflow-advice/${pupil}/`,
      `/pupils/${pupil}/doorstroomtoets/`,
      `/pupil_note/?pupil_id=${pupil}`,
      `/pupil_approaches/?pupil_id=${pupil}`,
      `/social_emotional_observation/?pupil_id=${pupil}`,
      ...(plan ? [`/group_plans/${plan.id}/effect/`, `/note_categories/?group_plan_id=${plan.id}`] : []),
    ]) {
      await call('GET', url);
    }

    // Writes: notes, pins, approaches, advice, ambitions, the schoolweging, the session's year.
    const note = idOf(await call('POST', '/pupil_note/', { pupilId: pupil, content: 'Gesprek met ouders' }));
    await call('PATCH', `/pupil_note/${note}/`, { content: 'Gesprek met ouders gevoerd' });
    await call('DELETE', `/pupil_note/${note}/`);
    const pin = idOf(await call('POST', '/pin_pupil/', { pupil_id: pupil }));
    await call('DELETE', `/pin_pupil/${pin}/`);
    if (score)
      await call('POST', '/cito_score_note/', { citoTestScoreId: score.id, content: 'Ziek geweest' });
    await call('POST', '/pupil_approaches/', {
      pupilId: pupil,
      subjectId: subject,
      yearclassId: group.id,
      approach: 'intensive',
    });
    await call('POST', '/pupil-outflow-advice/', { pupilId: pupil, outflowAdvice: 'HAVO' });
    const toets = {
      test: 'IEP',
      testDate: '2026-02-10',
      lezen: '2F',
      taalverzorging: '1F',
      rekenen: '1S',
      advice: 'HAVO',
    };
    const result = idOf(await call('POST', `/pupils/${pupil}/doorstroomtoets/`, toets));
    await call('PUT', `/pupils/${pupil}/doorstroomtoets/${result}/`, { ...toets, rekenen: '1F' });
    await call('DELETE', `/pupils/${pupil}/doorstroomtoets/${result}/`);
    await call('POST', '/year_class_notes/', {
      yearClassId: group.id,
      kind: 'test_moment',
      subjectId: subject,
      calendarYear: CURRENT,
      yearTime: 'M',
      content: 'Groep ging vooruit',
    });
    if (ambition) {
      await call('PATCH', `/school_ambitions/${ambition.id}/`, {
        id: ambition.id,
        lowScore: 30,
        highScore: 70,
      });
    }
    await call('PATCH', `/schools/${school}/schoolweging/`, { schoolweging: 31.5 });
    await call('PUT', '/session/school-year/', { currentSchoolYear: CURRENT });
    await call('POST', '/hidden-notifications/', { kind: 'disconnected_school', schoolId: school });
    await call('POST', '/logout/');
    capturing = false;

    const owned = schoolOwnedTables();
    const statements = new Map<string, Captured>();
    for (const entry of captured) if (!statements.has(entry.sql)) statements.set(entry.sql, entry);
    const offenders = new Map<string, { tables: string[]; sql: string; request: string }>();
    for (const { sql, request } of statements.values()) {
      const tables = await unfilteredTables(sql, owned);
      if (tables.length > 0) offenders.set(await fingerprint(sql), { tables, sql, request });
    }
    const listed = new Set(Object.keys(NOT_YET_FILTERED));
    const unlisted = [...offenders].filter(([key]) => !listed.has(key));
    const fixed = [...listed].filter((key) => !offenders.has(key));
    console.info(
      `school_id check: ${statements.size} distinct statements from ${captured.length} queries; ` +
        `${offenders.size} without the predicate (${listed.size} listed)`,
    );
    expect(
      unlisted.map(
        ([key, { tables, request, sql }]) => `'${key}': '${tables.join(', ')} — ${request}' // ${sql}`,
      ),
      'statements on a school-owned table without a school_id predicate',
    ).toEqual([]);
    expect(fixed, 'listed statements that now filter on school_id (or no longer run): remove them').toEqual(
      [],
    );
    expect(statements.size).toBeGreaterThan(50);
  }, 120_000);
});
