import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from './errors.js';

/** The one error body (spec admin-dashboard §8: the admin shows the joined messages). */
export interface ErrorBody {
  statusCode: number;
  code: string;
  messages: string[];
}

const INTERNAL: ErrorBody = { statusCode: 500, code: 'INTERNAL', messages: ['Oops! Unknown error!'] };

/** PostgreSQL SQLSTATEs of text it cannot store: 22021 (a NUL or invalid UTF-8), 22P05 (untranslatable). */
const PG_BAD_TEXT = new Set(['22021', '22P05']);

/** Messages of busboy (via @fastify/multipart) for a body that is not well-formed multipart. */
const MULTIPART_MALFORMED = /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header|Malformed urlencoded form)/;

/** The SQLSTATE of a database error, looking through Drizzle's wrapper (`cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The database cannot be reached (issue 14 item 2 "losing a part is survived"): node errors of the connection
 * (refused, reset, timed out, host unreachable), pg's own ('timeout exceeded when trying to connect', 'Connection
 * terminated…'), and PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P0x (shutting down, starting up).
 */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_DOWN_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|terminating connection)/i;
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NET_CODES.has(code) || /^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    if (typeof e.message === 'string' && PG_DOWN_MESSAGE.test(e.message)) return true;
    if (err instanceof AggregateError && err.errors.some(isDatabaseDown)) return true;
  }
  return false;
}

/** 503 answer while the database is unreachable; the admin shows the message, a client may retry. */
export const DATABASE_DOWN: ErrorBody = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  messages: ['The database cannot be reached right now, please try again in a few seconds'],
};

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string');

/**
 * Maps anything thrown while answering to the status and body of the one error shape, or null for a 5xx that
 * must be logged. Rules (issue 14 item 5 "Low": no 500 from malformed input, every 4xx with `messages`):
 * HttpError as it is; zod validation → 400 `where.field: rule`; objects that already carry `messages` (a
 * plugin's own answer) keep them; PostgreSQL 22021/22P05 (NUL or invalid text) → 400; malformed multipart
 * → 400 'file: …'; the database unreachable → 503 (DATABASE_DOWN); any other error with a 4xx statusCode → its
 * message; everything else → null (500).
 */
export function errorBody(err: unknown): ErrorBody | null {
  if (err instanceof HttpError) return { statusCode: err.statusCode, code: err.code, messages: err.messages };
  const e = err as Partial<FastifyError> & { messages?: unknown };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = (err as { validationContext?: string }).validationContext ?? 'body';
    const messages = err.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${where}.${field}: ${v.message}` : `${where}: ${v.message}`;
    });
    return { statusCode: 400, code: 'BAD_REQUEST', messages };
  }
  if (isResponseSerializationError(err)) return null;
  if (isDatabaseDown(err)) return DATABASE_DOWN;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500 && isStringArray(e.messages)) {
    return { statusCode: status, code: typeof e.code === 'string' ? e.code : 'ERROR', messages: e.messages };
  }
  if (PG_BAD_TEXT.has(sqlState(err) ?? '')) {
    return { statusCode: 400, code: 'BAD_REQUEST', messages: ['request: text must be valid UTF-8 without NUL (\\u0000) characters'] };
  }
  if (typeof e.message === 'string' && MULTIPART_MALFORMED.test(e.message)) {
    return { statusCode: 400, code: 'BAD_REQUEST', messages: [`file: the multipart/form-data body is malformed (${e.message})`] };
  }
  if (status >= 400 && status < 500) {
    return { statusCode: status, code: typeof e.code === 'string' ? e.code : 'ERROR', messages: [e.message || 'Bad request'] };
  }
  return null;
}

/** The app's error handler: answers errorBody, or logs the error (redacted, see log.ts) and answers 500. */
export function errorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const body = errorBody(err);
  if (body?.statusCode === 503) req.log.warn({ err: (err as Error).message }, 'database unreachable: answered 503');
  if (body) return reply.status(body.statusCode).send(body);
  if (isResponseSerializationError(err)) req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
  else req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(INTERNAL);
}

/**
 * Fastify's `frameworkErrors`: router errors raised before any route or hook runs (400 FST_ERR_BAD_URL for a
 * bad percent-encoding, 414 FST_ERR_MAX_PARAM_LENGTH for a path parameter over 100 characters) answer the one
 * error shape too, without echoing the (possibly huge) path.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'url: a path parameter is longer than 100 characters'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'url: the path is not validly percent-encoded'
        : `url: ${err.message}`;
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ statusCode: status, code: err.code ?? 'BAD_REQUEST', messages: [message] }));
}

/** The path of the first string holding a NUL character in a parsed body (`body.a.0.b`), or null. Depth ≤ 32. */
export function nulPath(value: unknown, path = 'body', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return `${path}.${k.replaceAll('\u0000', '\\u0000')}`;
    const found = nulPath(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation: refuses a NUL anywhere in the URL (path parameters and query strings, raw or `%00`) with 400 before
 * any route handler or database call (PostgreSQL cannot store 0x00: it answered 500).
 */
export function refuseNulInUrl(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  done(req.url.includes('\u0000') || /%00/i.test(req.url) ? badRequest('url: must not contain NUL (%00) characters') : undefined);
}

/**
 * preValidation: refuses a NUL in any string (or key) of a parsed body with 400 naming the field. Callback style,
 * like refuseNulInUrl: every request passes both, and a promise per hook is a measurable share of a cheap one.
 */
export function refuseNulInBody(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const where = req.body == null ? null : nulPath(req.body);
  done(where ? badRequest(`${where}: must not contain NUL (\\u0000) characters`) : undefined);
}
