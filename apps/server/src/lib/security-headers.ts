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

/**
 * True when a request carries credentials, so its answer must not be stored by a browser or a shared cache
 * (issue 29 item 8, OWASP REST Security "Cache-Control: no-store" on sensitive answers): an `Authorization` header,
 * the only credential the API knows (Bearer access tokens; every guarded route needs one, so every answer of a
 * guarded route with data carries it). The app's `onRequest` hook then sets `Cache-Control: no-store`; a handler
 * may still set its own (only public files do).
 */
export function carriesCredentials(headers: IncomingMessage['headers']): boolean {
  return typeof headers.authorization === 'string' && headers.authorization.length > 0;
}
