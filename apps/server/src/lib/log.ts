import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

/** The app's logger as pino makes it: a FastifyBaseLogger that can also tell whether a level is enabled. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; levels?: { values: Record<string, number> } };

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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger that makes its pino child (with the request id bound) only when a line is written at an enabled
 * level, or when a caller asks for its level or a child of it. Making a pino child on every request cost about a
 * tenth of a cheap request's CPU (`/api/health`, issue 14 item 1: "logging cheap"), and most requests never log:
 * completed requests log at `debug` (app.ts RequestLogAtDebug).
 */
export class LazyRequestLogger {
  #real: PinoLike | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  private real(): PinoLike {
    this.#real ??= this.parent.child(this.bindings, this.options) as PinoLike;
    return this.#real;
  }

  get level(): string {
    return this.#real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  /** Writes through the child when `level` is enabled for this request; otherwise makes nothing. */
  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.real()[level] as LogFn)(...args);
  }

  isLevelEnabled(level: string): boolean {
    if (this.#real) return this.#real.isLevelEnabled(level);
    const own = this.options.level;
    if (!own) return this.parent.isLevelEnabled(level);
    const values = this.parent.levels?.values;
    return values ? (values[level] ?? Number.POSITIVE_INFINITY) >= (values[own] ?? 0) : true;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify `childLoggerFactory`: each request's `req.log` is a {@link LazyRequestLogger} of the app's pino logger. A
 * logger that cannot tell its enabled levels (Fastify's null logger when logging is off) gets its plain child.
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (typeof (logger as Partial<PinoLike>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLike, bindings, options) as unknown as FastifyBaseLogger;
}
