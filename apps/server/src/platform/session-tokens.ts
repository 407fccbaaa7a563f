import { SignJWT, jwtVerify } from 'jose';
import { webcrypto } from 'node:crypto';

const ALGORITHM = 'HS256';
const ISSUER = 'leerzicht';

export interface SessionClaims {
  sessionId: string;
  userId: number;
}

/**
 * The HMAC key of a secret, imported once: given the raw bytes, jose imports a key on every sign and verify
 * (about 1.5% of the server's CPU on a history read). A process has one secret; tests use a few.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

function key(secret: string): Promise<webcrypto.CryptoKey> {
  let known = keys.get(secret);
  if (!known) {
    known = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, known);
  }
  return known;
}

/** A JWT that only names a server-side session, so logout and revocation take effect at once. */
export async function signSessionToken(
  secret: string,
  claims: SessionClaims,
  expiresAt: Date,
  now: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await key(secret));
}

/** Checks signature, the allow-listed algorithm and expiry; null for anything that does not pass. */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Date,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(userId)) return null;
    return { sessionId: payload.sid, userId };
  } catch {
    return null;
  }
}
