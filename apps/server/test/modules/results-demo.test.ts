import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  compareMoments,
  pupilDetailSchema,
  readSchoolHistory,
  schoolOutflowSchema,
  schoolPupilsSchema,
  schoolYearOf,
  readYearClassResult,
  yearGradeSchema,
  type SchoolHistory,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { queryRows } from '../helpers/query';
import { signIn } from '../helpers/sign-in';
import { createSecretBox } from '../../src/platform/secret-box';
import { isMomentPast, seedDemo } from '../../src/seed/index';
import { momentsOf } from '../../src/seed/dates';
import { REGENBOOG } from '../../src/seed/schools';

const TODAY = new Date('2026-11-21T12:00:00Z');
const CURRENT = schoolYearOf(TODAY);

describe('school history on the demo data', () => {
  let t: TestApp;
  let history: SchoolHistory;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ now: TODAY });
    const secretBox = createSecretBox('test-key-material-test-key-material');
    await seedDemo(t.database.db, {
      today: TODAY,
      providerDomain: 'leerzicht.example',
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    const user = await createUser(t.database.db);
    await addMember(t.database.db, REGENBOOG.id, user.id, { isSchoolSuperuser: true });
    token = await signIn(t, user);
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/school_history/${REGENBOOG.id}/`) }),
    );
    expect(response.statusCode).toBe(200);
    history = readSchoolHistory(response.json());
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('has every past moment, sorted by year then time', () => {
    const expected = [];
    for (let year = CURRENT - REGENBOOG.history; year <= CURRENT; year++) {
      const times = new Set([3, 4, 5, 6, 7, 8].flatMap((grade) => momentsOf(grade, year)));
      for (const yearTime of times) {
        if (isMomentPast(year, yearTime, TODAY)) expected.push({ calendarYear: year, yearTime });
      }
    }
    expected.sort(compareMoments);
    expect(history.exams.map((exam) => [exam.calendarYear, exam.yearTime])).toEqual(
      expected.map((moment) => [moment.calendarYear, moment.yearTime]),
    );
  });

  it('has every grade 3-8 group at each past moment', async () => {
    const groups = await queryRows<{ id: number; calendar_year: number; name: string; grade: number }>(
      t.database.db,
      sql`select id, calendar_year, name, grade from year_classes where school_id = ${REGENBOOG.id} and grade >= 3`,
    );
    expect(history.exams.length).toBeGreaterThan(0);
    for (const exam of history.exams) {
      const shown = new Set(
        exam.results.flatMap((result) => result.yearClasses.map((row) => row.yearClassId)),
      );
      // Grades 3-7 are tested at M and E (X in 2019), groep 8 at B and M.
      const expected = groups.filter(
        (group) =>
          group.calendar_year === exam.calendarYear &&
          momentsOf(group.grade, group.calendar_year).includes(exam.yearTime),
      );
      expect(expected.length, exam.key).toBeGreaterThan(0);
      for (const group of expected) expect(shown.has(group.id), `${exam.key} ${group.name}`).toBe(true);
    }
  });

  it('orders subjects by position and carries the ambitions and norms', () => {
    const positions = history.subjects.map((subject) => subject.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(history.schoolAmbitions.length).toBeGreaterThan(0);
    expect(history.norms.length).toBeGreaterThan(0);
    const first = history.exams[0]?.results[0];
    expect(first?.school.nationalAbilityScore).not.toBeNull();
  });

  it('answers the group, pupil, grade, pupil list and outflow views (response schemas hold)', async () => {
    const get = (url: string) => t.app.inject(authed(token, { method: 'GET', url: api(url) }));
    const [group] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from year_classes where school_id = ${REGENBOOG.id} and calendar_year = ${CURRENT - 1}
        and grade = 8 order by id limit 1`,
    );
    const result = await get(`/year_classes/${group?.id}/result/`);
    expect(result.statusCode).toBe(200);
    const body = readYearClassResult(result.json());
    expect(body.pupils.length).toBeGreaterThan(0);
    expect(body.citoScores.length).toBeGreaterThan(0);
    const pupil = body.pupils[0];
    const detail = await get(`/pupils/${pupil?.id}/?school_id=${REGENBOOG.id}`);
    expect(detail.statusCode).toBe(200);
    expect(pupilDetailSchema.parse(detail.json()).scores.length).toBeGreaterThan(0);
    const grade = await get(`/schools/${REGENBOOG.id}/year_grades/5/`);
    expect(grade.statusCode).toBe(200);
    expect(yearGradeSchema.parse(grade.json()).cohorts.length).toBeGreaterThan(1);
    expect((await get(`/schools/${REGENBOOG.id}/year_grades/`)).statusCode).toBe(200);
    const pupils = await get(`/school_pupils/${REGENBOOG.id}/`);
    expect(schoolPupilsSchema.parse(pupils.json()).pupils.length).toBeGreaterThan(100);
    const outflow = await get(`/school-outflow/${REGENBOOG.id}/`);
    expect(schoolOutflowSchema.parse(outflow.json()).years.length).toBeGreaterThan(0);
  });
});
