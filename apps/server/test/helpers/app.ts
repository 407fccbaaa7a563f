import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { LogStream } from '../../src/platform/logger';
import { createMailer, type MailMessage } from '../../src/platform/mail';
import { createSecretBox } from '../../src/platform/secret-box';
import { createTestDb, type TestDatabase } from './db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  clock: { now: Date };
  /** Messages the app sent, when no SMTP_URL is given (tests with a loopback SMTP server pass one). */
  sentMail: MailMessage[];
  close(): Promise<void>;
}

/** The real application on a migrated throw-away database, with a clock the test can move. */
export async function createTestApp(
  options: { now?: Date; env?: Record<string, string>; logStream?: LogStream } = {},
): Promise<TestApp> {
  const database = await createTestDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const clock = { now: options.now ?? new Date() };
  const sentMail: MailMessage[] = [];
  const smtpMailer = config.SMTP_URL
    ? createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        log: { info: () => undefined },
      })
    : null;
  const mailer = smtpMailer ?? {
    outbox: null,
    send: async (message: MailMessage) => {
      sentMail.push(message);
    },
  };
  const ctx: AppContext = {
    db: database.db,
    readDb: database.db,
    config,
    jwtSecret: TEST_JWT_SECRET,
    secretBox: createSecretBox(TEST_JWT_SECRET),
    now: () => clock.now,
    buildVersion: 'test',
    mailer,
  };
  const app = await buildApp({ ctx, ping: database.ping, logStream: options.logStream });
  await app.ready();
  return {
    app,
    ctx,
    database,
    clock,
    sentMail,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

export const api = (path: string) => `/api/1.0${path}`;

export function authed(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `JWT ${token}` } };
}

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: api('/login/'), payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}
