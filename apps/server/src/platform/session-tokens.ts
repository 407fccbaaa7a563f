import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'leerzicht';

export interface SessionClaims {
  sessionId: string;
  userId: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A JWT that only names a server-side session, so logout and revocation take effect at once. */
export function signSessionToken(
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
    .sign(key(secret));
}

/** Checks signature, the allow-listed algorithm and expiry; null for anything that does not pass. */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Date,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
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
