import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  SUPPORT_ERRORS,
  SUPPORT_MESSAGE_MAX,
  supportTicketCreatedSchema,
  supportTicketListSchema,
} from '@leerzicht/contract';
import { supportTickets } from '../../src/db/schema/index';
import { addMember, createSchool, createUser } from '../helpers/factories';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/sign-in';
import { multipartPayload, startTicketingService, type LoopbackTicketingService } from '../helpers/ticketing';

/*
 * Support messages (spec 3, 5, 7): stored first, then forwarded to a real ticketing service on loopback with the
 * protocol of section 7 and retried; kept for provider staff without a service; every limit refused before
 * anything is stored.
 */
const KEY = 'ticketing-key-of-the-test';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

interface Setup {
  t: TestApp;
  dataDir: string;
  school: Awaited<ReturnType<typeof createSchool>>;
  member: Awaited<ReturnType<typeof createUser>>;
  memberToken: string;
}

async function setUp(env: Record<string, string> = {}): Promise<Setup> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lz-support-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir, ...env } });
  const school = await createSchool(t.database.db);
  const member = await createUser(t.database.db, { firstName: 'Anna', lastName: 'de Vries' });
  await addMember(t.database.db, school.id, member.id);
  return { t, dataDir, school, member, memberToken: await signIn(t, member) };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  if (!setup) return;
  await setup.t.close();
  await rm(setup.dataDir, { recursive: true, force: true });
}

async function send(
  s: Setup,
  token: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipartPayload>[1] = [],
) {
  const { payload, headers } = await multipartPayload(fields, files);
  return s.t.app.inject(authed(token, { method: 'POST', url: api('/support/'), payload, headers }));
}

const ticketRow = async (s: Setup, id: number) =>
  (await s.t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0];

describe('support messages forwarded to the ticketing service', () => {
  let s: Setup;
  let service: LoopbackTicketingService;

  beforeAll(async () => {
    service = await startTicketingService();
    s = await setUp({ TICKETING_URL: service.url, TICKETING_KEY: KEY, TICKETING_RETRY_MS: '20' });
  });
  afterAll(async () => {
    await tearDown(s);
    await service.close();
  });

  it('uploads the files first, named by index, then submits with the key and every property', async () => {
    const response = await send(
      s,
      s.memberToken,
      {
        school_id: String(s.school.id),
        subject: 'users',
        message: 'Ik kan niet inloggen.',
        errorReportId: 'evt-42',
      },
      [
        { field: 'attachments', name: 'notes.txt', content: 'hallo', type: 'text/plain' },
        // Claimed as text, sniffed as PNG.
        { field: 'attachments', name: 'plaatje.txt', content: PNG, type: 'text/plain' },
        { field: 'screenshot', name: 'screenshot.png', content: PNG, type: 'image/png' },
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = supportTicketCreatedSchema.parse(response.json());
    expect(created.status).toBe('pending');

    await vi.waitFor(() => expect(service.accepted).toHaveLength(1), { timeout: 5000 });
    expect(service.requests.map((request) => request.path)).toEqual(['/upload', '/submit']);
    const upload = service.uploads[0];
    expect(upload?.files.map((file) => [file.field, file.fileName])).toEqual([
      ['0', 'notes.txt'],
      ['1', 'plaatje.txt'],
      ['2', 'screenshot.png'],
    ]);
    expect(upload?.files[0]?.content.toString()).toBe('hallo');
    expect(upload?.files[1]?.type).toBe('image/png');
    expect(upload?.files[1]?.content.equals(PNG)).toBe(true);

    const submit = service.accepted[0];
    expect(submit?.key).toBe(KEY);
    expect(submit?.body).toEqual({
      email: s.member.email,
      message: 'Ik kan niet inloggen.',
      screenshot: 'file-3',
      name: 'Anna de Vries',
      properties: {
        schoolName: s.school.name,
        schoolCode: s.school.brinCode,
        ticketType: 'users',
        isDemo: false,
        username: s.member.username,
        errorReportId: 'evt-42',
      },
      attachments: ['file-1', 'file-2'],
    });
    await vi.waitFor(async () => expect((await ticketRow(s, created.id))?.status).toBe('sent'));
    expect(await ticketRow(s, created.id)).toMatchObject({ attempts: 1, lastError: null });
  });
});

describe('a ticketing service that fails twice', () => {
  let s: Setup;
  let service: LoopbackTicketingService;

  beforeAll(async () => {
    service = await startTicketingService({ failSubmits: 2 });
    s = await setUp({ TICKETING_URL: service.url, TICKETING_KEY: KEY, TICKETING_RETRY_MS: '20' });
  });
  afterAll(async () => {
    await tearDown(s);
    await service.close();
  });

  it('still gets the ticket exactly once, after two retries with backoff', async () => {
    const response = await send(s, s.memberToken, {
      school_id: String(s.school.id),
      subject: 'tests',
      message: 'Scores ontbreken.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = supportTicketCreatedSchema.parse(response.json());
    await vi.waitFor(async () => expect((await ticketRow(s, id))?.status).toBe('sent'), { timeout: 5000 });
    const row = await ticketRow(s, id);
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    // Without files there is nothing to upload: three submits, the last one accepted.
    expect(service.requests).toEqual([
      { path: '/submit', status: 500 },
      { path: '/submit', status: 500 },
      { path: '/submit', status: 200 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.accepted).toHaveLength(1);
    expect(service.accepted[0]?.body.message).toBe('Scores ontbreken.');
  });
});

describe('support messages without a ticketing service', () => {
  let s: Setup;
  let staffToken: string;

  const ticketCount = async () =>
    (await s.t.database.db.select({ n: count() }).from(supportTickets))[0]?.n ?? -1;
  const storedFiles = async () => {
    try {
      return await readdir(path.join(s.dataDir, 'support-attachments'));
    } catch {
      return [];
    }
  };
  const fields = () => ({ school_id: String(s.school.id), subject: 'other', message: 'Een vraag.' });

  beforeAll(async () => {
    s = await setUp();
    const staff = await createUser(s.t.database.db, {
      email: `staff-${Date.now()}@leerzicht.example`,
      isProviderStaff: true,
    });
    staffToken = await signIn(s.t, staff);
  });
  afterAll(() => tearDown(s));

  it('keeps the ticket and lists it with its attachments for provider staff only', async () => {
    const response = await send(s, s.memberToken, fields(), [
      { field: 'attachments', name: 'verslag.pdf', content: Buffer.from('%PDF-1.4 test') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = supportTicketCreatedSchema.parse(response.json());
    expect(created.status).toBe('local');

    const list = await s.t.app.inject(authed(staffToken, { method: 'GET', url: api('/support/tickets/') }));
    expect(list.statusCode).toBe(200);
    const { count: total, results } = supportTicketListSchema.parse(list.json());
    expect(total).toBe(1);
    expect(results[0]).toMatchObject({
      id: created.id,
      schoolId: s.school.id,
      subject: 'other',
      message: 'Een vraag.',
      status: 'local',
      attempts: 0,
      properties: { schoolName: s.school.name, ticketType: 'other', isDemo: false, errorReportId: null },
    });
    const attachment = results[0]?.attachments[0];
    expect(attachment).toMatchObject({ fileName: 'verslag.pdf', contentType: 'application/pdf', size: 13 });

    const fileUrl = api(`/support/tickets/${created.id}/attachments/${attachment?.id}/`);
    const file = await s.t.app.inject(authed(staffToken, { method: 'GET', url: fileUrl }));
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 test');
    expect(file.headers['content-disposition']).toContain('attachment');

    for (const url of [api('/support/tickets/'), fileUrl]) {
      const refused = await s.t.app.inject(authed(s.memberToken, { method: 'GET', url }));
      expect(refused.statusCode, url).toBe(404);
    }
    expect((await s.t.app.inject({ method: 'GET', url: api('/support/tickets/') })).statusCode).toBe(401);
  });

  it('lets a demo session send a message, carrying the demo flag', async () => {
    const demo = await createUser(s.t.database.db, { isDemo: true });
    await addMember(s.t.database.db, s.school.id, demo.id);
    const response = await send(s, await signIn(s.t, demo), fields());
    expect(response.statusCode, response.body).toBe(201);
    const row = await ticketRow(s, supportTicketCreatedSchema.parse(response.json()).id);
    expect(row?.properties.isDemo).toBe(true);
  });

  it('refuses another school (404) and anonymous callers (401)', async () => {
    const other = await createSchool(s.t.database.db);
    const before = await ticketCount();
    expect((await send(s, s.memberToken, { ...fields(), school_id: String(other.id) })).statusCode).toBe(404);
    const { payload, headers } = await multipartPayload(fields());
    const anonymous = await s.t.app.inject({ method: 'POST', url: api('/support/'), payload, headers });
    expect(anonymous.statusCode).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  it('refuses every limit with a clear error and stores nothing', async () => {
    const before = await ticketCount();
    const filesBefore = await storedFiles();
    const cases: {
      name: string;
      status: number;
      detail: string;
      fields?: Record<string, string>;
      files?: Parameters<typeof multipartPayload>[1];
    }[] = [
      {
        name: 'a file over 5 MB',
        status: 413,
        detail: SUPPORT_ERRORS.attachmentTooLarge,
        files: [
          { field: 'attachments', name: 'klein.txt', content: 'ok' },
          { field: 'attachments', name: 'groot.bin', content: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1) },
        ],
      },
      {
        name: 'too many files',
        status: 400,
        detail: SUPPORT_ERRORS.tooManyAttachments,
        files: Array.from({ length: ATTACHMENT_MAX_COUNT + 1 }, (_, i) => ({
          field: 'attachments',
          name: `f${i}.txt`,
          content: 'x',
        })),
      },
      {
        name: 'two files of the same name',
        status: 400,
        detail: SUPPORT_ERRORS.duplicateName,
        files: [
          { field: 'attachments', name: 'zelfde.txt', content: 'a' },
          { field: 'attachments', name: 'zelfde.txt', content: 'b' },
        ],
      },
      {
        name: 'a message over the limit',
        status: 400,
        detail: 'Invalid input.',
        fields: { ...fields(), message: 'a'.repeat(SUPPORT_MESSAGE_MAX + 1) },
      },
      { name: 'no message', status: 400, detail: 'Invalid input.', fields: { ...fields(), message: '   ' } },
      {
        name: 'no subject',
        status: 400,
        detail: 'Invalid input.',
        fields: { school_id: String(s.school.id), message: 'x' },
      },
    ];
    for (const testCase of cases) {
      const response = await send(s, s.memberToken, testCase.fields ?? fields(), testCase.files ?? []);
      expect(response.statusCode, testCase.name).toBe(testCase.status);
      expect((response.json() as { detail: string }).detail, testCase.name).toBe(testCase.detail);
    }
    const json = await s.t.app.inject(
      authed(s.memberToken, { method: 'POST', url: api('/support/'), payload: fields() }),
    );
    expect(json.statusCode).toBe(400);
    expect(await ticketCount()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('accepts a message of exactly the limit', async () => {
    const response = await send(s, s.memberToken, { ...fields(), message: 'b'.repeat(SUPPORT_MESSAGE_MAX) });
    expect(response.statusCode).toBe(201);
  });
});
