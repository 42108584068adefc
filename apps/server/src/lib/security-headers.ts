import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers Helmet sets for `options`, computed ONCE (issue 14 item 1: `@fastify/helmet` rebuilt the
 * whole Helmet middleware, CSP string included, on every request). Helmet runs here against a recording response;
 * the result is a plain header map that an `onRequest` hook copies onto every reply. Valid because none of our
 * directives depends on the request (no nonces, no functions). Header names are lower-case.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
