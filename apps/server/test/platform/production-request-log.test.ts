import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, createTestApp, type TestApp } from '../helpers/app';

const requestLine = z.object({
  level: z.number(),
  msg: z.literal('request completed'),
  req: z.object({ route: z.string() }),
  res: z.object({ statusCode: z.number() }),
});

function requestLines(lines: string[]) {
  return lines.flatMap((line) => {
    const parsed = requestLine.safeParse(JSON.parse(line));
    return parsed.success ? [parsed.data] : [];
  });
}

const INFO = 30;
const DEBUG = 20;

/**
 * In production (NODE_ENV=production) a fast successful answer is not worth a log line at info: only answers
 * with status 400 and up (and errors, and slow answers) are logged there. At debug every answer is.
 */
describe.each([
  ['info', false],
  ['debug', true],
])('production request log at LOG_LEVEL=%s', (level, logsSuccess) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: level },
      logStream: { write: (line) => lines.push(line) },
    });
  });

  afterAll(() => t.close());

  it(`logs refused and unknown requests at info${logsSuccess ? ', successful ones at debug' : ', not successful ones'}`, async () => {
    const count = 5;
    for (let index = 0; index < count; index++) {
      expect((await t.app.inject({ method: 'GET', url: api('/version/') })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: api('/profile/') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: api('/no-such-thing/') })).statusCode).toBe(404);

    const logged = requestLines(lines);
    const successes = logged.filter((line) => line.res.statusCode === 200);
    expect(successes).toHaveLength(logsSuccess ? count : 0);
    expect(successes.every((line) => line.level === DEBUG && line.req.route === api('/version/'))).toBe(true);
    const refused = logged.filter((line) => line.res.statusCode >= 400);
    expect(refused.map((line) => [line.level, line.res.statusCode])).toEqual([
      [INFO, 401],
      [INFO, 404],
    ]);
  });
});
