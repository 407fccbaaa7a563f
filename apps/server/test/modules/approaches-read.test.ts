import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilApproachListSchema, type Approach } from '@leerzicht/contract';
import { buildCatalog, SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createApproach,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';

const NOW = new Date('2026-03-01T10:00:00Z');
const RW = SUBJECT_IDS.RW;
const SP = SUBJECT_IDS.SP;
const ORDER: Approach[] = ['enriched', 'basic', 'intensive', 'undefined'];

interface Inserted {
  pupilId: number;
  subjectId: number;
  calendarYear: number;
  approach: Approach;
  yearClassId: number;
}

describe('GET /pupil_approaches/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const inserted: Inserted[] = [];
  const get = (who: keyof CareTokens, query: string) =>
    t.app.inject(authed(tokens[who], { method: 'GET', url: api(`/pupil_approaches/?${query}`) }));
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, 2025);
    tokens = await careTokens(t, f);
    const add = async (index: number, subjectId: number, calendarYear: number, approach: Approach) => {
      const values = {
        pupilId: pupil(index).id,
        subjectId,
        calendarYear,
        approach,
        yearClassId: calendarYear === 2025 ? f.groupA.id : f.groupOld.id,
      };
      await createApproach(db, { schoolId: f.school.id, changedBy: f.users.senco.id, ...values });
      inserted.push(values);
    };
    await add(0, RW, 2025, 'intensive');
    await add(0, SP, 2025, 'enriched');
    await add(0, RW, 2024, 'basic');
    await add(1, RW, 2025, 'enriched');
    await add(2, RW, 2025, 'intensive');
    await add(3, SP, 2025, 'intensive');
  }, 60_000);
  afterAll(() => t.close());

  it('lists every pupil of the group with the approach of that subject and school year, in approach order', async () => {
    const response = await get('teacher', `yearclass_id=${f.groupA.id}&subject_id=${RW}`);
    expect(response.statusCode).toBe(200);
    const body = pupilApproachListSchema.parse(response.json());
    const expected = f.pupilsA
      .map((p) => ({
        pupil: p,
        approach:
          inserted.find((row) => row.pupilId === p.id && row.subjectId === RW && row.calendarYear === 2025)
            ?.approach ?? 'undefined',
      }))
      .sort(
        (a, b) =>
          ORDER.indexOf(a.approach) - ORDER.indexOf(b.approach) ||
          `${a.pupil.lastName} ${a.pupil.firstName}`.localeCompare(
            `${b.pupil.lastName} ${b.pupil.firstName}`,
            'nl',
          ),
      )
      .map((row) => [row.pupil.id, row.approach]);
    expect(body.map((row) => [row.pupilId, row.approach])).toEqual(expected);
    const set = body.find((row) => row.pupilId === pupil(0).id);
    expect(set).toMatchObject({
      subjectId: RW,
      calendarYear: 2025,
      yearclassId: f.groupA.id,
      yearclassName: f.groupA.name,
      changedByName: 'Ilse Begeleider',
    });
    const unset = body.find((row) => row.pupilId === pupil(4).id);
    expect(unset).toMatchObject({
      approach: 'undefined',
      dateChanged: null,
      changedByName: null,
      calendarYear: 2025,
    });
  });

  it("lists all of a pupil's approaches, newest school year first, then in subject order", async () => {
    const response = await get('senco', `pupil_id=${pupil(0).id}`);
    expect(response.statusCode).toBe(200);
    const position = (subjectId: number) =>
      getOf(
        buildCatalog().subjects.find((s) => s.id === subjectId),
        'subject',
      ).position;
    const expected = inserted
      .filter((row) => row.pupilId === pupil(0).id)
      .sort((a, b) => b.calendarYear - a.calendarYear || position(a.subjectId) - position(b.subjectId))
      .map((row) => [row.calendarYear, row.subjectId, row.approach, row.yearClassId]);
    const body = pupilApproachListSchema.parse(response.json());
    expect(body.map((row) => [row.calendarYear, row.subjectId, row.approach, row.yearclassId])).toEqual(
      expected,
    );
  });

  it('answers by role and tenant', async () => {
    const group = `yearclass_id=${f.groupA.id}&subject_id=${RW}`;
    const cases: [keyof CareTokens, string, number][] = [
      ['teacher', `pupil_id=${pupil(0).id}`, 200],
      ['restricted', group, 200],
      ['demo', group, 200],
      ['impersonated', group, 200],
      ['superuser', group, 200],
      ['otherTeacher', group, 404],
      ['otherTeacher', `pupil_id=${pupil(0).id}`, 404],
      ['teacher', `yearclass_id=${f.groupB.id}&subject_id=${RW}`, 404],
      ['outsider', group, 404],
      ['outsider', `pupil_id=${pupil(0).id}`, 404],
      ['superuser', `pupil_id=${f.otherPupil.id}`, 404],
      ['superuser', `yearclass_id=${f.groupA.id}&subject_id=999`, 400],
      ['superuser', `yearclass_id=${f.groupA.id}`, 400],
      ['superuser', `pupil_id=${pupil(0).id}&subject_id=${RW}`, 400],
      ['superuser', '', 400],
    ];
    for (const [who, query, status] of cases) {
      expect([who, query, (await get(who, query)).statusCode]).toEqual([who, query, status]);
    }
    const unknownSubject = await get('superuser', `yearclass_id=${f.groupA.id}&subject_id=999`);
    expect(unknownSubject.json()).toMatchObject({ errors: { subject_id: [expect.any(String)] } });
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/pupil_approaches/?${group}`) });
    expect(anonymous.statusCode).toBe(401);
  });
});
