import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../helpers/app';
import { queryRows } from '../helpers/query';

describe('app shell: build version and client error reports', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });

  afterAll(() => t.close());

  it('tells anyone the build version, uncached', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/version') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: 'test' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('client error reports', () => {
    it('keeps a report under its id, without e-mail addresses or query strings', async () => {
      const reportId = randomUUID();
      const response = await t.app.inject({
        method: 'POST',
        url: api('/client-errors/'),
        payload: {
          reportId,
          message: 'Cannot read properties of undefined (for anna@school.example)',
          path: '/app/schools/1/pupils?search=Jansen',
          stack: 'TypeError at https://app.example/assets/index.js?v=2:1:2',
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ reportId });
      const rows = await queryRows<{
        id: string;
        message: string;
        url: string;
        stack: string;
        user_id: null;
      }>(
        t.database.db,
        sql`select id, message, url, stack, user_id from client_error_reports where id = ${reportId}`,
      );
      expect(rows).toEqual([
        {
          id: reportId,
          message: 'Cannot read properties of undefined (for [email])',
          url: '/app/schools/1/pupils',
          stack: 'TypeError at https://app.example/assets/index.js:1:2',
          user_id: null,
        },
      ]);
    });

    it('logs only the report id: no name, e-mail address, message, path or stack', async () => {
      const reportId = randomUUID();
      const from = logLines.length;
      const response = await t.app.inject({
        method: 'POST',
        url: api('/client-errors/'),
        payload: {
          reportId,
          message: 'Leerling Sanne Bakker (ouder: p.bakker@thuis.example) kon niet worden opgeslagen',
          path: '/app/schools/1/pupils/Sanne-Bakker?search=Bakker',
          stack: 'Error: Sanne Bakker\n    at renderPupil (https://app.example/assets/index.js:1:2)',
        },
      });
      expect(response.statusCode).toBe(201);
      const log = logLines.slice(from).join('');
      expect(log).toContain(reportId);
      for (const personal of ['Sanne', 'Bakker', 'p.bakker', 'thuis.example', 'opgeslagen', 'renderPupil']) {
        expect(log).not.toContain(personal);
      }
      const [stored] = await queryRows<{ message: string }>(
        t.database.db,
        sql`select message from client_error_reports where id = ${reportId}`,
      );
      expect(stored?.message).toBe('Leerling Sanne Bakker (ouder: [email]) kon niet worden opgeslagen');
    });

    it('stores a report sent twice once', async () => {
      const payload = { reportId: randomUUID(), message: 'boom', path: '/app' };
      for (let i = 0; i < 2; i += 1) {
        const response = await t.app.inject({ method: 'POST', url: api('/client-errors/'), payload });
        expect(response.statusCode).toBe(201);
      }
      const rows = await queryRows(
        t.database.db,
        sql`select id from client_error_reports where id = ${payload.reportId}`,
      );
      expect(rows).toHaveLength(1);
    });

    it('refuses a malformed report', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: api('/client-errors/'),
        payload: { reportId: 'not-a-uuid', message: '', path: '/' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys((response.json() as { errors: Record<string, string[]> }).errors)).toEqual(
        expect.arrayContaining(['reportId', 'message']),
      );
    });

    it('limits the reports per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: api('/client-errors/'),
          payload: { reportId: randomUUID(), message: 'loop', path: '/app' },
          remoteAddress: '10.9.8.7',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    });
  });
});
