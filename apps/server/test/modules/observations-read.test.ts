import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupObservationsSchema, pupilObservationsSchema } from '@leerzicht/contract';
import { auditLog } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createObservation,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import type { Pupil } from '../helpers/factories';

const NOW = new Date('2026-03-01T10:00:00Z');
const KNOWN_CODES = new Set([
  'welbevinden',
  'betrokkenheid',
  'sociale_vaardigheden',
  'werkhouding',
  'zelfstandigheid',
]);

interface Seeded {
  id: number;
  pupilId: number;
  observedOn: string;
  calendarYear: number;
  ratings: Record<string, number>;
  confidential: boolean;
  authorId: number | null;
}

describe('GET /social_emotional_observation/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const seeded: Seeded[] = [];
  const get = (who: keyof CareTokens, query: string) =>
    t.app.inject(authed(tokens[who], { method: 'GET', url: api(`/social_emotional_observation/?${query}`) }));
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);

  // The expected view, worked out from the inserted rows (never from the API).
  const knownRatings = (o: Seeded) =>
    Object.entries(o.ratings)
      .filter(([code]) => KNOWN_CODES.has(code))
      .map(([, rating]) => rating);
  const mean = (ratings: number[]) => ratings.reduce((a, b) => a + b, 0) / ratings.length;
  const readableBy = (reader: { userId: number; wholeSchool: boolean }) => (o: Seeded) =>
    !o.confidential || reader.wholeSchool || o.authorId === reader.userId;
  const sortKey = (p: Pupil) => `${p.lastName} ${p.firstName}`;
  function expectedGroup(
    pupils: Pupil[],
    untilYear: number,
    reader: { userId: number; wholeSchool: boolean },
  ) {
    const rows = pupils.map((p) => {
      const own = seeded
        .filter((o) => o.pupilId === p.id && o.calendarYear <= untilYear && readableBy(reader)(o))
        .sort((a, b) => b.observedOn.localeCompare(a.observedOn) || b.id - a.id);
      const [latest, previous] = own;
      const latestRatings = latest ? knownRatings(latest) : [];
      const low = latestRatings.some((rating) => rating <= 2);
      const drop =
        latest !== undefined &&
        previous !== undefined &&
        mean(knownRatings(previous)) - mean(latestRatings) >= 1 - 1e-9;
      return { pupil: p, latestId: latest?.id ?? null, needsAttention: low || drop };
    });
    rows.sort(
      (a, b) =>
        Number(b.needsAttention) - Number(a.needsAttention) ||
        sortKey(a.pupil).localeCompare(sortKey(b.pupil), 'nl'),
    );
    return rows.map((row) => ({
      pupilId: row.pupil.id,
      latestId: row.latestId,
      needsAttention: row.needsAttention,
    }));
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, 2025);
    tokens = await careTokens(t, f);
    const { teacher, senco, superuser } = f.users;
    const add = async (
      index: number,
      observedOn: string,
      ratings: Record<string, number>,
      authorId: number,
      confidential = false,
    ) => {
      const row = await createObservation(db, {
        schoolId: f.school.id,
        pupilId: pupil(index).id,
        yearClassId: observedOn < '2025-08-01' ? f.groupOld.id : f.groupA.id,
        observedOn,
        ratings,
        confidential,
        authorId,
      });
      seeded.push({ ...row, ratings });
    };
    // Jan van Dijk: a drop of exactly one in the mean; last year's low rating only in last year's group.
    await add(0, '2024-11-10', { welbevinden: 2, betrokkenheid: 3 }, senco.id);
    await add(0, '2025-10-01', { welbevinden: 4, betrokkenheid: 4, werkhouding: 4 }, teacher.id);
    await add(0, '2026-02-01', { welbevinden: 3, betrokkenheid: 3, werkhouding: 3 }, teacher.id);
    // Eva de Boer: the low rating is in the senco's confidential observation.
    await add(1, '2025-09-15', { welbevinden: 4, werkhouding: 3 }, teacher.id);
    await add(1, '2026-02-20', { welbevinden: 1, werkhouding: 5 }, senco.id, true);
    // Anna Zwart: a rating of another instrument's aspect does not count.
    await add(2, '2026-01-10', { welbevinden: 5, sociaal_initiatief: 1 }, superuser.id);
    // Sara van den Berg: the teacher's own confidential one; two on one day (the later made is the latest).
    await add(4, '2025-12-01', { zelfstandigheid: 3, werkhouding: 3 }, teacher.id, true);
    await add(4, '2026-01-05', { zelfstandigheid: 2, werkhouding: 4 }, teacher.id);
    await add(4, '2026-01-05', { zelfstandigheid: 4, werkhouding: 4 }, teacher.id);
  }, 60_000);
  afterAll(() => t.close());

  it("gives a pupil's readable observations oldest first, confidential ones only to author, senco, superuser", async () => {
    const expectIds = async (
      who: keyof CareTokens,
      index: number,
      reader: { userId: number; wholeSchool: boolean },
    ) => {
      const response = await get(who, `pupil_id=${pupil(index).id}`);
      expect(response.statusCode).toBe(200);
      const body = pupilObservationsSchema.parse(response.json());
      const expected = seeded
        .filter((o) => o.pupilId === pupil(index).id && readableBy(reader)(o))
        .sort((a, b) => a.observedOn.localeCompare(b.observedOn) || a.id - b.id)
        .map((o) => o.id);
      expect([who, index, body.observations.map((o) => o.id)]).toEqual([who, index, expected]);
      return body;
    };
    const teacher = { userId: f.users.teacher.id, wholeSchool: false };
    const senco = { userId: f.users.senco.id, wholeSchool: true };
    const teacherView = await expectIds('teacher', 1, teacher);
    expect(teacherView.observations).toHaveLength(1);
    expect((await expectIds('senco', 1, senco)).observations).toHaveLength(2);
    await expectIds('superuser', 1, { userId: f.users.superuser.id, wholeSchool: true });
    await expectIds('impersonated', 1, teacher);
    await expectIds('demo', 1, { userId: f.users.demo.id, wholeSchool: true });
    const ownConfidential = await expectIds('teacher', 4, teacher);
    expect(ownConfidential.observations.map((o) => o.confidential)).toEqual([true, false, false]);

    const jan = await expectIds('teacher', 0, teacher);
    expect(jan.aspects.map((a) => a.code)).toEqual([...KNOWN_CODES]);
    const [lastYear, , latest] = jan.observations;
    expect(lastYear).toMatchObject({
      yearClassId: f.groupOld.id,
      calendarYear: 2024,
      authorName: 'Ilse Begeleider',
      canEdit: false,
      mean: 2.5,
    });
    expect(latest).toMatchObject({ authorName: 'Tom Leerkracht', canEdit: true, mean: 3 });
    const anna = await expectIds('teacher', 2, teacher);
    expect(anna.observations[0]?.ratings.map((r) => [r.code, r.rating])).toEqual([['welbevinden', 5]]);
  });

  it('gives each pupil of the group their latest readable observation, pupils needing attention first', async () => {
    const groupView = async (who: keyof CareTokens, group: { id: number }) => {
      const response = await get(who, `yearclass_id=${group.id}`);
      expect(response.statusCode).toBe(200);
      return groupObservationsSchema.parse(response.json());
    };
    const shown = (body: Awaited<ReturnType<typeof groupView>>) =>
      body.pupils.map((row) => ({
        pupilId: row.pupilId,
        latestId: row.latest?.id ?? null,
        needsAttention: row.needsAttention,
      }));

    const asTeacher = await groupView('teacher', f.groupA);
    expect(shown(asTeacher)).toEqual(
      expectedGroup(f.pupilsA, 2025, { userId: f.users.teacher.id, wholeSchool: false }),
    );
    expect(asTeacher.pupils[0]).toMatchObject({
      lastName: 'Dijk',
      previousMean: 4,
      attentionReasons: ['mean_drop'],
    });
    const asSenco = await groupView('senco', f.groupA);
    expect(shown(asSenco)).toEqual(
      expectedGroup(f.pupilsA, 2025, { userId: f.users.senco.id, wholeSchool: true }),
    );
    expect(asSenco.pupils.slice(0, 2).map((row) => [row.lastName, row.attentionReasons])).toEqual([
      ['Boer', ['low_rating']],
      ['Dijk', ['mean_drop']],
    ]);
    // Last year's group sees only observations up to its own school year.
    const lastYear = await groupView('superuser', f.groupOld);
    expect(shown(lastYear)).toEqual(
      expectedGroup([pupil(0)], 2024, { userId: f.users.superuser.id, wholeSchool: true }),
    );
    expect(lastYear.pupils[0]).toMatchObject({ needsAttention: true, attentionReasons: ['low_rating'] });
  });

  it('answers by role and tenant, and audits the read', async () => {
    const cases: [keyof CareTokens, string, number][] = [
      ['otherTeacher', `pupil_id=${pupil(0).id}`, 404],
      ['otherTeacher', `yearclass_id=${f.groupA.id}`, 404],
      ['teacher', `yearclass_id=${f.groupOld.id}`, 404],
      ['outsider', `pupil_id=${pupil(0).id}`, 404],
      ['outsider', `yearclass_id=${f.groupA.id}`, 404],
      ['superuser', `pupil_id=${f.otherPupil.id}`, 404],
      ['restricted', `pupil_id=${pupil(0).id}`, 403],
      ['restricted', `yearclass_id=${f.groupA.id}`, 403],
      ['superuser', `pupil_id=${pupil(0).id}&yearclass_id=${f.groupA.id}`, 400],
      ['superuser', '', 400],
      ['superuser', 'pupil_id=abc', 400],
    ];
    for (const [who, query, status] of cases) {
      expect([who, query, (await get(who, query)).statusCode]).toEqual([who, query, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/social_emotional_observation/?pupil_id=${pupil(0).id}`),
    });
    expect(anonymous.statusCode).toBe(401);

    const reads = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'pupil_data.read'),
            eq(auditLog.actorUserId, f.users.senco.id),
            like(auditLog.entity, '%social_emotional_observation%'),
          ),
        );
    const before = (await reads()).length;
    expect((await get('senco', `pupil_id=${pupil(0).id}`)).statusCode).toBe(200);
    // The audit row is written once the answer has gone out (onResponse): wait for it rather than race it.
    await expect.poll(async () => (await reads()).length).toBe(before + 1);
    expect((await reads()).at(-1)?.schoolId).toBe(f.school.id);
  });
});
