import type { FastifyRequest } from 'fastify';

/** Who made a request: its IP and user agent (at most 500 characters), as kept in the security history. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** IP and user agent of a request, as kept in the security history (GET auth/history/). */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) };
}
