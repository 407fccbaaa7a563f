import { hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum the compiler may not inline here; 2 is Algorithm.Argon2id.
const ARGON2ID = 2;

/** argon2id with at least the OWASP minimum (m=19456 KiB, t=2, p=1). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
