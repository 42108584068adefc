import type { FastifyRequest } from 'fastify';

/** What replaces a secret in a log line. */
export const REDACTED = '[redacted]';

/**
 * Header and body paths never written to the log (pino `redact`): bearer tokens, cookies, passwords, refresh
 * and reset tokens, wherever a caller logs them.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-partner-key"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.currentPassword',
  '*.newPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
];

/**
 * Removes the values a database message may quote: `"…"` literals (`invalid input syntax for type uuid: "…"`),
 * `Key (email)=(a@b.c)` details and `'…'` literals, keeping the shape of the message.
 */
export function scrubDbText(text: string): string {
  return text
    .replace(/=\((?:[^()]|\([^()]*\))*\)/g, `=(${REDACTED})`)
    .replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`)
    .replace(/'(?:[^'\\]|\\.)*'/g, `'${REDACTED}'`);
}

type Loose = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown; name?: unknown };

const isDbError = (e: Loose) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);

/** The safe fields of a PostgreSQL (pg or PGlite) error: its SQLSTATE and where, the texts scrubbed. */
function dbSummary(e: Loose) {
  const pick = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : undefined);
  return {
    type: typeof e.name === 'string' ? e.name : 'DatabaseError',
    code: e.code,
    severity: pick('severity'),
    message: scrubDbText(String(e.message ?? '')),
    detail: pick('detail') && scrubDbText(pick('detail')!),
    table: pick('table'),
    column: pick('column'),
    constraint: pick('constraint'),
    routine: pick('routine'),
  };
}

/**
 * pino `err` serializer that keeps secrets out of the log (issue 14 item 5 "secrets in logs"): a Drizzle query
 * error keeps its SQL text (placeholders only) but not its parameters (argon2id hashes, e-mails, names…), whose
 * count alone is logged; a database error keeps its SQLSTATE and scrubbed texts; the stack is cut to frames.
 * Other errors: type, message, stack, code and statusCode. Never throws.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const e = err as Loose;
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  if (typeof e.query === 'string' && Array.isArray(e.params)) {
    const cause = e.cause && typeof e.cause === 'object' ? (e.cause as Loose) : null;
    return {
      type: typeof e.name === 'string' ? e.name : 'DrizzleQueryError',
      message: `Failed query: ${e.query}`,
      query: e.query,
      params: `${REDACTED} (${e.params.length})`,
      cause: cause ? (isDbError(cause) ? dbSummary(cause) : serializeError(cause)) : undefined,
      stack: frames.join('\n'),
    };
  }
  if (isDbError(e)) return { ...dbSummary(e), stack: frames.join('\n') };
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: String(e.message ?? ''),
    code: e.code,
    statusCode: e.statusCode,
    stack: typeof e.stack === 'string' ? e.stack : undefined,
    cause: e.cause && typeof e.cause === 'object' && e.cause !== err ? serializeError(e.cause) : undefined,
  };
}

/** pino `req` serializer: method, the path WITHOUT its query string (order and reset tokens travel there), host, IP. */
export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: String(req.url ?? '').split('?')[0], host: req.host, remoteAddress: req.ip };
}

/**
 * The logger options buildApp gives Fastify: the caller's pino options plus the redaction above. `false` stays
 * false (tests); `true` becomes `{}`.
 */
export function withRedaction(logger: boolean | Record<string, unknown> | undefined): false | Record<string, unknown> {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const serializers = (base.serializers as Record<string, unknown> | undefined) ?? {};
  return {
    ...base,
    serializers: { ...serializers, err: serializeError, req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
