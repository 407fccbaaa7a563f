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

/**
 * Tokens whose signature passed, with their secret and expiry: a client sends the same token with every request,
 * and WebCrypto's HMAC runs on the thread pool. Only the signature's result is kept; the expiry is checked on
 * every use and the session itself is read from the database for every request (so logout and revocation still
 * take effect at once). At most VERIFIED_MAX, least recently used out.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { secret: string; claims: SessionClaims; exp: number }>();

function remembered(secret: string, token: string, now: Date): SessionClaims | null | undefined {
  const known = verified.get(token);
  if (!known || known.secret !== secret) return undefined;
  verified.delete(token);
  // As jose: a token is expired from its `exp` second on.
  if (known.exp <= Math.floor(now.getTime() / 1000)) return null;
  verified.set(token, known);
  return known.claims;
}

/** Checks signature, the allow-listed algorithm and expiry; null for anything that does not pass. */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Date,
): Promise<SessionClaims | null> {
  const known = remembered(secret, token, now);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(userId)) return null;
    const claims = { sessionId: payload.sid, userId };
    if (typeof payload.exp === 'number') {
      verified.set(token, { secret, claims, exp: payload.exp });
      const oldest = verified.keys().next();
      if (verified.size > VERIFIED_MAX && !oldest.done) verified.delete(oldest.value);
    }
    return claims;
  } catch {
    return null;
  }
}
