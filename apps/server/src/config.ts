import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** `true`/`false`, or a comma-separated list of proxy addresses and CIDR ranges; Fastify's `trustProxy`. */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value): boolean | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    return value.split(',').map((part) => part.trim());
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: embedded PGlite under DATA_DIR. Set: PostgreSQL through node-postgres. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** Named (prepared) statements on PostgreSQL; false behind a pooler that cannot carry them (db/prepared-statements). */
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  /** A streaming replica of DATABASE_URL for the results reads (see docs/scaling.md); unset: the primary. */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /** Secret that signs session tokens; generated and kept under DATA_DIR when unset (embedded mode only). */
  JWT_SECRET: z.string().min(32).optional(),
  /** Key (32 bytes, base64) that encrypts TOTP secrets at rest; derived from JWT_SECRET when unset. */
  TOTP_ENCRYPTION_KEY: z.string().optional(),
  PROVIDER_DOMAIN: z.string().default('leerzicht.example'),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Leerzicht <no-reply@leerzicht.example>'),
  SUPPORT_EMAIL: z.string().default('support@leerzicht.example'),
  /** The external ticketing service (spec 7); unset: tickets are only kept here, for provider staff. */
  TICKETING_URL: z.string().url().optional(),
  TICKETING_KEY: z.string().optional(),
  /** First wait before forwarding a ticket again; it doubles per failed attempt. */
  TICKETING_RETRY_MS: z.coerce.number().int().min(1).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Longest an upload's file may take to read and check (seconds; refused as `read_timeout` after it). A
   * 200,000-row XLSX took 7-13 s to read on a busy 2-core machine; the limit stops files that would read for minutes.
   */
  UPLOAD_READ_SECONDS: z.coerce.number().positive().default(60),
  /** Load the demo data into an empty database on start (default: only in the embedded mode). */
  SEED_DEMO: booleanFlag.optional(),
  /** Serve the OpenAPI UI and document at /api/docs (default: on, except with NODE_ENV=production). */
  API_DOCS: booleanFlag.optional(),
  /** Validate every answer against its contract schema (default: on, except with NODE_ENV=production). */
  RESPONSE_VALIDATION: booleanFlag.optional(),
  /** Read the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  BUILD_VERSION: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SEED_DEMO' | 'APP_URL' | 'API_DOCS' | 'RESPONSE_VALIDATION'> {
  SEED_DEMO: boolean;
  API_DOCS: boolean;
  RESPONSE_VALIDATION: boolean;
  APP_URL: string;
  repoRoot: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const value = parsed.data;
  if (value.DATABASE_READ_URL && !value.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\nDATABASE_READ_URL: needs DATABASE_URL (a replica of that primary)',
    );
  }
  return {
    ...value,
    SEED_DEMO: value.SEED_DEMO ?? !value.DATABASE_URL,
    API_DOCS: value.API_DOCS ?? value.NODE_ENV !== 'production',
    RESPONSE_VALIDATION: value.RESPONSE_VALIDATION ?? value.NODE_ENV !== 'production',
    APP_URL: value.APP_URL ?? `http://localhost:${value.PORT}`,
    repoRoot,
  };
}
