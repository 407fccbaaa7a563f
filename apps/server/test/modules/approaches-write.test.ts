import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approachBatchResultSchema,
  approachLogListSchema,
  pupilApproachRowSchema,
} from '@leerzicht/contract';
import { pupilApproachLogs, pupilApproaches } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createApproachLog,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { rowCounts } from '../helpers/row-counts';

const NOW = new Date('2026-03-01T10:00:00Z');
const MINUTE = 60_000;
const RW = SUBJECT_IDS.RW;
const TBL = SUBJECT_IDS.TBL;

describe('POST /pupil_approaches/, the batch and the log', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const post = (who: keyof CareTokens, path: string, payload: object) =>
    t.app.inject(authed(tokens[who], { method: 'POST', url: api(path), payload }));
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);
  const rowsOf = (pupilId: number, subjectId: number) =>
    t.database.db
      .select()
      .from(pupilApproaches)
      .where(and(eq(pupilApproaches.pupilId, pupilId), eq(pupilApproaches.subjectId, subjectId)));
  const logsOf = (pupilId: number, subjectId?: number) =>
    t.database.db
      .select()
      .from(pupilApproachLogs)
      .where(
        and(
          eq(pupilApproachLogs.pupilId, pupilId),
          subjectId === undefined ? undefined : eq(pupilApproachLogs.subjectId, subjectId),
        ),
      );
  const at = (minutes: number) => {
    t.clock.now = new Date(NOW.getTime() + minutes * MINUTE);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  }, 60_000);
  afterAll(() => t.close());

  it('sets an approach for the school year of the group and logs each change once', async () => {
    const set = (approach: string) =>
      post('teacher', '/pupil_approaches/', {
        pupilId: pupil(0).id,
        subjectId: RW,
        yearclassId: f.groupA.id,
        approach,
      });
    at(0);
    const first = await set('enriched');
    expect(first.statusCode).toBe(200);
    expect(pupilApproachRowSchema.parse(first.json())).toMatchObject({
      pupilId: pupil(0).id,
      approach: 'enriched',
      calendarYear: 2025,
      yearclassId: f.groupA.id,
      changedByName: 'Tom Leerkracht',
      dateChanged: NOW.toISOString(),
    });
    expect(await rowsOf(pupil(0).id, RW)).toMatchObject([
      { approach: 'enriched', calendarYear: 2025, yearClassId: f.groupA.id, changedBy: f.users.teacher.id },
    ]);
    expect(await logsOf(pupil(0).id, RW)).toHaveLength(1);

    at(5);
    const same = await set('enriched');
    expect(same.json()).toMatchObject({ approach: 'enriched', dateChanged: NOW.toISOString() });
    expect(await logsOf(pupil(0).id, RW)).toHaveLength(1);

    at(10);
    expect((await set('intensive')).json()).toMatchObject({ approach: 'intensive' });
    at(15);
    expect((await set('undefined')).json()).toMatchObject({ approach: 'undefined' });
    const rows = await rowsOf(pupil(0).id, RW);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.approach).toBe('undefined');
    const logs = await logsOf(pupil(0).id, RW);
    expect(logs.map((log) => [log.approach, log.schoolYear, log.yearClassId, log.date.getTime()])).toEqual([
      ['enriched', 2025, f.groupA.id, NOW.getTime()],
      ['intensive', 2025, f.groupA.id, NOW.getTime() + 10 * MINUTE],
      ['undefined', 2025, f.groupA.id, NOW.getTime() + 15 * MINUTE],
    ]);

    // 'undefined' for a pupil without an approach changes nothing.
    const none = await post('teacher', '/pupil_approaches/', {
      pupilId: pupil(1).id,
      subjectId: RW,
      yearclassId: f.groupA.id,
      approach: 'undefined',
    });
    expect(none.json()).toMatchObject({ approach: 'undefined', dateChanged: null });
    expect(await rowsOf(pupil(1).id, RW)).toEqual([]);
    expect(await logsOf(pupil(1).id)).toEqual([]);
  });

  it('sets a batch in one transaction, logging only real changes', async () => {
    at(20);
    const response = await post('senco', '/pupil_approaches/batch/', {
      yearclassId: f.groupA.id,
      subjectId: TBL,
      approaches: [
        { pupilId: pupil(1).id, approach: 'basic' },
        { pupilId: pupil(2).id, approach: 'enriched' },
        { pupilId: pupil(3).id, approach: 'undefined' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = approachBatchResultSchema.parse(response.json());
    expect(body.changedCount).toBe(2);
    expect(body.approaches.map((row) => row.approach)).toEqual([
      'enriched',
      'basic',
      'undefined',
      'undefined',
      'undefined',
    ]);
    const again = approachBatchResultSchema.parse(
      (
        await post('superuser', '/pupil_approaches/batch/', {
          yearclassId: f.groupA.id,
          subjectId: TBL,
          approaches: [
            { pupilId: pupil(1).id, approach: 'basic' },
            { pupilId: pupil(2).id, approach: 'intensive' },
          ],
        })
      ).json(),
    );
    expect(again.changedCount).toBe(1);
    expect((await logsOf(pupil(1).id, TBL)).map((log) => log.approach)).toEqual(['basic']);
    expect((await logsOf(pupil(2).id, TBL)).map((log) => log.approach)).toEqual(['enriched', 'intensive']);
  });

  it('refuses bad input per field, pupils outside the group, and whole batches with one bad pupil', async () => {
    const before = await rowCounts(t.database.db);
    const outsider = getOf(f.pupilsB[0], 'B0').id;
    const single = { pupilId: pupil(4).id, subjectId: RW, yearclassId: f.groupA.id, approach: 'basic' };
    const cases: [string, object, string][] = [
      ['/pupil_approaches/', { ...single, pupilId: outsider }, 'pupilId'],
      ['/pupil_approaches/', { ...single, pupilId: f.otherPupil.id }, 'pupilId'],
      ['/pupil_approaches/', { ...single, subjectId: 999 }, 'subjectId'],
      ['/pupil_approaches/', { ...single, approach: 'remedial' }, 'approach'],
      ['/pupil_approaches/', { ...single, yearclassId: 'A' }, 'yearclassId'],
      [
        '/pupil_approaches/batch/',
        {
          yearclassId: f.groupA.id,
          subjectId: RW,
          approaches: [
            { pupilId: pupil(4).id, approach: 'basic' },
            { pupilId: outsider, approach: 'basic' },
          ],
        },
        'approaches/1/pupilId',
      ],
      [
        '/pupil_approaches/batch/',
        {
          yearclassId: f.groupA.id,
          subjectId: RW,
          approaches: [
            { pupilId: pupil(4).id, approach: 'basic' },
            { pupilId: pupil(4).id, approach: 'enriched' },
          ],
        },
        'approaches/1/pupilId',
      ],
      ['/pupil_approaches/batch/', { yearclassId: f.groupA.id, subjectId: RW, approaches: [] }, 'approaches'],
    ];
    for (const [path, payload, field] of cases) {
      const response = await post('superuser', path, payload);
      expect([field, response.statusCode]).toEqual([field, 400]);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const refused: [keyof CareTokens, object, number][] = [
      ['otherTeacher', single, 404],
      ['teacher', { ...single, yearclassId: f.groupOld.id, pupilId: pupil(0).id }, 404],
      ['outsider', single, 404],
      ['demo', single, 403],
      ['impersonated', single, 403],
    ];
    for (const [who, payload, status] of refused) {
      expect([who, (await post(who, '/pupil_approaches/', payload)).statusCode]).toEqual([who, status]);
      const batch = await post(who, '/pupil_approaches/batch/', {
        yearclassId: f.groupA.id,
        subjectId: RW,
        approaches: [{ pupilId: pupil(4).id, approach: 'basic' }],
      });
      expect([who, 'batch', batch.statusCode]).toEqual([who, 'batch', who === 'teacher' ? 200 : status]);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: api('/pupil_approaches/'), payload: single });
    expect(anonymous.statusCode).toBe(401);
    const after = await rowCounts(t.database.db);
    // Only the teacher's batch for their own group went through: one approach, one log, their audit row.
    expect(after).toEqual({
      ...before,
      pupil_approaches: (before.pupil_approaches ?? 0) + 1,
      pupil_approach_logs: (before.pupil_approach_logs ?? 0) + 1,
      audit_log: (before.audit_log ?? 0) + 1,
    });
  });

  it('gives the log newest first with group and author names, to those who may read the pupil', async () => {
    const older = await createApproachLog(t.database.db, {
      schoolId: f.school.id,
      pupilId: pupil(0).id,
      subjectId: TBL,
      yearClassId: f.groupOld.id,
      schoolYear: 2024,
      approach: 'basic',
      changedBy: f.users.senco.id,
      date: new Date('2024-10-01T08:00:00Z'),
    });
    const response = await t.app.inject(
      authed(tokens.teacher, {
        method: 'GET',
        url: api(`/pupil_approach_logs/get_approach_logs_for_pupil?pupil_id=${pupil(0).id}`),
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = approachLogListSchema.parse(response.json());
    const stored = (await logsOf(pupil(0).id)).sort(
      (a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id,
    );
    expect(body.map((log) => log.id)).toEqual(stored.map((log) => log.id));
    expect(body.at(-1)).toEqual({
      id: older.id,
      pupilId: pupil(0).id,
      schoolYear: 2024,
      subjectId: TBL,
      yearclassId: f.groupOld.id,
      yearclassName: f.groupOld.name,
      approach: 'basic',
      changedByName: 'Ilse Begeleider',
      date: '2024-10-01T08:00:00.000Z',
    });
    expect(body[0]).toMatchObject({ approach: 'undefined', changedByName: 'Tom Leerkracht' });
    for (const [who, status] of [
      ['otherTeacher', 404],
      ['outsider', 404],
      ['senco', 200],
    ] as const) {
      const logs = await t.app.inject(
        authed(tokens[who], {
          method: 'GET',
          url: api(`/pupil_approach_logs/get_approach_logs_for_pupil/?pupil_id=${pupil(0).id}`),
        }),
      );
      expect([who, logs.statusCode]).toEqual([who, status]);
    }
  });
});
