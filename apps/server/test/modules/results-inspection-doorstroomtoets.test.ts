import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOORSTROOMTOETS_TARGETS,
  schoolInspectionSchema,
  type DoorstroomtoetsDomain,
  type ReferenceResult,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createYearClass,
} from '../helpers/factories';
import { addResultRoles } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { pupilDoorstroomtoets } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * The inspection counts a year's doorstroomtoets results where the year has them and labels the LVS figure an
 * estimate where it has not. The expected shares are computed here from the rows this file inserted.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025
const LEVELS: ReferenceResult[] = ['<1F', '1F', '2F', '1S'];
const DOMAINS: readonly DoorstroomtoetsDomain[] = ['lezen', 'taalverzorging', 'rekenen'];
const SUBJECT_OF = { lezen: 'TBL', taalverzorging: 'SP', rekenen: 'RW' } as const;

interface Toets {
  pupil: number;
  year: number;
  date: string;
  excluded: boolean;
  levels: Record<DoorstroomtoetsDomain, ReferenceResult>;
}

describe('GET /school-inspection/{id}/ with doorstroomtoets results', () => {
  let t: TestApp;
  let schoolId = 0;
  let token = '';
  const toetsen: Toets[] = [];
  const lvs: { pupil: number; year: number; domain: DoorstroomtoetsDomain; level: ReferenceResult }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db, { name: 'Toetsschool' });
    schoolId = school.id;
    const other = await createSchool(db, { name: 'Andere school' });
    const otherGroup = await createYearClass(db, other.id, { name: 'Groep 8', grade: 8, calendarYear: 2024 });
    const otherPupil = await createPupil(
      db,
      other.id,
      { firstName: 'O', lastName: 'Ander' },
      {
        yearClassId: otherGroup.id,
        grade: 8,
      },
    );
    // Another school's result in a counted year changes nothing here.
    await db.insert(pupilDoorstroomtoets).values({
      schoolId: other.id,
      pupilId: otherPupil.id,
      test: 'CITO',
      testDate: '2025-02-10',
      calendarYear: 2024,
      lezen: '<1F',
      taalverzorging: '<1F',
      rekenen: '<1F',
    });
    let groupId = 0;
    for (const year of [2022, 2023, 2024]) {
      const group = await createYearClass(db, school.id, { name: 'Groep 8', grade: 8, calendarYear: year });
      groupId = group.id;
      for (let i = 0; i < 7; i++) {
        const excluded = year === 2024 && i === 6;
        const pupil = await createPupil(
          db,
          school.id,
          { firstName: `P${year}${i}`, lastName: 'Toets', citoIsExcluded: excluded },
          { yearClassId: group.id, grade: 8 },
        );
        // Every year has LVS results at M8 (all at 1F); 2023 and 2024 have doorstroomtoets results too.
        for (const domain of DOMAINS) {
          await createNationalScore(db, {
            schoolId: school.id,
            pupilId: pupil.id,
            yearClassId: group.id,
            subject: SUBJECT_OF[domain],
            provider: 'CITO',
            calendarYear: year,
            yearTime: 'M',
            grade: 8,
            testDate: `${year + 1}-02-10`,
            abilityScore: 100,
            percentile: 50,
            referenceLevel: '1F',
          });
          lvs.push({ pupil: pupil.id, year, domain, level: '1F' });
        }
        if (year === 2022) continue;
        const levels = (shift: number) => ({
          lezen: LEVELS[(i + year + shift) % 4] ?? '1F',
          taalverzorging: LEVELS[(i * 2 + year + shift) % 4] ?? '1F',
          rekenen: LEVELS[(i * 3 + year + shift) % 4] ?? '1F',
        });
        // Pupil 0 took the test twice that year: the later result counts.
        const tests = i === 0 ? [`${year + 1}-02-05`, `${year + 1}-04-20`] : [`${year + 1}-02-10`];
        for (const [n, date] of tests.entries()) {
          const row = { pupil: pupil.id, year, date, excluded, levels: levels(n) };
          await db.insert(pupilDoorstroomtoets).values({
            schoolId: school.id,
            pupilId: pupil.id,
            test: 'IEP',
            testDate: date,
            calendarYear: year,
            ...row.levels,
          });
          toetsen.push(row);
        }
      }
    }
    const roles = await addResultRoles(db, school.id, other.id, [groupId]);
    token = await signIn(t, roles.superuser);
  });
  afterAll(() => t.close());

  const pct = (part: number, whole: number) => (100 * part) / whole;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  /** Each pupil's latest result of the year, excluded pupils left out, as [domain, level] rows per year. */
  function counted(years: number[]) {
    const latest = new Map<string, Toets>();
    for (const row of toetsen.filter((r) => years.includes(r.year) && !r.excluded)) {
      const key = `${row.pupil}-${row.year}`;
      const seen = latest.get(key);
      if (!seen || seen.date < row.date) latest.set(key, row);
    }
    const rows = [...latest.values()].flatMap((row) =>
      DOMAINS.map((domain) => ({ pupil: row.pupil, year: row.year, domain, level: row.levels[domain] })),
    );
    const lvsYears = [2022, 2023, 2024].filter(
      (y) => years.includes(y) && !toetsen.some((r) => r.year === y),
    );
    return [...rows, ...lvs.filter((row) => lvsYears.includes(row.year))];
  }
  function shares(rows: ReturnType<typeof counted>) {
    const perDomain = DOMAINS.map((domain) => {
      const own = rows.filter((row) => row.domain === domain);
      return {
        domain,
        count: own.length,
        share1F: pct(own.filter((row) => row.level !== '<1F').length, own.length),
        shareTarget: pct(
          own.filter((row) => row.level === DOORSTROOMTOETS_TARGETS[domain]).length,
          own.length,
        ),
      };
    });
    return {
      perDomain,
      pupils: new Set(rows.map((row) => row.pupil)).size,
      share1F: mean(perDomain.map((d) => d.share1F)),
      shareTarget: mean(perDomain.map((d) => d.shareTarget)),
    };
  }

  it("counts the doorstroomtoets where a year has it and the LVS's estimate where it has not", async () => {
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/school-inspection/${schoolId}/`) }),
    );
    expect(response.statusCode).toBe(200);
    const body = schoolInspectionSchema.parse(response.json());
    expect(body.calendarYears).toEqual([2022, 2023, 2024]);
    expect(body.perYear.map((year) => [year.calendarYear, year.source])).toEqual([
      [2022, 'lvs'],
      [2023, 'doorstroomtoets'],
      [2024, 'doorstroomtoets'],
    ]);
    for (const year of body.perYear) {
      const want = shares(counted([year.calendarYear]));
      expect(year.pupilCount, `${year.calendarYear}`).toBe(want.pupils);
      expect(year.share1F ?? -1).toBeCloseTo(want.share1F, 1);
      expect(year.shareTarget ?? -1).toBeCloseTo(want.shareTarget, 1);
    }
    // The LVS year's estimate: every result at 1F, none at the target.
    expect(body.perYear[0]).toMatchObject({ share1F: 100, shareTarget: 0 });
    const total = shares(counted([2022, 2023, 2024]));
    expect(body.pupilCount).toBe(total.pupils);
    expect(body.excludedPupilCount).toBe(1);
    for (const domain of total.perDomain) {
      const got = body.subjects.find((s) => s.subjectId === SUBJECT_IDS[SUBJECT_OF[domain.domain]]);
      expect(got?.resultCount, domain.domain).toBe(domain.count);
      expect(got?.share1F ?? -1).toBeCloseTo(domain.share1F, 1);
      expect(got?.shareTarget ?? -1).toBeCloseTo(domain.shareTarget, 1);
    }
    expect(body.share1F ?? -1).toBeCloseTo(total.share1F, 1);
    expect(body.shareTarget ?? -1).toBeCloseTo(total.shareTarget, 1);
  });
});
