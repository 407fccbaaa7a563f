import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  healthSchema,
  UPLOAD_MAX_DEPTH,
  uploadPreviewSchema,
  uploadRefusalSchema,
} from '@leerzicht/contract';
import { api, createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import { buildFixtureSchool, fixture, type FixtureSchool } from '../fixtures/uploads/edexml/school';
import { countTransactions, dataRowCounts, nestedEdexml } from '../fixtures/uploads/limits';

/*
 * The limits on reading an EDEXML file (docs/uploads/edexml.md, "Limits"): element depth and time, each refused
 * with the code and value that name it, before any transaction opens, with nothing changed and the server
 * answering meanwhile. The row limit is tested in uploads-edexml-rules.test.ts.
 */

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-limits-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function uploader(t: TestApp) {
  const school: FixtureSchool = await buildFixtureSchool(t.database.db, t.ctx.config.PROVIDER_DOMAIN);
  const token = await signIn(t, school.staff);
  const send = (step: 'preview' | 'apply', file: Buffer) =>
    sendUpload(t, token, school.schoolId, step, edexmlFile(file), {
      kind: 'EDEXML',
      ...(step === 'apply' ? { sha256: sha256(file) } : {}),
    });
  return { send };
}

describe('EDEXML depth', () => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof uploader>>['send'];

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2025-11-20T10:00:00Z'), env: { DATA_DIR: dataDir } });
    ({ send } = await uploader(t));
  });
  afterAll(() => t.close());

  it(`reads a file nested ${UPLOAD_MAX_DEPTH} levels deep`, async () => {
    const response = await send('preview', nestedEdexml(UPLOAD_MAX_DEPTH));
    expect(response.statusCode, response.body).toBe(200);
    expect(uploadPreviewSchema.parse(response.json()).errorCount).toBe(0);
  });

  it.each([UPLOAD_MAX_DEPTH + 1, 100_000])(
    'refuses a file nested %i levels deep (too_deep) on preview and apply, before any transaction',
    async (depth) => {
      const file = nestedEdexml(depth);
      const before = await dataRowCounts(t);
      const transactions = countTransactions(t);
      for (const step of ['preview', 'apply'] as const) {
        const response = await send(step, file);
        expect(response.statusCode, response.body).toBe(400);
        const refusal = uploadRefusalSchema.parse(response.json());
        // The school part is line 3, leerlingen line 4: the element past the limit is on line 4.
        expect(refusal).toMatchObject({ code: 'too_deep', values: { maxDepth: UPLOAD_MAX_DEPTH }, line: 4 });
      }
      expect(transactions).not.toHaveBeenCalled();
      expect(await dataRowCounts(t)).toEqual(before);
    },
  );

  it('answers the health check while a file 100,000 levels deep is sent, and never blocks for long', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const [upload, health] = await Promise.all([
      send('preview', nestedEdexml(100_000)),
      t.app.inject({ method: 'GET', url: api('/health/') }),
    ]);
    delay.disable();
    expect(upload.statusCode).toBe(400);
    expect(health.statusCode).toBe(200);
    expect(healthSchema.parse(health.json())).toBeTruthy();
    // Before the depth limit this file held the event loop for 30 s at a stretch; a second is far from either.
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('reads the whole file before any transaction: a file broken on its last line opens none', async () => {
    const valid = fixture('valid.xml').toString();
    const broken = Buffer.from(valid.replace(/<\/EDEX>\s*$/, '</EDE>\n'));
    const transactions = countTransactions(t);
    const response = await send('preview', broken);
    expect(response.statusCode).toBe(400);
    const refusal = uploadRefusalSchema.parse(response.json());
    expect(refusal.code).toBe('broken_xml');
    expect(refusal.line).toBe(valid.trimEnd().split('\n').length);
    expect(transactions).not.toHaveBeenCalled();

    // The same file whole is read first, then planned in the one (rolled back) transaction of the preview.
    const good = await send('preview', Buffer.from(valid));
    expect(good.statusCode, good.body).toBe(200);
    expect(transactions).toHaveBeenCalledTimes(1);
  });
});

describe('EDEXML time limit', () => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof uploader>>['send'];

  beforeAll(async () => {
    t = await createTestApp({
      now: new Date('2025-11-20T10:00:00Z'),
      env: { DATA_DIR: dataDir, UPLOAD_READ_SECONDS: '0.001' },
    });
    ({ send } = await uploader(t));
  });
  afterAll(() => t.close());

  it('refuses a file that takes longer to read than UPLOAD_READ_SECONDS (read_timeout), changing nothing', async () => {
    // About 2 MB of well-formed groups: many chunks, each far longer than a millisecond to read.
    const groups = '<groep key="G"><naam>Groep</naam><jaargroep>3</jaargroep></groep>\n'.repeat(30_000);
    const file = Buffer.from(
      `<?xml version="1.0"?>\n<EDEX><school><schooljaar>2025-2026</schooljaar><brincode>07QT</brincode></school>\n<groepen>\n${groups}</groepen></EDEX>\n`,
    );
    const before = await dataRowCounts(t);
    const transactions = countTransactions(t);
    const response = await send('preview', file);
    expect(response.statusCode, response.body).toBe(400);
    expect(uploadRefusalSchema.parse(response.json())).toMatchObject({
      code: 'read_timeout',
      values: { maxSeconds: 0.001 },
    });
    expect(transactions).not.toHaveBeenCalled();
    expect(await dataRowCounts(t)).toEqual(before);
  });
});
