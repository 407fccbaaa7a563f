import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncLogDestination, type FlushableLogStream } from '../../src/platform/logger';
import { api, createTestApp, type TestApp } from '../helpers/app';

/** Production's asynchronous log destination: requests are logged, buffered, and all there after the flush. */
describe('asynchronous request logging', () => {
  let dir: string;
  let file: string;
  let destination: FlushableLogStream;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'h8-log-'));
    file = path.join(dir, 'server.log');
    destination = asyncLogDestination(file);
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: destination });
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes every request line once flushed, without query strings, and not the health checks', async () => {
    const count = 40;
    for (let index = 0; index < count; index++) {
      const response = await t.app.inject({ method: 'GET', url: api(`/version/?name=Anna${index}`) });
      expect(response.statusCode).toBe(200);
    }
    const health = await t.app.inject({ method: 'GET', url: api('/health/') });
    expect(health.statusCode).toBe(200);
    destination.flushSync();

    const lines = (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map(
        (line) =>
          JSON.parse(line) as { msg?: string; req?: { route?: string }; res?: { statusCode?: number } },
      );
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(count);
    expect(completed.every((line) => line.res?.statusCode === 200)).toBe(true);
    expect(completed.map((line) => line.req?.route)).toEqual(
      Array.from({ length: count }, () => api('/version/')),
    );
    // One line per request: Fastify's incoming-request line is not written at info.
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(0);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('Anna');
    expect(text).not.toContain('/health/');
  });
});
