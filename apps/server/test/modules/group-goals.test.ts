import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupGoalsSchema, readYearClassResult, type GroupGoals } from '@leerzicht/contract';
import { auditLog, domains, goals, testSectionScores, testSections } from '../../src/db/schema/index';
import { buildCatalog, methodTestId, SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createMethodScore, createPupil, createYearClass, type YearClass } from '../helpers/factories';

const NOW = new Date('2026-03-01T10:00:00Z');
const YEAR = 2025;
const CATALOG = buildCatalog();

/* The demo catalogue's method tests used here (Pluspunt RW 1, Staal SP 2, De wereld in getallen RW 4). */
const T = {
  plus1: methodTestId(1, 5, 1),
  plus2: methodTestId(1, 5, 2),
  plus3: methodTestId(1, 5, 3),
  staal1: methodTestId(2, 5, 1),
  wig1: methodTestId(4, 5, 1),
  plusOld: methodTestId(1, 4, 3),
};

interface InsertedSection {
  id: number;
  testId: number;
  code: string;
  goalId: number | null;
  domainId: number | null;
  subtypeId: number | null;
  subtypeName: string | null;
  name: string;
  details: string;
  position: number;
  maxScore: number;
}
interface InsertedResult {
  id: number;
  pupilId: number;
  yearClassId: number;
  calendarYear: number;
  testId: number;
  testDate: string;
  sections: { sectionId: number; score: number; maxScore: number }[];
}

describe('GET /year_classes/{id}/goals/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  let otherGroup: YearClass;
  let emptyGroup: YearClass;
  const sections: InsertedSection[] = [];
  const results: InsertedResult[] = [];
  const domainRows: { id: number; code: string; name: string; subjectId: number; position: number }[] = [];
  const goalRows: { id: number; domainId: number; name: string }[] = [];
  const get = (who: keyof CareTokens, groupId: number | string) =>
    t.app.inject(authed(tokens[who], { method: 'GET', url: api(`/year_classes/${groupId}/goals/`) }));
  const pupilA = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, YEAR);
    tokens = await careTokens(t, f);
    otherGroup = await createYearClass(db, f.other.id, { name: 'Groep 5X', grade: 5, calendarYear: YEAR });
    emptyGroup = await createYearClass(db, f.school.id, {
      name: 'Groep 7 leeg',
      grade: 7,
      calendarYear: YEAR,
    });
    await createPupil(
      db,
      f.school.id,
      { firstName: 'Lotte', lastName: 'Leeg' },
      { yearClassId: emptyGroup.id, grade: 7 },
    );

    // Domains whose order (position) differs from their ids, and goals in them.
    const domain = async (code: string, name: string, subjectId: number, position: number) => {
      const [row] = await db.insert(domains).values({ code, name, subjectId, position }).returning();
      domainRows.push(getOf(row, 'domain'));
      return getOf(row, 'domain').id;
    };
    const getallen = await domain('T-GET', 'Getallen', SUBJECT_IDS.RW, 2);
    const meten = await domain('T-MM', 'Meten', SUBJECT_IDS.RW, 1);
    const spelling = await domain('T-SP', 'Werkwoorden', SUBJECT_IDS.SP, 1);
    const goal = async (code: string, domainId: number, name: string) => {
      const [row] = await db.insert(goals).values({ code, domainId, name, grade: 5 }).returning();
      goalRows.push(getOf(row, 'goal'));
      return getOf(row, 'goal').id;
    };
    const optellen = await goal('T-G1', getallen, 'Optellen tot 1000');
    const klok = await goal('T-G2', meten, 'Klokkijken');
    const delen = await goal('T-G3', getallen, 'Delen met rest');
    const dt = await goal('T-G4', spelling, 'Werkwoorden met d/t');

    const section = async (values: Omit<InsertedSection, 'id' | 'name' | 'details'>) => {
      const name = `Deel ${values.code}`;
      const details = `Toets ${values.testId} deel ${values.code}`;
      const [row] = await db
        .insert(testSections)
        .values({ ...values, methodTestId: values.testId, name, details })
        .returning();
      const id = getOf(row, 'section').id;
      sections.push({ ...values, id, name, details });
      return id;
    };
    const base = { subtypeId: 1, subtypeName: 'Basis' };
    // Inserted out of display order: the answer orders by section position.
    const p1b = await section({
      testId: T.plus1,
      code: 'B',
      goalId: klok,
      domainId: null,
      subtypeId: 2,
      subtypeName: 'Toepassen',
      position: 2,
      maxScore: 8,
    });
    const p1a = await section({
      testId: T.plus1,
      code: 'A',
      goalId: optellen,
      domainId: getallen,
      ...base,
      position: 1,
      maxScore: 10,
    });
    const p1c = await section({
      testId: T.plus1,
      code: 'C',
      goalId: null,
      domainId: getallen,
      ...base,
      position: 3,
      maxScore: 5,
    });
    const p2a = await section({
      testId: T.plus2,
      code: 'A',
      goalId: delen,
      domainId: getallen,
      ...base,
      position: 1,
      maxScore: 12,
    });
    const p2b = await section({
      testId: T.plus2,
      code: 'B',
      goalId: klok,
      domainId: meten,
      subtypeId: null,
      subtypeName: null,
      position: 2,
      maxScore: 6,
    });
    const s1a = await section({
      testId: T.staal1,
      code: 'A',
      goalId: dt,
      domainId: spelling,
      ...base,
      position: 1,
      maxScore: 20,
    });
    await section({
      testId: T.wig1,
      code: 'A',
      goalId: null,
      domainId: getallen,
      ...base,
      position: 1,
      maxScore: 40,
    });
    const p3a = await section({
      testId: T.plus3,
      code: 'A',
      goalId: optellen,
      domainId: getallen,
      ...base,
      position: 1,
      maxScore: 10,
    });
    const oldA = await section({
      testId: T.plusOld,
      code: 'A',
      goalId: optellen,
      domainId: getallen,
      ...base,
      position: 1,
      maxScore: 10,
    });

    const result = async (
      pupilId: number,
      yearClassId: number,
      calendarYear: number,
      testId: number,
      testDate: string,
      points: [number, number][],
    ) => {
      const row = await createMethodScore(db, {
        schoolId: f.school.id,
        pupilId,
        yearClassId,
        methodTestId: testId,
        calendarYear,
        score: points.reduce((sum, [, score]) => sum + score, 0),
        performance: 'V',
        testDate,
      });
      const inserted: InsertedResult = {
        id: row.id,
        pupilId,
        yearClassId,
        calendarYear,
        testId,
        testDate,
        sections: [],
      };
      for (const [sectionId, score] of points) {
        const maxScore = getOf(
          sections.find((s) => s.id === sectionId),
          'section',
        ).maxScore;
        await db.insert(testSectionScores).values({
          schoolId: f.school.id,
          pupilId,
          methodTestScoreId: row.id,
          testSectionId: sectionId,
          score,
          maxScore,
        });
        inserted.sections.push({ sectionId, score, maxScore });
      }
      results.push(inserted);
    };
    const A = f.groupA.id;
    // Pupils 0-3 took both Pluspunt tests, pupil 4 only the first; pupil 1 also Staal.
    for (const [index, pupil] of f.pupilsA.entries()) {
      await result(pupil.id, A, YEAR, T.plus1, '2025-10-01', [
        [p1a, (3 * index + 2) % 11],
        [p1b, (5 * index + 1) % 9],
        [p1c, index % 6],
      ]);
      if (index < 4)
        await result(pupil.id, A, YEAR, T.plus2, '2025-11-15', [
          [p2a, (7 * index + 4) % 13],
          [p2b, 6 - index],
        ]);
    }
    await result(pupilA(1).id, A, YEAR, T.staal1, '2025-10-20', [[s1a, 13.5]]);
    // Pupil 0 retook Pluspunt block 1 later that year: the latest result counts.
    await result(pupilA(0).id, A, YEAR, T.plus1, '2026-01-12', [
      [p1a, 10],
      [p1b, 7],
    ]);
    // A test without goal sections, taken by the group: not a column.
    await result(pupilA(2).id, A, YEAR, T.wig1, '2025-12-01', []);
    // Last school year, in the old group: neither the test nor the points belong to this year's overview.
    await result(pupilA(0).id, f.groupOld.id, YEAR - 1, T.plusOld, '2025-03-01', [[oldA, 4]]);
    await result(pupilA(0).id, f.groupOld.id, YEAR - 1, T.plus1, '2024-10-01', [
      [p1a, 1],
      [p1b, 1],
    ]);
    // Group B took Pluspunt block 3 (not group A); pupil 3 of group A made it there too (changed groups and back).
    const mila = getOf(f.pupilsB[0], 'pupil B');
    await result(mila.id, f.groupB.id, YEAR, T.plus3, '2025-12-10', [[p3a, 9]]);
    await result(pupilA(3).id, f.groupB.id, YEAR, T.plus2, '2026-02-01', [
      [p2a, 11],
      [p2b, 2],
    ]);
  }, 60_000);
  afterAll(() => t.close());

  /** The answer this file expects for a group, computed from what it inserted. */
  function expected(
    group: { id: number; name: string; grade: number; calendarYear: number },
    pupils: { id: number }[],
  ) {
    const methodTests = new Map(CATALOG.methodTests.map((test) => [test.id, test]));
    const methods = new Map(CATALOG.methods.map((method) => [method.id, method]));
    const subjectPosition = new Map(CATALOG.subjects.map((subject) => [subject.id, subject.position]));
    const testOf = (id: number) => getOf(methodTests.get(id), `test ${id}`);
    const methodOf = (id: number) => getOf(methods.get(testOf(id).methodId), 'method');
    const taken = new Set(
      results
        .filter((r) => r.yearClassId === group.id && r.calendarYear === group.calendarYear)
        .map((r) => r.testId),
    );
    const testIds = [...taken]
      .filter((id) => sections.some((s) => s.testId === id && s.goalId !== null))
      .sort(
        (a, b) =>
          (subjectPosition.get(testOf(a).subjectId) ?? 0) - (subjectPosition.get(testOf(b).subjectId) ?? 0) ||
          methodOf(a).name.localeCompare(methodOf(b).name) ||
          testOf(a).position - testOf(b).position,
      );
    const shown = sections
      .filter((s) => s.goalId !== null && testIds.includes(s.testId))
      .sort((a, b) => testIds.indexOf(a.testId) - testIds.indexOf(b.testId) || a.position - b.position);
    const goalOf = (id: number | null) =>
      getOf(
        goalRows.find((g) => g.id === id),
        'goal',
      );
    const domainOf = (s: InsertedSection) =>
      getOf(
        domainRows.find((d) => d.id === (s.domainId ?? goalOf(s.goalId).domainId)),
        'domain',
      );
    const domainIds = new Set(shown.map((s) => domainOf(s).id));
    const types = new Map(
      shown.flatMap((s) => (s.subtypeId === null ? [] : ([[s.subtypeId, s.subtypeName ?? '']] as const))),
    );
    return {
      group: {
        id: group.id,
        schoolId: f.school.id,
        name: group.name,
        grade: group.grade,
        calendarYear: group.calendarYear,
      },
      tests: testIds.map((id) => ({
        id,
        name: testOf(id).name,
        methodId: testOf(id).methodId,
        methodName: methodOf(id).name,
        subjectId: testOf(id).subjectId,
        grade: testOf(id).grade,
        block: testOf(id).block,
        chapter: testOf(id).chapter ?? null,
        maxScore: testOf(id).maxScore,
      })),
      testSections: shown.map((s) => ({
        id: s.id,
        code: s.code,
        testId: s.testId,
        subtypeId: s.subtypeId,
        subtypeName: s.subtypeName,
        goalId: goalOf(s.goalId).id,
        goalName: goalOf(s.goalId).name,
        name: s.name,
        details: s.details,
        domainId: domainOf(s).id,
        domainName: domainOf(s).name,
        maxScore: s.maxScore,
      })),
      domains: domainRows
        .filter((d) => domainIds.has(d.id))
        .sort(
          (a, b) =>
            (subjectPosition.get(a.subjectId) ?? 0) - (subjectPosition.get(b.subjectId) ?? 0) ||
            a.position - b.position,
        )
        .map(({ id, code, name, subjectId }) => ({ id, code, name, subjectId })),
      testTypes: [...types].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
      scores: new Map(
        pupils.map((pupil) => {
          const latest = new Map<number, { testDate: string; id: number; score: number; maxScore: number }>();
          for (const r of results.filter(
            (row) => row.pupilId === pupil.id && row.calendarYear === group.calendarYear,
          ))
            for (const s of r.sections) {
              const before = latest.get(s.sectionId);
              if (
                !before ||
                r.testDate > before.testDate ||
                (r.testDate === before.testDate && r.id > before.id)
              )
                latest.set(s.sectionId, {
                  testDate: r.testDate,
                  id: r.id,
                  score: s.score,
                  maxScore: s.maxScore,
                });
            }
          const scores = shown
            .filter((s) => latest.has(s.id))
            .map((s) => ({
              testSectionId: s.id,
              score: latest.get(s.id)?.score,
              maxScore: latest.get(s.id)?.maxScore,
            }))
            .sort((a, b) => a.testSectionId - b.testSectionId);
          return [pupil.id, scores];
        }),
      ),
    };
  }

  const byId = (scores: GroupGoals['pupils'][number]['scores']) =>
    [...scores].sort((a, b) => a.testSectionId - b.testSectionId);

  it("gives the group's tests with goal sections, their domains and types, and each pupil's latest points", async () => {
    const response = await get('teacher', f.groupA.id);
    expect(response.statusCode).toBe(200);
    const body = groupGoalsSchema.parse(response.json());
    const want = expected(f.groupA, f.pupilsA);
    expect(body.group).toEqual(want.group);
    expect(body.tests).toEqual(want.tests);
    expect(body.testSections).toEqual(want.testSections);
    expect(body.domains).toEqual(want.domains);
    expect(body.testTypes).toEqual(want.testTypes);
    // By surname, after the particle.
    expect(body.pupils.map((p) => p.firstName)).toEqual(['Piet', 'Sara', 'Eva', 'Jan', 'Anna']);
    for (const pupil of body.pupils) {
      expect(pupil.grade).toBe(5);
      expect(byId(pupil.scores), pupil.firstName).toEqual(want.scores.get(pupil.id));
    }
  });

  it("orders by subject, domain and section; takes the goal's domain; counts the retake and half points", async () => {
    const body = groupGoalsSchema.parse((await get('superuser', f.groupA.id)).json());
    // Sections without a goal, tests without goal sections and tests of other groups or years are not columns.
    // Spelling (subject position 1) before arithmetic (4).
    expect(body.tests.map((test) => test.id)).toEqual([T.staal1, T.plus1, T.plus2]);
    expect(body.testSections.map((s) => `${s.testId}${s.code}`)).toEqual([
      `${T.staal1}A`,
      `${T.plus1}A`,
      `${T.plus1}B`,
      `${T.plus2}A`,
      `${T.plus2}B`,
    ]);
    // The section without a domain takes its goal's; Meten (position 1) before Getallen (position 2).
    expect(body.testSections[2]?.domainName).toBe('Meten');
    expect(body.domains.map((d) => d.name)).toEqual(['Werkwoorden', 'Meten', 'Getallen']);
    expect(body.testTypes).toEqual([
      { id: 1, name: 'Basis' },
      { id: 2, name: 'Toepassen' },
    ]);
    const jan = body.pupils.find((p) => p.id === pupilA(0).id);
    const p1a = body.testSections[1]?.id;
    expect(jan?.scores.find((s) => s.testSectionId === p1a)).toEqual({
      testSectionId: p1a,
      score: 10,
      maxScore: 10,
    });
    const eva = body.pupils.find((p) => p.id === pupilA(1).id);
    expect(eva?.scores.find((s) => s.testSectionId === body.testSections[0]?.id)?.score).toBe(13.5);
    const sara = body.pupils.find((p) => p.id === pupilA(4).id);
    expect(sara?.scores).toHaveLength(2);
  });

  it("counts a pupil's result in another group of the school year; another group's own tests are its own", async () => {
    const body = groupGoalsSchema.parse((await get('superuser', f.groupB.id)).json());
    const want = expected(f.groupB, f.pupilsB);
    expect(body.tests.map((test) => test.id)).toEqual(want.tests.map((test) => test.id));
    expect(body.tests.map((test) => test.id)).toEqual([T.plus2, T.plus3]);
    expect(body.testSections).toEqual(want.testSections);
    for (const pupil of body.pupils) expect(byId(pupil.scores)).toEqual(want.scores.get(pupil.id));
    // Piet (pupil 3 of group A) made block 2 in group B later: his latest points in group A's overview.
    const a = groupGoalsSchema.parse((await get('superuser', f.groupA.id)).json());
    const piet = a.pupils.find((p) => p.id === pupilA(3).id);
    const p2a = a.testSections.find((s) => s.testId === T.plus2 && s.code === 'A')?.id;
    expect(piet?.scores.find((s) => s.testSectionId === p2a)?.score).toBe(11);
  });

  it('answers empty lists, with the pupils, for a group without goals', async () => {
    const body = groupGoalsSchema.parse((await get('superuser', emptyGroup.id)).json());
    expect(body).toMatchObject({ tests: [], testSections: [], domains: [], testTypes: [] });
    expect(body.pupils.map((p) => [p.firstName, p.scores])).toEqual([['Lotte', []]]);
  });

  it("tells the group result page which groups have goals: the group's own method results with goal sections", async () => {
    const hasGoals = async (groupId: number) => {
      const response = await t.app.inject(
        authed(tokens.superuser, { method: 'GET', url: api(`/year_classes/${groupId}/result/`) }),
      );
      expect(response.statusCode).toBe(200);
      return readYearClassResult(response.json()).group.hasGoals;
    };
    expect(await hasGoals(f.groupA.id)).toBe(true);
    expect(await hasGoals(f.groupB.id)).toBe(true);
    expect(await hasGoals(emptyGroup.id)).toBe(false);
  });

  it('answers by role and tenant', async () => {
    const cases: [keyof CareTokens, number | string, number][] = [
      ['superuser', f.groupA.id, 200],
      ['senco', f.groupA.id, 200],
      ['teacher', f.groupA.id, 200],
      ['restricted', f.groupA.id, 200],
      ['demo', f.groupA.id, 200],
      ['impersonated', f.groupA.id, 200],
      ['otherTeacher', f.groupB.id, 200],
      ['otherTeacher', f.groupA.id, 404],
      ['teacher', f.groupB.id, 404],
      ['teacher', f.groupOld.id, 404],
      ['outsider', f.groupA.id, 404],
      ['outsider', otherGroup.id, 200],
      ['superuser', otherGroup.id, 404],
      ['superuser', 2_000_000_000, 404],
      ['superuser', 'abc', 400],
      ['superuser', 0, 400],
    ];
    for (const [who, group, status] of cases) {
      expect((await get(who, group)).statusCode, `${who} ${group}`).toBe(status);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/year_classes/${f.groupA.id}/goals`) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('audits the read as pupil data of the school', async () => {
    const reads = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'pupil_data.read'),
            eq(auditLog.actorUserId, f.users.senco.id),
            like(auditLog.entity, '%goals%'),
          ),
        );
    const before = (await reads()).length;
    expect((await get('senco', f.groupA.id)).statusCode).toBe(200);
    await expect.poll(async () => (await reads()).length).toBe(before + 1);
    expect((await reads()).at(-1)?.schoolId).toBe(f.school.id);
  });
});
