import type { FastifyRequest } from 'fastify';

/** IP and user agent of a request, as kept in the security history (GET auth/history/). */
export function requestMeta(req: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) };
}
