import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Access-token lifetime: 15 minutes (DESIGN.md "Sessions"). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Refresh-token (session family) lifetime: 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** Claims of an access token: sub = user id, sid = session (refresh family) id. */
export interface AccessClaims {
  sub: string;
  sid: string;
  email: string;
}

/** Signs an HS256 access JWT valid for ACCESS_TOKEN_TTL_S seconds. */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, email: claims.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(secret);
}

/**
 * Verifies an access JWT (signature, expiry). Returns null when it is invalid, expired, or lacks `exp`/`sub` (a
 * token without `exp` never expires, so it is refused even with a valid signature: issue 14 item 5).
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, email: String(payload.email ?? '') };
  } catch {
    return null;
  }
}

/**
 * A new opaque refresh token. It is a JWT-shaped string (`header.payload.random`) so the admin can decode its
 * expiry like the spec's session check does (admin-dashboard §4), yet only its SHA-256 hash is stored.
 */
export function newRefreshToken(expiresAt: Date): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ typ: 'refresh' })}.${b64({ exp: Math.floor(expiresAt.getTime() / 1000), n: randomBytes(8).toString('hex') })}.${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 hex of a token, as stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
