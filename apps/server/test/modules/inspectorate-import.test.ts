import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  inspectorateApplyResultSchema,
  inspectoratePreviewSchema,
  schoolInspectionSchema,
  type ReferenceResult,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
} from '../helpers/factories';
import { headerOf, inspectorateCsv, inspectorateOds, type FileRow } from '../helpers/inspectorate-file';
import { addResultRoles } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { multipartPayload } from '../helpers/ticketing';
import { sha256 } from '../helpers/uploads';

/*
 * The inspectorate's open data (issue 32, section 2): a file with the 19 columns, written here as ODS, CSV and XLSX,
 * sets every matched school's figures; the expectations are computed from the rows written. Verdicts come only
 * from imported or entered signaleringswaarden.
 */
const NOW = new Date('2026-03-01T10:00:00Z');
const FIRST_YEAR = 2022;
const errorsSchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });
const round2 = (value: number) => Math.round(value * 100) / 100;
const outcomeText = { above: 'Boven de signaleringswaarde', below: 'Onder de signaleringswaarde' } as const;

/** A row of the file; the weighted shares are computed from its years as the inspectorate computes them. */
function fileRow(
  ovt: string,
  years: [number, number, number][],
  schoolweging: number,
  signalTarget: number,
): FileRow {
  const [a, b, c] = years.map(([share1F, shareTarget, pupils]) => ({ share1F, shareTarget, pupils }));
  if (!a || !b || !c) throw new Error('three years');
  const total = years.reduce((sum, [, , pupils]) => sum + pupils, 0);
  const weighted = (pick: 0 | 1) =>
    round2(years.reduce((sum, year) => sum + year[pick] * year[2], 0) / total);
  const weighted1F = weighted(0);
  const weightedTarget = weighted(1);
  return {
    ovt,
    years: [a, b, c],
    schoolweging,
    category: `[${Math.floor(schoolweging)},${Math.floor(schoolweging) + 1})`,
    signal1F: 85,
    signalTarget,
    weighted1F,
    weightedTarget,
    total,
    outcome1F: weighted1F >= 85 ? outcomeText.above : outcomeText.below,
    outcomeTarget: weightedTarget >= signalTarget ? outcomeText.above : outcomeText.below,
  };
}

/** The fields of the school's figures that differ between two editions' rows, as the preview names them. */
function changedBetween(before: FileRow | undefined, after: FileRow | undefined): string[] {
  if (!before || !after) throw new Error('rows');
  const pairs: [string, unknown, unknown][] = [
    ['years', before.years, after.years],
    ['schoolweging', before.schoolweging, after.schoolweging],
    ['schoolwegingCategory', before.category, after.category],
    ['signal1F', before.signal1F, after.signal1F],
    ['signalTarget', before.signalTarget, after.signalTarget],
    ['weighted1F', before.weighted1F, after.weighted1F],
    ['weightedTarget', before.weightedTarget, after.weightedTarget],
    ['totalPupils', before.total, after.total],
    ['outcome1F', before.outcome1F, after.outcome1F],
    ['outcomeTarget', before.outcomeTarget, after.outcomeTarget],
  ];
  return pairs.filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b)).map(([name]) => name);
}

describe('POST /inspectorate-figures/ (preview and apply) and the inspection view', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids = { single: 0, double: 0, none: 0 };
  const scores: { year: number; subject: 'SP' | 'TBL' | 'RW'; level: ReferenceResult }[] = [];

  // The single-location school, a school with two locations, and a row of a BRIN the product does not have.
  const rowsV1: FileRow[] = [
    fileRow(
      '11AA|C1',
      [
        [94.44, 55.56, 18],
        [100, 61.9, 21],
        [95.45, 47.83, 23],
      ],
      31.47,
      43.5,
    ),
    fileRow(
      '22BB|C1',
      [
        [97.5, 60, 40],
        [96.3, 58.1, 42],
        [95, 57.5, 40],
      ],
      27.2,
      50.1,
    ),
    fileRow(
      '22BB|C2',
      [
        [90, 40, 10],
        [88.89, 44.44, 9],
        [91.67, 41.67, 12],
      ],
      33.8,
      38.7,
    ),
    fileRow(
      '99ZY|C1',
      [
        [96, 58, 25],
        [97, 59, 26],
        [95, 56, 24],
      ],
      30.1,
      45.5,
    ),
  ];
  // The next edition's values for the single school: its schoolweging and figures change.
  const rowsV2: FileRow[] = [
    fileRow(
      '11AA|C1',
      [
        [94.44, 55.56, 18],
        [100, 61.9, 21],
        [95.45, 47.83, 23],
      ],
      30.4,
      45.5,
    ),
    ...rowsV1.slice(1),
  ];
  // One empty cell, as the published file has them, and one that is no number.
  const withGaps = (rows: FileRow[]): FileRow[] =>
    rows.map((row) =>
      row.ovt === '99ZY|C1'
        ? { ...row, years: [{ share1F: null, shareTarget: null, pupils: null }, row.years[1], row.years[2]] }
        : row,
    );

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const single = await createSchool(db, { brinCode: '11AA', name: 'Eén vestiging' });
    const double = await createSchool(db, { brinCode: '22BB', name: 'Twee vestigingen' });
    const none = await createSchool(db, { brinCode: '33CC', name: 'Niet in het bestand' });
    Object.assign(ids, { single: single.id, double: double.id, none: none.id });
    // Groep-8 results of three finished years at the single school (M8, counted), for the product's own figures.
    const levels: ReferenceResult[] = ['<1F', '1F', '1S', '2F'];
    let lastGroup = 0;
    for (const year of [2022, 2023, 2024]) {
      const group = await createYearClass(db, single.id, { name: 'Groep 8', grade: 8, calendarYear: year });
      lastGroup = group.id;
      for (let i = 0; i < 3 + (year % 3); i++) {
        const pupil = await createPupil(
          db,
          single.id,
          { firstName: `P${year}${i}`, lastName: 'Test' },
          { yearClassId: group.id, grade: 8 },
        );
        for (const [s, subject] of (['SP', 'TBL', 'RW'] as const).entries()) {
          let level = levels[(i + s + year) % 4] ?? '1F';
          if (subject === 'RW' && level === '2F') level = '1S';
          await createNationalScore(db, {
            schoolId: single.id,
            pupilId: pupil.id,
            yearClassId: group.id,
            subject,
            provider: 'CITO',
            calendarYear: year,
            yearTime: 'M',
            grade: 8,
            testDate: `${year + 1}-02-10`,
            abilityScore: 100,
            percentile: 50,
            referenceLevel: level,
          });
          scores.push({ year, subject, level });
        }
      }
    }
    const roles = await addResultRoles(db, single.id, none.id, [lastGroup]);
    await addMember(db, double.id, roles.superuser.id, { isSchoolSuperuser: true });
    const staff = await createUser(db, {
      email: `staff@${t.ctx.config.PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    await addMember(db, single.id, staff.id, { isSchoolSuperuser: true });
    for (const [name, user] of Object.entries({ ...roles, staff })) tokens[name] = await signIn(t, user);
  });
  afterAll(() => t.close());

  const send = async (
    who: string,
    step: 'preview' | 'apply',
    name: string,
    content: Buffer | string,
    hash?: string,
  ) => {
    const { payload, headers } = await multipartPayload(hash ? { sha256: hash } : {}, [
      { field: 'file', name, content },
    ]);
    const url = step === 'preview' ? '/inspectorate-figures/preview/' : '/inspectorate-figures/';
    return t.app.inject(authed(tokens[who] ?? '', { method: 'POST', url: api(url), payload, headers }));
  };
  const inspection = async (schoolId: number, who = 'superuser') => {
    const response = await t.app.inject(
      authed(tokens[who] ?? '', { method: 'GET', url: api(`/school-inspection/${schoolId}/`) }),
    );
    expect(response.statusCode).toBe(200);
    return schoolInspectionSchema.parse(response.json());
  };
  const patch = (who: string, schoolId: number, body: Record<string, unknown>) =>
    t.app.inject(
      authed(tokens[who] ?? '', {
        method: 'PATCH',
        url: api(`/schools/${schoolId}/schoolweging/`),
        payload: body,
      }),
    );

  /** The school's published rows as the file wrote them. */
  function expectPublished(got: z.infer<typeof schoolInspectionSchema>['published'], rows: FileRow[]) {
    expect(got.map((row) => row.ovt)).toEqual(rows.map((row) => row.ovt));
    rows.forEach((row, index) => {
      const stored = got[index];
      expect(stored?.years).toEqual(
        row.years.map((year, offset) => ({
          calendarYear: FIRST_YEAR + offset,
          share1F: year.share1F,
          shareTarget: year.shareTarget,
          pupilCount: year.pupils,
        })),
      );
      expect(stored).toMatchObject({
        schoolweging: row.schoolweging,
        schoolwegingCategory: row.category,
        signal1F: row.signal1F,
        signalTarget: row.signalTarget,
        weighted1F: row.weighted1F,
        weightedTarget: row.weightedTarget,
        totalPupils: row.total,
        outcome1F: row.outcome1F === outcomeText.above ? 'above' : 'below',
        outcomeTarget: row.outcomeTarget === outcomeText.above ? 'above' : 'below',
      });
    });
  }

  it('has no verdict before the inspectorate’s values are imported or entered', async () => {
    const body = await inspection(ids.single);
    expect(body.signal1F).toBeNull();
    expect(body.signalTarget).toBeNull();
    expect(body.signalSource).toBeNull();
    expect(body.published).toEqual([]);
    expect(body.share1F).not.toBeNull();
  });

  it('lets only provider staff read the file: everyone else 403, anonymous 401', async () => {
    const ods = inspectorateOds(FIRST_YEAR, rowsV1);
    for (const who of ['superuser', 'senco', 'teacher', 'outsider'])
      expect((await send(who, 'preview', 'data.ods', ods)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: api('/inspectorate-figures/preview/') });
    expect(anonymous.statusCode).toBe(401);
    expect((await inspection(ids.single)).published).toEqual([]);
  });

  it('previews an ODS file: matched schools by BRIN, unmatched rows, empty cells read as empty', async () => {
    const rows = withGaps(rowsV1);
    const ods = inspectorateOds(FIRST_YEAR, rows);
    const response = await send(
      'staff',
      'preview',
      'gemiddelde_referentieniveaus_per_school_2223-2425_Open_data.ods',
      ods,
    );
    expect(response.statusCode).toBe(200);
    const preview = inspectoratePreviewSchema.parse(response.json());
    expect(preview.sha256).toBe(sha256(ods));
    expect(preview.calendarYears).toEqual([2022, 2023, 2024]);
    expect(preview.rowCount).toBe(rows.length);
    expect(preview.matched.map((row) => [row.ovt, row.schoolId, row.status])).toEqual([
      ['11AA|C1', ids.single, 'new'],
      ['22BB|C1', ids.double, 'new'],
      ['22BB|C2', ids.double, 'new'],
    ]);
    expect(preview.unmatchedCount).toBe(1);
    expect(preview.unmatched.map((row) => row.ovt)).toEqual(['99ZY|C1']);
    expect(preview.rowErrors).toEqual([]);
    expect((await inspection(ids.single)).published).toEqual([]);
  });

  it('applies the ODS file (with its preview’s hash): each school gets its rows, the verdict its values', async () => {
    const ods = inspectorateOds(FIRST_YEAR, rowsV1);
    expect((await send('staff', 'apply', 'data.ods', ods, 'f'.repeat(64))).statusCode).toBe(400);
    const response = await send('staff', 'apply', 'data.ods', ods, sha256(ods));
    expect(response.statusCode).toBe(201);
    expect(inspectorateApplyResultSchema.parse(response.json())).toMatchObject({
      schoolCount: 2,
      rowCount: 3,
    });

    const single = await inspection(ids.single);
    const [singleRow] = rowsV1;
    if (!singleRow) throw new Error('row');
    expectPublished(single.published, [singleRow]);
    expect(single.signal1F).toBe(85);
    expect(single.signalTarget).toBe(singleRow.signalTarget);
    expect(single.schoolweging).toBe(singleRow.schoolweging);
    expect(single.schoolwegingCategory).toBe('[31,32)');
    expect(single.signalSource).toMatchObject({
      kind: 'imported',
      ovt: '11AA|C1',
      calendarYears: [2022, 2023, 2024],
    });

    // Two locations: both rows are shown, but the file does not say which are the school's results: no verdict.
    const double = await inspection(ids.double);
    expectPublished(double.published, rowsV1.slice(1, 3));
    expect(double.signalTarget).toBeNull();
    expect(double.signalSource).toBeNull();
    expect((await inspection(ids.none, 'outsider')).published).toEqual([]);
  });

  it('recomputes the weighted three-year shares from the rows written and from the results inserted', async () => {
    const body = await inspection(ids.single);
    const [published] = body.published;
    const [row] = rowsV1;
    if (!published || !row) throw new Error('row');
    // The inspectorate's weighted share: each year's share by its pupils.
    const pupils = row.years.reduce((sum, year) => sum + (year.pupils ?? 0), 0);
    const weighted = (pick: 'share1F' | 'shareTarget') =>
      row.years.reduce((sum, year) => sum + (year[pick] ?? 0) * (year.pupils ?? 0), 0) / pupils;
    expect(published.weighted1F).toBeCloseTo(weighted('share1F'), 2);
    expect(published.weightedTarget).toBeCloseTo(weighted('shareTarget'), 2);
    expect(published.totalPupils).toBe(pupils);

    // The product's own: per year and over the three years, from the inserted groep-8 results.
    const target = { SP: '2F', TBL: '2F', RW: '1S' } as const;
    const sharesOf = (rows: typeof scores) => {
      const perSubject = (['SP', 'TBL', 'RW'] as const).map((subject) => {
        const counted = rows.filter((score) => score.subject === subject);
        return {
          share1F: (100 * counted.filter((score) => score.level !== '<1F').length) / counted.length,
          shareTarget:
            (100 * counted.filter((score) => score.level === target[subject]).length) / counted.length,
        };
      });
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return {
        share1F: mean(perSubject.map((s) => s.share1F)),
        shareTarget: mean(perSubject.map((s) => s.shareTarget)),
      };
    };
    expect(body.calendarYears).toEqual([2022, 2023, 2024]);
    for (const year of body.perYear) {
      const want = sharesOf(scores.filter((score) => score.year === year.calendarYear));
      expect(year.share1F).toBeCloseTo(want.share1F, 1);
      expect(year.shareTarget).toBeCloseTo(want.shareTarget, 1);
      expect(year.pupilCount).toBe(scores.filter((s) => s.year === year.calendarYear).length / 3);
    }
    const all = sharesOf(scores);
    expect(body.share1F).toBeCloseTo(all.share1F, 1);
    expect(body.shareTarget).toBeCloseTo(all.shareTarget, 1);
  });

  it('previews and applies the next edition as CSV: the changed school and its fields, then its new values', async () => {
    const csv = inspectorateCsv(FIRST_YEAR, rowsV2);
    const preview = inspectoratePreviewSchema.parse((await send('staff', 'preview', 'data.csv', csv)).json());
    expect(preview.matched.map((row) => [row.ovt, row.status, row.changedFields])).toEqual([
      ['11AA|C1', 'changed', changedBetween(rowsV1[0], rowsV2[0])],
      ['22BB|C1', 'unchanged', []],
      ['22BB|C2', 'unchanged', []],
    ]);
    expect((await send('staff', 'apply', 'data.csv', csv, sha256(csv))).statusCode).toBe(201);
    const [row] = rowsV2;
    if (!row) throw new Error('row');
    const body = await inspection(ids.single);
    expectPublished(body.published, [row]);
    expect(body.signalTarget).toBe(45.5);
    expect(body.schoolwegingCategory).toBe('[30,31)');
  });

  it('reads the same rows from an XLSX saved from the file', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Toelichting').addRow(['Gemiddelde referentieniveaus per school']);
    const data = workbook.addWorksheet('Data');
    data.addRow(headerOf(FIRST_YEAR));
    for (const line of inspectorateCsv(FIRST_YEAR, rowsV1).trim().split('\r\n').slice(1)) {
      // As a spreadsheet keeps them: numbers as numbers, texts as texts.
      data.addRow(
        line.split(';').map((cell) => (/^\d+(,\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : cell)),
      );
    }
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = inspectoratePreviewSchema.parse(
      (await send('staff', 'preview', 'data.xlsx', xlsx)).json(),
    );
    expect(preview.matched.map((row) => [row.ovt, row.status])).toEqual([
      ['11AA|C1', 'changed'],
      ['22BB|C1', 'unchanged'],
      ['22BB|C2', 'unchanged'],
    ]);
    expect(preview.rowErrors).toEqual([]);
  });

  it('lists a cell that is no number with its line and column, read as empty, and changes nothing', async () => {
    const csv = inspectorateCsv(FIRST_YEAR, rowsV1).replace(';31.47;', ';n.v.t.;');
    const response = await send('staff', 'preview', 'data.csv', csv);
    expect(response.statusCode).toBe(200);
    const preview = inspectoratePreviewSchema.parse(response.json());
    // Line 2: the first data row, after the header.
    expect(preview.rowErrors).toEqual([{ line: 2, column: 'Schoolweging', value: 'n.v.t.' }]);
    expect(preview.matched.find((row) => row.ovt === '11AA|C1')?.changedFields).toContain('schoolweging');
  });

  it('refuses a file without the 19 columns, naming what is missing', async () => {
    const csv = 'ovt;Schoolweging\r\n11AA|C1;31.47\r\n';
    const response = await send('staff', 'preview', 'data.csv', csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'not_inspectorate' });
  });

  it('lets a superuser enter the letter’s values (the more recent source counts), not a senco or teacher', async () => {
    expect((await patch('teacher', ids.single, { schoolweging: 30, signalTarget: 45.5 })).statusCode).toBe(
      403,
    );
    expect((await patch('senco', ids.single, { schoolweging: 30, signalTarget: 45.5 })).statusCode).toBe(403);
    const bad = await patch('superuser', ids.single, { schoolweging: 50, signalTarget: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorsSchema.parse(bad.json()).errors).sort()).toEqual([
      'schoolweging',
      'signalTarget',
    ]);
    t.clock.now = new Date(NOW.getTime() + 60_000);
    const response = await patch('superuser', ids.single, { schoolweging: 33.2, signalTarget: 38.7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ schoolId: ids.single, schoolweging: 33.2, signalTarget: 38.7 });
    const body = await inspection(ids.single);
    expect(body.signalSource?.kind).toBe('entered');
    expect(body.signalTarget).toBe(38.7);
    expect(body.signal1F).toBe(85);
    expect(body.schoolweging).toBeCloseTo(33.2, 3);
    // The published figures stay beside them.
    expect(body.published).toHaveLength(1);
  });
});
