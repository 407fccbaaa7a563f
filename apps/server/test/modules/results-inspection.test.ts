import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schoolInspectionSchema, type ReferenceResult, type TestProviderCode } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createYearClass,
} from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';
import { addResultRoles } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * The inspectorate's view: groep 8 over the last three school years together, each pupil's last counted grade-8
 * result per subject, excluded pupils left out; the expected shares are computed here from the inserted rows.
 */
const schoolwegingErrors = z.object({ errors: z.record(z.string(), z.array(z.string())) });
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
type Subject = 'SP' | 'TBL' | 'RW';
const TARGET: Record<Subject, '1S' | '2F'> = { SP: '2F', TBL: '2F', RW: '1S' };

interface Inserted {
  pupil: number;
  year: number;
  subject: Subject;
  level: ReferenceResult;
  yearTime: 'B' | 'M';
  provider: TestProviderCode;
  excluded: boolean;
}

describe('GET /school-inspection/{id}/ and PATCH /schools/{id}/schoolweging/', () => {
  let t: TestApp;
  let schoolId = 0;
  const tokens: Record<string, string> = {};
  const inserted: Inserted[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db, { name: 'Inspectieschool' });
    schoolId = school.id;
    const other = await createSchool(db, { name: 'Andere school' });
    const levels: ReferenceResult[] = ['<1F', '1F', '1S', '2F'];
    let groupId = 0;
    for (const year of [2021, 2022, 2023, 2024, 2025]) {
      const group = await createYearClass(db, school.id, { name: 'Groep 8', grade: 8, calendarYear: year });
      groupId = group.id;
      for (let i = 0; i < 4; i++) {
        const excluded = year === 2024 && i === 3;
        const pupil = await createPupil(
          db,
          school.id,
          { firstName: `P${year}${i}`, lastName: 'Test', citoIsExcluded: excluded },
          { yearClassId: group.id, grade: 8 },
        );
        for (const [s, subject] of (['SP', 'TBL', 'RW'] as const).entries()) {
          // B8 first, then M8 (the last, which counts); at M a second provider for one pupil (CITO counts).
          const atB = levels[(i + s + year) % 4] ?? '1F';
          let atM = levels[(i * 3 + s + year + 1) % 4] ?? '1F';
          if (subject === 'RW' && atM === '2F') atM = '1S';
          // The current school year (2025) has only its B8 results yet: not a finished year.
          const rows: ['B' | 'M', ReferenceResult, TestProviderCode][] =
            year === 2025
              ? [['B', atB, 'CITO']]
              : [
                  ['B', atB, 'CITO'],
                  ['M', atM, 'CITO'],
                ];
          if (i === 0 && subject === 'TBL' && year !== 2025) rows.push(['M', '<1F', 'DIA']);
          for (const [yearTime, level, provider] of rows) {
            await createNationalScore(db, {
              schoolId: school.id,
              pupilId: pupil.id,
              yearClassId: group.id,
              subject,
              provider,
              calendarYear: year,
              yearTime,
              grade: 8,
              testDate: `${yearTime === 'B' ? year : year + 1}-${yearTime === 'B' ? '10-01' : '02-10'}`,
              abilityScore: 100,
              percentile: 50,
              referenceLevel: level,
            });
            inserted.push({ pupil: pupil.id, year, subject, level, yearTime, provider, excluded });
          }
        }
      }
    }
    const roles = await addResultRoles(db, school.id, other.id, [groupId]);
    for (const [name, user] of Object.entries(roles)) tokens[name] = await signIn(t, user);
  });
  afterAll(() => t.close());

  const get = (who: string) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(`/school-inspection/${schoolId}/`) }));
  const patch = (who: string, body: Record<string, unknown>) =>
    t.app.inject(
      authed(tokens[who] ?? '', {
        method: 'PATCH',
        url: api(`/schools/${schoolId}/schoolweging/`),
        payload: body,
      }),
    );

  /**
   * The expectation, computed from the inserted rows: the last three years with M8 results (2025 has only B8), the
   * M (last) CITO result, no exclusions.
   */
  function expected() {
    const years = [2022, 2023, 2024];
    const counted = inserted.filter(
      (row) => years.includes(row.year) && row.yearTime === 'M' && row.provider === 'CITO',
    );
    const pct = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);
    const subjects = (['SP', 'TBL', 'RW'] as const).map((subject) => {
      const rows = counted.filter((row) => row.subject === subject && !row.excluded);
      return {
        subject,
        resultCount: rows.length,
        share1F: pct(rows.filter((row) => row.level !== '<1F').length, rows.length),
        shareTarget: pct(rows.filter((row) => row.level === TARGET[subject]).length, rows.length),
      };
    });
    const mean = (values: (number | null)[]) => {
      const present = values.filter((v): v is number => v !== null);
      return present.reduce((a, b) => a + b, 0) / present.length;
    };
    return {
      years,
      subjects,
      share1F: mean(subjects.map((s) => s.share1F)),
      shareTarget: mean(subjects.map((s) => s.shareTarget)),
      pupilCount: new Set(counted.filter((r) => !r.excluded).map((r) => r.pupil)).size,
      excludedPupilCount: new Set(counted.filter((r) => r.excluded).map((r) => r.pupil)).size,
    };
  }

  it('shares groep 8 at 1F and 1S/2F over the last three school years, without excluded pupils', async () => {
    const response = await get('superuser');
    expect(response.statusCode).toBe(200);
    const body = schoolInspectionSchema.parse(response.json());
    const want = expected();
    expect(body.calendarYears).toEqual(want.years);
    expect(body.pupilCount).toBe(want.pupilCount);
    expect(body.excludedPupilCount).toBe(want.excludedPupilCount);
    for (const subject of want.subjects) {
      const got = body.subjects.find((s) => s.subjectId === SUBJECT_IDS[subject.subject]);
      expect(got?.targetLevel).toBe(TARGET[subject.subject]);
      expect(got?.resultCount).toBe(subject.resultCount);
      expect(got?.share1F).toBeCloseTo(subject.share1F ?? -1, 1);
      expect(got?.shareTarget).toBeCloseTo(subject.shareTarget ?? -1, 1);
    }
    expect(body.share1F).toBeCloseTo(want.share1F, 1);
    expect(body.shareTarget).toBeCloseTo(want.shareTarget, 1);
    // No value from the inspectorate (imported or entered): no signaleringswaarde, so no verdict.
    expect(body.signal1F).toBeNull();
    expect(body.schoolweging).toBeNull();
    expect(body.signalTarget).toBeNull();
    expect(body.signalSource).toBeNull();
    expect((await get('senco')).statusCode).toBe(200);
  });

  it('refuses teachers (403), other schools (404) and anonymous requests (401)', async () => {
    expect((await get('teacher')).statusCode).toBe(403);
    expect((await get('outsider')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/school-inspection/${schoolId}/`) });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets a superuser enter the schoolweging and the letter's 1S/2F signaleringswaarde, which give the verdict", async () => {
    const response = await patch('superuser', { schoolweging: 31.2, signalTarget: 43.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ schoolId, schoolweging: 31.2, signalTarget: 43.5 });
    const body = schoolInspectionSchema.parse((await get('superuser')).json());
    expect(body.schoolweging).toBeCloseTo(31.2, 3);
    expect(body.signalTarget).toBe(43.5);
    expect(body.signal1F).toBe(85);
    expect(body.signalSource?.kind).toBe('entered');
    const cleared = await patch('superuser', { schoolweging: null, signalTarget: null });
    expect(cleared.json()).toEqual({ schoolId, schoolweging: null, signalTarget: null });
    const after = schoolInspectionSchema.parse((await get('superuser')).json());
    expect(after.signalTarget).toBeNull();
    expect(after.signal1F).toBeNull();
  });

  it('never derives a signaleringswaarde from the schoolweging alone (the product has no table of its own)', async () => {
    // Before issue 32 the product looked the value up in a table of its own; now only the inspectorate's counts.
    for (const weging of [27.8, 30, 31, 33.5, 20, 40]) {
      expect((await patch('superuser', { schoolweging: weging })).statusCode).toBe(200);
      const body = schoolInspectionSchema.parse((await get('superuser')).json());
      expect(body.schoolweging).toBeCloseTo(weging, 3);
      expect({ weging, signalTarget: body.signalTarget, signal1F: body.signal1F }).toEqual({
        weging,
        signalTarget: null,
        signal1F: null,
      });
    }
    await patch('superuser', { schoolweging: null });
  });

  it('refuses a bad schoolweging with a field message and non-superusers with 403, changing nothing', async () => {
    await patch('superuser', { schoolweging: 28 });
    // Audit rows of earlier reads are written after their answers: compare every other table.
    const counts = async () => {
      const { audit_log: _audit, ...rest } = await rowCounts(t.database.db);
      return rest;
    };
    const before = await counts();
    for (const value of [19.9, 40.5, 'abc']) {
      const response = await patch('superuser', { schoolweging: value });
      expect(response.statusCode).toBe(400);
      const { errors } = schoolwegingErrors.parse(response.json());
      expect(Object.keys(errors)).toEqual(['schoolweging']);
    }
    expect((await patch('senco', { schoolweging: 30 })).statusCode).toBe(403);
    expect((await patch('teacher', { schoolweging: 30 })).statusCode).toBe(403);
    expect((await patch('outsider', { schoolweging: 30 })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const body = schoolInspectionSchema.parse((await get('superuser')).json());
    expect(body.schoolweging).toBe(28);
  });
});
