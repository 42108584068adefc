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

/**
 * PostgreSQL SQLSTATEs of a value it cannot take, answered 400 (issue 14 item 5, issue 29 items 3–4): 22021 (a NUL
 * or invalid UTF-8), 22P05 (untranslatable), 22P02 (invalid text representation: a lone surrogate inside JSON, a
 * malformed number or uuid), 22003 (number out of range), 22007/22008 (date/time malformed or out of range). The
 * request rules refuse all of these first (`refuseBadText`, the bounds of contracts' `bounds.ts`); this is the net.
 */
const PG_BAD_VALUE: Record<string, string> = {
  '22021': 'request: text must be valid UTF-8 without NUL (\\u0000) characters',
  '22P05': 'request: text must be valid UTF-8 without NUL (\\u0000) characters',
  '22P02': 'request: a value is not valid for its type (text must be well-formed Unicode)',
  '22003': 'request: a number is out of range',
  '22007': 'request: a date or time is not valid',
  '22008': 'request: a date or time is out of range',
};

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
 * plugin's own answer) keep them; PostgreSQL 22021/22P05/22P02/22003/22007/22008 (a value it cannot take) → 400; malformed multipart
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
  const badValue = PG_BAD_VALUE[sqlState(err) ?? ''];
  if (badValue) return { statusCode: 400, code: 'BAD_REQUEST', messages: [badValue] };
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
  else if (body && PG_BAD_VALUE[sqlState(err) ?? '']) req.log.warn({ sqlState: sqlState(err) }, 'database refused a value: answered 400');
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

/**
 * A lone surrogate: a high surrogate not followed by a low one, or a low one not preceded by a high one. Such text is
 * ill-formed UTF-16 (`String.prototype.isWellFormed` is false): PostgreSQL refuses it inside JSON (22P02) and
 * a text column would store U+FFFD instead (issue 29 item 3).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with one string of a request: a NUL, a lone surrogate, or nothing (null). */
function badText(s: string): 'nul' | 'surrogate' | null {
  if (s.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(s) ? 'surrogate' : null;
}

/** The message naming `path` for each kind of bad text. */
const BAD_TEXT_RULE = {
  nul: 'must not contain NUL (\\u0000) characters',
  surrogate: 'must be well-formed Unicode text (no lone surrogate \\ud800–\\udfff)',
} as const;

/**
 * The first string (or key) of a parsed request part that holds a NUL or a lone surrogate, as `{path, kind}` with
 * the path written `body.a.0.b`, or null. Depth ≤ 32.
 */
export function badTextPath(value: unknown, path = 'body', depth = 0): { path: string; kind: 'nul' | 'surrogate' } | null {
  if (typeof value === 'string') {
    const kind = badText(value);
    return kind ? { path, kind } : null;
  }
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    const keyKind = badText(k);
    if (keyKind) return { path: `${path}.${k.replaceAll('\u0000', '\\u0000').replace(/[\ud800-\udfff]/g, '\ufffd')}`, kind: keyKind };
    const found = badTextPath(v, `${path}.${k}`, depth + 1);
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
 * preValidation: THE text rule of every request string (issue 14 item 5, issue 29 item 3) — a NUL or a lone
 * surrogate (ill-formed UTF-16) in any string or key of a parsed body or query answers 400 naming the field
 * (`body.customer.city: must be well-formed Unicode text …`), whatever the route's schema, before validation and
 * before PostgreSQL sees it. Callback style, like refuseNulInUrl: every request passes both, and a promise per
 * hook is a measurable share of a cheap one.
 */
export function refuseBadText(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const found = (req.body == null ? null : badTextPath(req.body)) ?? (req.url.includes('?') ? badTextPath(req.query, 'querystring') : null);
  done(found ? badRequest(`${found.path}: ${BAD_TEXT_RULE[found.kind]}`) : undefined);
}
