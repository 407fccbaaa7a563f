import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchoolHistory, type SchoolHistory } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { buildResultsSchool, type InsertedScore } from '../helpers/results-fixture';
import { countedRows, expectAggregate, expectedAggregate } from '../helpers/results-expected';
import { signIn } from '../helpers/sign-in';
import { SUBJECT_IDS } from '../../src/seed/catalog';

const NOW = new Date('2026-03-01T10:00:00Z');
const SUBJECT_BY_ID = new Map(Object.entries(SUBJECT_IDS).map(([code, id]) => [id, code]));

describe('GET /school_history/{id}/', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};

  const history = async (who: string, schoolId = f.school.id) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(`/school_history/${schoolId}/`) }));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    for (const [who, user] of Object.entries(f.users)) {
      tokens[who] = await signIn(t, user);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  function checkAgainst(body: SchoolHistory, rows: InsertedScore[]) {
    const counted = countedRows(rows);
    for (const exam of body.exams) {
      for (const result of exam.results) {
        const subject = SUBJECT_BY_ID.get(result.subjectId);
        const here = counted.filter(
          (row) =>
            row.calendarYear === exam.calendarYear &&
            row.yearTime === exam.yearTime &&
            row.subject === subject,
        );
        const label = `${exam.key} ${subject}`;
        expectAggregate(result.school, expectedAggregate(here), `${label} school`);
        const groupIds = [...new Set(here.map((row) => row.yearClassId))].sort((a, b) => a - b);
        expect(
          result.yearClasses.map((row) => row.yearClassId).sort((a, b) => a - b),
          label,
        ).toEqual(groupIds);
        for (const group of result.yearClasses) {
          const own = here.filter((row) => row.yearClassId === group.yearClassId);
          expectAggregate(group, expectedAggregate(own), `${label} group ${group.yearClassName}`);
        }
        const grades = [...new Set(here.map((row) => row.grade))].sort((a, b) => a - b);
        expect(result.grades.map((row) => row.grade)).toEqual(grades);
        for (const grade of result.grades) {
          expectAggregate(
            grade,
            expectedAggregate(here.filter((row) => row.grade === grade.grade)),
            `${label} g`,
          );
        }
      }
    }
  }

  it('sorts the exams by year then time (B, M, X, E) and the subjects by position', async () => {
    const response = await history('superuser');
    expect(response.statusCode).toBe(200);
    const body = readSchoolHistory(response.json());
    expect(body.exams.map((exam) => exam.key)).toEqual(['2024-M', '2024-X', '2024-E', '2025-B', '2025-M']);
    expect(body.calendarYears).toEqual([2024, 2025]);
    // Demo catalogue positions: SP 1, TBL 2, DMT 3, RW 4, WST 5, RvK 6, TvK 7 (ids differ).
    expect(body.subjects.map((subject) => subject.code)).toEqual([
      'SP',
      'TBL',
      'DMT',
      'RW',
      'WST',
      'RvK',
      'TvK',
    ]);
    for (const exam of body.exams) {
      expect(exam.results.map((result) => SUBJECT_BY_ID.get(result.subjectId))).toEqual(['SP', 'RW']);
    }
  });

  it('computes school, grade and group aggregates without excluded pupils, by provider priority', async () => {
    const body = readSchoolHistory((await history('superuser')).json());
    checkAgainst(body, f.rows);
    // The excluded pupil's (extreme) results count nowhere; Karim's DIA result at 2024-M does not either.
    const rw = body.exams
      .find((exam) => exam.key === '2024-M')
      ?.results.find((r) => r.subjectId === SUBJECT_IDS.RW);
    const pupilsAt = new Set(
      f.rows
        .filter((row) => row.calendarYear === 2024 && row.yearTime === 'M' && row.subject === 'RW')
        .map((row) => row.pupilId),
    );
    expect(rw?.school.pupilCount).toBe(pupilsAt.size - 1);
  });

  it('gives the same figures to a senco', async () => {
    const body = readSchoolHistory((await history('senco')).json());
    checkAgainst(body, f.rows);
  });

  it("limits a teacher's history to their permitted groups (results and notes)", async () => {
    const response = await history('teacher');
    expect(response.statusCode).toBe(200);
    const body = readSchoolHistory(response.json());
    const permitted = [f.groups.g5.id, f.groups.g6.id];
    checkAgainst(
      body,
      f.rows.filter((row) => permitted.includes(row.yearClassId)),
    );
    const shown = body.exams.flatMap((exam) =>
      exam.results.flatMap((r) => r.yearClasses.map((g) => g.yearClassId)),
    );
    expect(new Set(shown)).toEqual(new Set(permitted));
    expect(body.notes.map((note) => note.yearClassId)).toEqual([f.groups.g6.id]);
  });

  it('carries notes, ambitions and norms', async () => {
    const body = readSchoolHistory((await history('superuser')).json());
    expect(body.notes).toHaveLength(2);
    expect(body.notes.find((note) => note.id === f.noteId)?.relatedPupilIds).toEqual(
      f.cohort1.slice(0, 2).map((pupil) => pupil.id),
    );
    expect(body.schoolAmbitions).toEqual([]);
    expect(body.norms.length).toBeGreaterThan(0);
  });

  it('answers 404 for another school and 401 without a session', async () => {
    expect((await history('outsider')).statusCode).toBe(404);
    expect((await history('superuser', f.other.id)).statusCode).toBe(404);
    expect((await history('superuser', 999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/school_history/${f.school.id}/`) });
    expect(anonymous.statusCode).toBe(401);
  });
});
