import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uploadPreviewSchema, uploadRecordSchema } from '@leerzicht/contract';
import { methodTestScores, nationalTestScores, uploads } from '../../src/db/schema/index';
import { methodTestId, nationalTestId, SUBJECT_IDS } from '../../src/seed/catalog';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { sendUpload, sha256 } from '../helpers/uploads';
import { buildResultsUploadSchool, toCsv } from '../fixtures/uploads/results/results-upload-school';

/*
 * Result uploads through the API as provider staff send them: preview (changes nothing), apply with the preview's
 * hash (one transaction, recorded in the uploads list), the same file again, and a file with row errors refused
 * unless the rows are skipped.
 */

const NOW = new Date('2026-03-02T10:00:00Z');

/** Row counts of every table but the audit log (a preview is audited: it reads pupil data). */
async function dataRowCounts(t: TestApp) {
  const { audit_log: _audited, ...counts } = await rowCounts(t.database.db);
  return counts;
}

describe('result uploads through the API', () => {
  let t: TestApp;
  let dataDir: string;
  let f: Awaited<ReturnType<typeof buildResultsUploadSchool>>;
  let token: string;

  const send = async (route: 'preview' | 'apply', kind: string, content: string, fields = {}) => {
    const file = { name: 'resultaten.csv', content, type: 'text/csv' };
    return sendUpload(t, token, f.school.id, route, file, { kind, ...fields });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lz-results-http-'));
    t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
    f = await buildResultsUploadSchool(t.database.db);
    const staff = await createUser(t.database.db, {
      email: `staff-${f.school.id}@${t.ctx.config.PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    await addMember(t.database.db, f.school.id, staff.id, { isSchoolSuperuser: true });
    token = await signIn(t, staff);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('previews and applies a DIA export of national results, then the same file changes nothing', async () => {
    const pupils = f.pupils.filter((pupil) => pupil.groups[2025]);
    const csv = toCsv([
      [
        'Leerling ID',
        'Diatoets',
        'Versie',
        'Afnameperiode',
        'Afnamedatum',
        'Diascore',
        'Niveau',
        'Percentielscore',
      ],
      ...pupils.map((pupil, index) => [
        pupil.key,
        'Spelling',
        '2024',
        'midden',
        '27-01-2026',
        `${140 + index},5`,
        'II',
        65 + index,
      ]),
    ]);
    const before = await dataRowCounts(t);
    const preview = await send('preview', 'NATIONAL_RESULTS', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = uploadPreviewSchema.parse(preview.json());
    expect(body.counts.results).toEqual({ add: pupils.length, change: 0, unchanged: 0 });
    expect(body.errorCount).toBe(0);
    expect(body.calendarYear).toBe(2025);
    expect(await dataRowCounts(t)).toEqual(before);

    const applied = await send('apply', 'NATIONAL_RESULTS', csv, { sha256: sha256(csv) });
    expect(applied.statusCode, applied.body).toBe(201);
    const record = uploadRecordSchema.parse(applied.json());
    expect(record.counts.results).toEqual({ add: pupils.length, change: 0, unchanged: 0 });
    const rows = await t.database.db
      .select()
      .from(nationalTestScores)
      .where(eq(nationalTestScores.schoolId, f.school.id));
    expect(
      rows
        .map((row) => [
          row.pupilId,
          row.nationalTestId,
          row.abilityScore,
          row.percentile,
          row.roman,
          row.levelValue,
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      pupils
        .map((pupil, index) => [pupil.id, nationalTestId('DIA', 'SP'), 140.5 + index, 65 + index, 'II', 4])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const [stored] = await t.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.schoolId, f.school.id), eq(uploads.kind, 'NATIONAL_RESULTS')));
    expect(stored?.sha256).toBe(sha256(csv));

    const again = await send('preview', 'NATIONAL_RESULTS', csv);
    const second = uploadPreviewSchema.parse(again.json());
    expect(second.counts.results).toEqual({ add: 0, change: 0, unchanged: pupils.length });
    expect(second.alreadyApplied).toBe(true);
  });

  it('refuses to apply method results with row errors unless they are skipped, and then applies the good rows', async () => {
    const [p0, p1] = f.pupils;
    if (!p0 || !p1) throw new Error('fixture pupils missing');
    const header = ['Leerlingnummer', 'Methode', 'Leerjaar', 'Blok', 'Afnamedatum', 'Score', 'Beoordeling'];
    const csv = toCsv([
      header,
      [p0.key, 'Staal Spelling', 5, 3, '2026-02-06', 24, 'goed'],
      [p1.key, 'Staal Spelling', 5, 3, '2026-02-06', 31, 'G'], // above Staal's 30
      ['ONBEKEND', 'Staal Spelling', 5, 3, '2026-02-06', 20, 'V'],
    ]);
    const preview = uploadPreviewSchema.parse((await send('preview', 'METHOD_RESULTS', csv)).json());
    expect(preview.counts.results).toEqual({ add: 1, change: 0, unchanged: 0 });
    expect(preview.errors.map((error) => [error.line, error.code])).toEqual([
      [3, 'out_of_range'],
      [4, 'unknown_pupil'],
    ]);

    const before = await dataRowCounts(t);
    const refused = await send('apply', 'METHOD_RESULTS', csv, { sha256: sha256(csv) });
    expect(refused.statusCode).toBe(400);
    expect(await dataRowCounts(t)).toEqual(before);

    const applied = await send('apply', 'METHOD_RESULTS', csv, {
      sha256: sha256(csv),
      skipRowErrors: 'true',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(methodTestScores)
      .where(eq(methodTestScores.schoolId, f.school.id));
    expect(
      rows.map((row) => [row.pupilId, row.methodTestId, row.subjectId, row.score, row.performance]),
    ).toEqual([[p0.id, methodTestId(2, 5, 3), SUBJECT_IDS.SP, 24, 'G']]);
  });
});
