import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  /** Signs session tokens. */
  jwtSecret: string;
  /** Key material of the secret box that seals TOTP secrets at rest. */
  totpKey: string;
}

/**
 * The server's secrets: JWT_SECRET when set, else the one kept in `${DATA_DIR}/jwt-secret` (created with 64 random
 * hex characters and mode 0600 on first use). TOTP secrets are sealed with TOTP_ENCRYPTION_KEY, else the JWT secret.
 * The seed CLI uses the same function so that demo TOTP secrets open on the server. Nothing secret is logged.
 */
export function resolveSecrets(
  config: Pick<Config, 'JWT_SECRET' | 'TOTP_ENCRYPTION_KEY' | 'DATA_DIR'>,
): Secrets {
  const jwtSecret = config.JWT_SECRET ?? readOrCreateSecretFile(path.join(config.DATA_DIR, 'jwt-secret'));
  return { jwtSecret, totpKey: config.TOTP_ENCRYPTION_KEY ?? jwtSecret };
}

function readOrCreateSecretFile(file: string): string {
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    // 'wx' fails when another process created the file meanwhile: then use theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secret;
}
