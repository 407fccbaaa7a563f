import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPreviewSchema, type UploadKind } from '@leerzicht/contract';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { sendUpload } from '../helpers/uploads';
import {
  buildResultsUploadSchool,
  toCsv,
  type UploadPupil,
} from '../fixtures/uploads/results/results-upload-school';

/*
 * Result rows whose ECK-iD does not fit their pupil key (docs/uploads/national-results.md, method-results.md): an
 * ECK-iD of another pupil of the school is `pupil_mismatch`, one of no pupil here while the key's pupil has another
 * stored is `eckid_mismatch`; neither is matched on the key alone. The rest of the file plans as it would without
 * those rows. Rows without a stored ECK-iD to contradict, or with an ECK-iD and no key, still match. Previews
 * through the API, as provider staff send them.
 */

type Cell = string | number | null;

/** A CITO export with one score column (the ability score), middle of groep 5, school year 2025. */
const CITO_HEADER = [
  'Leerlingnummer',
  'ECK-iD',
  'Toets',
  'Toetsversie',
  'Toetsmoment',
  'Afnamedatum',
  'Vaardigheidsscore',
];
const citoRow = (key: string, eckId: string | null, subject: string, day: number): Cell[] => [
  key,
  eckId,
  subject,
  '3.0',
  'M5',
  `${String(day).padStart(2, '0')}-01-2026`,
  100,
];

/** A method export: Staal Spelling (no sections) grade 5, blocks 1 and 2. */
const METHOD_HEADER = [
  'Leerlingnummer',
  'ECK-iD',
  'Methode',
  'Leerjaar',
  'Blok',
  'Afnamedatum',
  'Score',
  'Beoordeling',
];
const methodRow = (key: string, eckId: string | null, block: number): Cell[] => [
  key,
  eckId,
  'STAAL',
  5,
  block,
  `0${block}-10-2025`,
  15,
  'V',
];

interface FileKind {
  name: string;
  kind: UploadKind;
  header: string[];
  /** Two rows per pupil that never clash: `which` 0 and 1. */
  row(key: string, eckId: string | null, which: 0 | 1): Cell[];
  eckColumn: string;
}

const KINDS: FileKind[] = [
  {
    name: 'national results (CITO)',
    kind: 'NATIONAL_RESULTS',
    header: CITO_HEADER,
    row: (key, eckId, which) =>
      citoRow(key, eckId, which === 0 ? 'Rekenen-Wiskunde' : 'Spelling', 19 + which),
    eckColumn: 'ECK-iD',
  },
  {
    name: 'method results',
    kind: 'METHOD_RESULTS',
    header: METHOD_HEADER,
    row: (key, eckId, which) => methodRow(key, eckId, which + 1),
    eckColumn: 'ECK-iD',
  },
];

describe.each(KINDS)('ECK-iDs in $name', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let f: Awaited<ReturnType<typeof buildResultsUploadSchool>>;
  /** Pupils of groep 5 in 2025, those with a stored ECK-iD first. */
  let withEck: (UploadPupil & { eckId: string })[];
  let withoutEck: UploadPupil[];

  const plan = async (rows: Cell[][]) => {
    const file = { name: 'eck.csv', content: toCsv([kind.header, ...rows]), type: 'text/csv' };
    const response = await sendUpload(t, token, f.school.id, 'preview', file, { kind: kind.kind });
    expect(response.statusCode, response.body).toBe(200);
    return uploadPreviewSchema.parse(response.json());
  };
  /** One good row per pupil of groep 5: key and stored ECK-iD (or none). */
  const goodRows = () => [...withEck, ...withoutEck].map((pupil) => kind.row(pupil.key, pupil.eckId, 0));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lz-results-eckid-'));
    t = await createTestApp({ now: new Date('2026-03-02T10:00:00Z'), env: { DATA_DIR: dataDir } });
    f = await buildResultsUploadSchool(t.database.db);
    const staff = await createUser(t.database.db, {
      email: `staff-${f.school.id}@${t.ctx.config.PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    await addMember(t.database.db, f.school.id, staff.id, { isSchoolSuperuser: true });
    token = await signIn(t, staff);
    const groep5 = f.pupils.filter((pupil) => pupil.groups[2025]?.yearClassId === f.groep5.id);
    withEck = groep5.flatMap((pupil) => (pupil.eckId === null ? [] : [{ ...pupil, eckId: pupil.eckId }]));
    withoutEck = groep5.filter((pupil) => pupil.eckId === null);
    if (withEck.length < 3 || withoutEck.length < 1) throw new Error('fixture pupils missing');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives a row error per row whose ECK-iD is another pupil’s, and plans the rest as without them', async () => {
    const good = goodRows();
    // Each of three pupils with the ECK-iD of the next one (the last with the first's).
    const rotated = withEck
      .slice(0, 3)
      .map((pupil, index, all) => kind.row(pupil.key, all[(index + 1) % all.length]?.eckId ?? null, 1));
    const { audit_log: _auditedBefore, ...before } = await rowCounts(t.database.db);
    const alone = await plan(good);
    const mixed = await plan([...good, ...rotated]);
    expect(alone.errors).toEqual([]);
    // Line 1 is the header: the rotated rows follow the good ones.
    const firstBad = good.length + 2;
    expect(mixed.errors.map((error) => [error.line, error.code, error.field])).toEqual(
      rotated.map((_, index) => [firstBad + index, 'pupil_mismatch', kind.eckColumn]),
    );
    expect(mixed.errorCount).toBe(rotated.length);
    expect(mixed.counts).toEqual(alone.counts);
    expect(mixed.counts.results).toEqual({ add: good.length, change: 0, unchanged: 0 });
    // Nothing changes (a preview is audited: it reads pupil data).
    const { audit_log: _auditedAfter, ...after } = await rowCounts(t.database.db);
    expect(after).toEqual(before);
  });

  it('gives a row error per row whose ECK-iD is nobody’s here while its pupil has another one stored', async () => {
    const good = goodRows();
    const strangers = withEck.slice(0, 3).map((pupil) => kind.row(pupil.key, `${pupil.eckId}-anders`, 1));
    const mixed = await plan([...good, ...strangers]);
    const firstBad = good.length + 2;
    expect(mixed.errors.map((error) => [error.line, error.code, error.field])).toEqual(
      strangers.map((_, index) => [firstBad + index, 'eckid_mismatch', kind.eckColumn]),
    );
    expect(mixed.errors[0]?.values).toEqual({
      key: withEck[0]?.key,
      eckId: `${withEck[0]?.eckId}-anders`,
    });
    expect(mixed.counts).toEqual((await plan(good)).counts);
  });

  it('matches a pupil without a stored ECK-iD on the key, and a row without a key on its ECK-iD', async () => {
    const [first] = withEck;
    const [bare] = withoutEck;
    if (!first || !bare) throw new Error('fixture pupils missing');
    const planned = await plan([
      kind.row(bare.key, 'https://ketenid.nl/201703/nieuw', 0),
      kind.row('', first.eckId, 0),
    ]);
    expect(planned.errors).toEqual([]);
    expect(planned.counts.results).toEqual({ add: 2, change: 0, unchanged: 0 });
  });
});
