import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYearClassResult, yearGradeListSchema, yearGradeSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMethodScore, createNationalScore } from '../helpers/factories';
import { createApproachLog } from '../helpers/care-factories';
import { buildResultsSchool } from '../helpers/results-fixture';
import { countedRows, expectAggregate, expectedAggregate, normOf } from '../helpers/results-expected';
import { signIn } from '../helpers/sign-in';
import { METHODS, methodTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { pupilApproaches } from '../../src/db/schema/index';

const NOW = new Date('2026-03-01T10:00:00Z');
const METHOD_TEST_ID = methodTestId(METHODS[0]?.id ?? 1, 6, 1);
const SUBJECT_BY_ID = new Map(Object.entries(SUBJECT_IDS).map(([code, id]) => [id, code]));

describe('year class result and year grades', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(url) }));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildResultsSchool(db);
    const jan = f.cohort1[0];
    if (!jan) throw new Error('fixture');
    // Outside the windows (120 months national, 30 months method), and inside them.
    await createNationalScore(db, {
      schoolId: f.school.id,
      pupilId: jan.id,
      yearClassId: f.groups.g5.id,
      subject: 'TBL',
      calendarYear: 2014,
      yearTime: 'E',
      grade: 3,
      testDate: '2015-06-10',
      abilityScore: 20,
    });
    await createMethodScore(db, {
      schoolId: f.school.id,
      pupilId: jan.id,
      yearClassId: f.groups.g5.id,
      methodTestId: METHOD_TEST_ID,
      calendarYear: 2022,
      score: 10,
      performance: 'O',
      testDate: '2023-06-01',
    });
    await createMethodScore(db, {
      schoolId: f.school.id,
      pupilId: jan.id,
      yearClassId: f.groups.g6.id,
      methodTestId: METHOD_TEST_ID,
      calendarYear: 2025,
      score: 30,
      performance: 'G',
      testDate: '2025-10-01',
    });
    await db.insert(pupilApproaches).values({
      schoolId: f.school.id,
      pupilId: jan.id,
      subjectId: SUBJECT_IDS.RW,
      yearClassId: f.groups.g6.id,
      calendarYear: 2025,
      approach: 'intensive',
    });
    for (const [who, user] of Object.entries(f.users)) {
      tokens[who] = await signIn(t, user);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists the pupils by the particle rule with their scores, windows, growth and approaches', async () => {
    const response = await get('superuser', `/year_classes/${f.groups.g6.id}/result/`);
    expect(response.statusCode).toBe(200);
    const body = readYearClassResult(response.json());
    expect(body.group).toMatchObject({ id: f.groups.g6.id, name: 'Groep 6', grade: 6, calendarYear: 2025 });
    expect(
      body.pupils.map((p) => `${p.firstName} ${p.lastNamePrefix} ${p.lastName}`.replace(/ +/g, ' ')),
    ).toEqual([
      'Karim Bakker',
      'Els van der Berg',
      'Anna de Boer',
      'Jan van Dijk',
      'Xander Uitgesloten',
      'Piet Zwart',
    ]);
    const jan = body.pupils.find((p) => p.firstName === 'Jan');
    const janRows = f.rows.filter((row) => row.pupilId === jan?.id);
    expect(jan?.scores.map((s) => s.id).sort((a, b) => a - b)).toEqual(
      janRows.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(jan?.methodScores.map((s) => s.testDate)).toEqual(['2025-10-01']);
    expect(jan?.methodScores[0]?.performance).toBe('G');
    expect(jan?.approaches).toEqual([
      { subjectId: SUBJECT_IDS.RW, calendarYear: 2025, approach: 'intensive', yearClassId: f.groups.g6.id },
    ]);
    // Growth: since the previous result of the same provider, computed here from the inserted rows.
    const order = ['B', 'M', 'X', 'E'];
    const key = (r: { calendarYear: number; yearTime: string }) =>
      r.calendarYear * 10 + order.indexOf(r.yearTime);
    const rw = janRows.filter((r) => r.subject === 'RW').sort((a, b) => key(a) - key(b));
    const expectedGrowth = rw.slice(1).map((r, i) => r.abilityScore - (rw[i]?.abilityScore ?? 0));
    const growth = jan?.scores
      .filter((s) => s.subjectId === SUBJECT_IDS.RW && s.growth !== null)
      .map((s) => s.growth);
    expect(growth).toEqual(expectedGrowth);
    // Karim's DIA result at 2024-M is listed, but not counted.
    const karim = body.pupils.find((p) => p.firstName === 'Karim');
    const doubles = karim?.scores.filter(
      (s) => s.calendarYear === 2024 && s.yearTime === 'M' && s.subjectId === SUBJECT_IDS.RW,
    );
    expect(doubles?.map((s) => [s.provider, s.isCounted])).toEqual([
      ['CITO', true],
      ['DIA', false],
    ]);
  });

  it("aggregates the group's pupils per subject and moment without the excluded pupil", async () => {
    const body = readYearClassResult(
      (await get('superuser', `/year_classes/${f.groups.g6.id}/result/`)).json(),
    );
    const ids = new Set(f.cohort1.map((p) => p.id));
    const counted = countedRows(f.rows.filter((row) => ids.has(row.pupilId)));
    const moments = new Set(counted.map((r) => `${r.calendarYear}-${r.yearTime}-${r.subject}`));
    expect(body.citoScores).toHaveLength(moments.size);
    for (const row of body.citoScores) {
      const subject = SUBJECT_BY_ID.get(row.subjectId);
      const here = counted.filter(
        (r) => r.subject === subject && r.calendarYear === row.calendarYear && r.yearTime === row.yearTime,
      );
      expectAggregate(row, expectedAggregate(here), `${row.calendarYear}-${row.yearTime} ${subject}`);
    }
    expect(body.citoScores.map((r) => `${r.calendarYear}-${r.yearTime}`)).toEqual([
      '2024-M',
      '2024-M',
      '2024-X',
      '2024-X',
      '2024-E',
      '2024-E',
      '2025-B',
      '2025-B',
      '2025-M',
      '2025-M',
    ]);
  });

  it('gives test-moment notes with their related pupils', async () => {
    const body = readYearClassResult(
      (await get('superuser', `/year_classes/${f.groups.g6.id}/result/`)).json(),
    );
    expect(body.testMomentNotes).toHaveLength(1);
    expect(body.testMomentNotes[0]?.relatedPupils.map((p) => p.lastName)).toEqual(['Dijk', 'Boer']);
    expect(body.approachesInfo).toMatchObject({ classYear: 2025, expectedYear: 2025 });
  });

  it("dates the approaches by the latest change in the group's pupils' log for the shown year", async () => {
    const db = t.database.db;
    const [jan, anna] = f.cohort1;
    if (!jan || !anna) throw new Error('fixture without pupils');
    const log = (pupilId: number, schoolYear: number, date: string) =>
      createApproachLog(db, {
        schoolId: f.school.id,
        pupilId,
        subjectId: SUBJECT_IDS.RW,
        schoolYear,
        approach: 'basic',
        date: new Date(date),
      });
    await log(jan.id, 2025, '2025-10-01T08:00:00Z');
    await log(anna.id, 2025, '2025-11-12T09:30:00Z');
    // Another year, and a pupil of another group: neither counts.
    await log(anna.id, 2024, '2026-01-05T10:00:00Z');
    const outsider = f.cohort2[0];
    if (outsider) await log(outsider.id, 2025, '2026-02-01T10:00:00Z');
    const body = readYearClassResult(
      (await get('superuser', `/year_classes/${f.groups.g6.id}/result/`)).json(),
    );
    expect(body.approachesInfo.expectedYear).toBe(2025);
    expect(body.approachesInfo.lastChanged).toBe('2025-11-12T09:30:00Z');
  });

  it("shows the latest earlier school year's approaches when the group's own year has none, and no later year's", async () => {
    const db = t.database.db;
    const [piet, kees] = f.cohort2;
    if (!piet || !kees) throw new Error('fixture without pupils in group 7');
    const approach = (pupilId: number, calendarYear: number, subject: keyof typeof SUBJECT_IDS) => ({
      schoolId: f.school.id,
      pupilId,
      subjectId: SUBJECT_IDS[subject],
      yearClassId: f.groups.g6old.id,
      calendarYear,
      approach: 'basic' as const,
    });
    // Group 7 is of 2025; its pupils have approaches in 2023 and 2024 and one after it, in 2026.
    await db
      .insert(pupilApproaches)
      .values([
        approach(piet.id, 2023, 'RW'),
        approach(kees.id, 2024, 'TBL'),
        approach(piet.id, 2024, 'RW'),
        approach(piet.id, 2026, 'SP'),
      ]);
    const body = readYearClassResult(
      (await get('superuser', `/year_classes/${f.groups.g7.id}/result/`)).json(),
    );
    expect(body.approachesInfo).toMatchObject({ classYear: 2025, expectedYear: 2024, lastChanged: null });
    const shown = body.pupils.flatMap((pupil) =>
      pupil.approaches.map((item) => [pupil.id, SUBJECT_BY_ID.get(item.subjectId), item.calendarYear]),
    );
    expect(shown.sort()).toEqual(
      [
        [kees.id, 'TBL', 2024],
        [piet.id, 'RW', 2024],
      ].sort(),
    );
    expect(body.group.hasGoals).toBe(false);
  });

  it('refuses a teacher a group outside their permissions (404), another school (404) and no session (401)', async () => {
    expect((await get('teacher', `/year_classes/${f.groups.g6.id}/result/`)).statusCode).toBe(200);
    expect((await get('teacher', `/year_classes/${f.groups.g7.id}/result/`)).statusCode).toBe(404);
    expect((await get('outsider', `/year_classes/${f.groups.g6.id}/result/`)).statusCode).toBe(404);
    expect((await get('superuser', `/year_classes/${f.groups.otherGroup.id}/result/`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/year_classes/${f.groups.g6.id}/result/`),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists grades 1..8 and compares the cohorts of a grade', async () => {
    const list = yearGradeListSchema.parse(
      (await get('superuser', `/schools/${f.school.id}/year_grades/`)).json(),
    );
    expect(list.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list.find((g) => g.grade === 6)).toMatchObject({ calendarYears: [2024, 2025], yearClassCount: 2 });
    const response = await get('superuser', `/schools/${f.school.id}/year_grades/6/`);
    expect(response.statusCode).toBe(200);
    const body = yearGradeSchema.parse(response.json());
    expect(body.cohorts.map((c) => c.calendarYear)).toEqual([2024, 2025]);
    const counted = countedRows(f.rows.filter((row) => row.grade === 6));
    for (const cohort of body.cohorts) {
      for (const result of cohort.results) {
        const subject = SUBJECT_BY_ID.get(result.subjectId);
        const here = counted.filter(
          (r) =>
            r.calendarYear === cohort.calendarYear && r.yearTime === result.yearTime && r.subject === subject,
        );
        expectAggregate(
          result,
          expectedAggregate(here),
          `${cohort.calendarYear} ${result.yearTime} ${subject}`,
        );
      }
      expect(cohort.results.length).toBe(
        new Set(
          counted
            .filter((r) => r.calendarYear === cohort.calendarYear)
            .map((r) => `${r.subject}${r.yearTime}`),
        ).size,
      );
    }
  });

  it("limits a teacher's grade to their groups and refuses other schools", async () => {
    const body = yearGradeSchema.parse(
      (await get('teacher', `/schools/${f.school.id}/year_grades/6/`)).json(),
    );
    expect(body.cohorts.map((c) => c.yearClasses.map((g) => g.id))).toEqual([[f.groups.g6.id]]);
    // The norms of the grade-6 results in the teacher's groups (g5, g6), counted or not.
    const mine = f.rows.filter(
      (row) => row.grade === 6 && [f.groups.g5.id, f.groups.g6.id].includes(row.yearClassId),
    );
    const expectedNorms = new Map(
      mine.flatMap((row) => {
        const norm = normOf(row);
        const key = `${PROVIDER_IDS[row.provider]}|${SUBJECT_IDS[row.subject]}|${row.yearTime}`;
        return norm === undefined ? [] : [[key, norm] as const];
      }),
    );
    expect(expectedNorms.size).toBeGreaterThan(0);
    // Norms are stored as float4: compared to the catalogue's figures at float4 precision.
    const normKey = (norm: { providerId: number; subjectId: number; yearTime: string }) =>
      `${norm.providerId}|${norm.subjectId}|${norm.yearTime}`;
    expect(body.norms.map(normKey).sort()).toEqual([...expectedNorms.keys()].sort());
    for (const norm of body.norms) {
      expect(norm.abilityScore).toBeCloseTo(expectedNorms.get(normKey(norm)) ?? NaN, 4);
    }
    expect(body.norms.every((norm) => norm.grade === 6)).toBe(true);
    expect((await get('outsider', `/schools/${f.school.id}/year_grades/6/`)).statusCode).toBe(404);
    expect((await get('outsider', `/schools/${f.school.id}/year_grades/`)).statusCode).toBe(404);
    expect((await get('superuser', `/schools/${f.school.id}/year_grades/9/`)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/schools/${f.school.id}/year_grades/`) });
    expect(anonymous.statusCode).toBe(401);
  });
});
