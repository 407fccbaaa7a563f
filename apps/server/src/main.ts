import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { startRetentionSchedule } from './modules/data-retention/index';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { createMailer } from './platform/mail';
import { verifySecretKey } from './platform/key-check';
import { asyncLogDestination } from './platform/logger';
import { createSecretBox } from './platform/secret-box';
import { resolveSecrets } from './platform/secrets';
import { isDatabaseEmpty, seedDemo } from './seed/index';

/** How long in-flight work may take after SIGTERM before the process stops regardless. */
const SHUTDOWN_LIMIT_MS = 25_000;

/** config -> database -> migrations -> demo seed when empty -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    poolMax: config.DATABASE_POOL_MAX,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  // Results reads on a streaming replica when one is given (docs/scaling.md); never migrated: it follows the primary.
  const readDatabase = config.DATABASE_READ_URL
    ? createDatabase({
        url: config.DATABASE_READ_URL,
        poolMax: config.DATABASE_POOL_MAX,
        preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      })
    : null;
  await database.migrate();
  const secrets = resolveSecrets(config);
  const secretBox = createSecretBox(secrets.totpKey);
  await verifySecretKey(database.db, secretBox);
  const buildVersion = config.BUILD_VERSION ?? readBuildVersion(config.repoRoot);
  const mailLog = {
    info: (details: { subject: string }, message: string) =>
      console.log(JSON.stringify({ ...details, msg: message })),
  };
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log: mailLog,
  });
  const ctx = {
    db: database.db,
    readDb: readDatabase?.db ?? database.db,
    config,
    jwtSecret: secrets.jwtSecret,
    secretBox,
    now: () => new Date(),
    buildVersion,
    mailer,
  };
  // In production request logs are written asynchronously; tests and development write each line at once.
  const logStream = config.NODE_ENV === 'production' ? asyncLogDestination() : undefined;
  const app = await buildApp({ ctx, ping: database.ping, logStream });

  if (config.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: loading the demo data');
    const started = Date.now();
    await seedDemo(database.db, {
      today: new Date(),
      providerDomain: config.PROVIDER_DOMAIN,
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    app.log.info({ ms: Date.now() - started }, 'demo data loaded');
  }

  // Schools that switched on the scheduled removal of pupils who left long ago: now, then daily.
  const stopRetention = startRetentionSchedule(ctx, {
    info: (details, message) => app.log.info(details, message),
    error: (details, message) => app.log.error(details, message),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that does not finish (a client sending its upload very slowly) must not keep the process from
    // stopping before the orchestrator kills it (Kubernetes: 30 s after SIGTERM).
    setTimeout(() => {
      app.log.error('shutdown took too long: stopping with requests unfinished');
      logStream?.flushSync();
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      // First everything that uses the database (requests, with the ticket forwarder on the app's close; a
      // retention run under way), then the pools: closed earlier, those would fail with "Cannot use a pool
      // after calling end on the pool".
      await Promise.all([app.close(), stopRetention()]);
      await Promise.all([database.close(), readDatabase?.close()]);
      app.log.info('stopped');
      logStream?.flushSync();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      logStream?.flushSync();
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  console.log(
    `\nLeerzicht runs at ${url}\nDemo login: directeur / welkom-leerzicht (more accounts in the README)\n`,
  );
}

function readBuildVersion(repoRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/dist/version.json'), 'utf8')) as {
      version?: string;
    };
    if (pkg.version) return pkg.version;
  } catch {
    // No built web app: fall back to the package version.
  }
  const serverPkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
    version: string;
  };
  return serverPkg.version;
}

main().catch((error: unknown) => {
  console.error('Leerzicht failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
