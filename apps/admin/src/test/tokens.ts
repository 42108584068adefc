/** Test helpers: JWT-shaped tokens with a chosen expiry (epoch ms), unsigned — the admin only decodes them. */
function b64(o: object): string {
  return btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An access-token-shaped JWT expiring at `expMs`. */
export function accessToken(expMs: number, sub = 'u1'): string {
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, sid: 's1', exp: Math.floor(expMs / 1000) })}.c2ln`;
}

/** A refresh token shaped like the server's (`header.payload.random`) expiring at `expMs`. */
export function refreshToken(expMs: number): string {
  return `${b64({ typ: 'refresh' })}.${b64({ exp: Math.floor(expMs / 1000), n: 'ab' })}.cmFuZG9t`;
}
