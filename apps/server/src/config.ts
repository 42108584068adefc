import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );

/** Demo partner key of development and tests; refused in production (issue 14 item 5 "Low"). */
export const DEMO_PARTNER_KEY = 'partner-demo-key';

/** proxy-addr's named ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True when `entry` is an IPv4/IPv6 address, an address/prefix (CIDR) or one of proxy-addr's keywords. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [addr, prefix, ...rest] = entry.split('/');
  const kind = isIP(addr ?? '');
  if (!kind || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}

/** True when `entry` is an IPv4/IPv6 address or an address/prefix (CIDR). */
export function isAddressOrCidr(entry: string): boolean {
  return !PROXY_KEYWORDS.has(entry) && isProxyEntry(entry);
}

/**
 * Environment variables, all optional: the defaults run out of the box (README "Configuration").
 */
const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('backroom:'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JWT_SECRET: z.string().min(32).optional(),
  PROVIDER_DOMAIN: z.string().default('backroom.dev'),
  PROVIDER_EMAILS: csv,
  CUSTOM_STORE_EMAIL: z
    .string()
    .default('')
    .transform((s) => s.trim().toLowerCase()),
  REGISTER_PARTNER_KEY: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(isProxyEntry),
      'must be a comma-separated list of IP addresses, CIDRs (10.0.0.0/8) or loopback/linklocal/uniquelocal',
    ),
  FETCH_ALLOW_ADDRESSES: z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrCidr), 'must be a comma-separated list of IP addresses or CIDRs (10.0.0.0/8)'),
  STOREFRONT_SUFFIX: z.string().default('localhost'),
  DOMAIN_A_RECORD: z.string().default(''),
  DNS_SERVERS: csv,
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  ADMIN_ORIGIN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  STOREFRONT_DIST: z.string().optional(),
  MAIL_FROM: z.string().default('Backroom <no-reply@backroom.local>'),
  // E-mail goes through the job queue (issue 14 item 2): a failed send is retried this many times, the first retry
  // after MAIL_RETRY_DELAY_SECONDS, doubled at each further retry (5 retries from 30 s: 30 s … 8 min, ~15.5 min in all).
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z
    .string()
    .default('true')
    .transform((s) => s !== 'false'),
  // Media in an S3-compatible bucket (issue 9 item 5, issue 14): on when S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().default(''),
  // A storefront checkout with an e-mail and no order this many minutes after its last change is abandoned (issue 12 item 5).
  ABANDONED_CHECKOUT_DELAY_MINUTES: z.coerce.number().int().min(1).max(43_200).default(60),
  // Getting paid (issue 10): processing fee per paid order (basis points + fixed cents), settlement delay, trial length.
  PAYOUT_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(290),
  PAYOUT_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(100_000).default(30),
  PAYOUT_SETTLEMENT_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  // Apps (issue 18): the server's public address (webhooks), the Telegram bot and the CDN purge endpoint.
  PUBLIC_URL: z.url().optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  TELEGRAM_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  CDN_PURGE_URL: z.url().optional(),
  // Ad pixels (issue 17 item 6): Meta's Conversions API base URL (a version of the Graph API) and its retries.
  META_CAPI_URL: z.url().default('https://graph.facebook.com/v25.0'),
  META_CAPI_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  META_CAPI_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** Media bucket settings (S3_*); see modules/media/storage.ts. */
export interface S3Config {
  bucket: string;
  region: string;
  /** Endpoint of an S3-compatible service (MinIO, R2, s3rver…); undefined for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`); default true when an endpoint is given. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket ('' for none). */
  prefix: string;
}

/** Typed server configuration. */
export interface Config {
  env: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined → embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl?: string;
  /** Connections in the PostgreSQL pool (DATABASE_POOL_SIZE, default 20); PGlite is one connection. */
  databasePoolSize: number;
  /** Redis URL (REDIS_URL): rate limits shared by every copy of the server; undefined → per-process memory. */
  redisUrl?: string;
  /** Prefix of every Redis key this app writes (REDIS_KEY_PREFIX, default `backroom:`): several apps can share a Redis. */
  redisKeyPrefix: string;
  /** Background job handlers running at once in this process (JOBS_CONCURRENCY, default 2; per job type on pg-boss). */
  jobsConcurrency: number;
  /** HS256 secret bytes for access JWTs. */
  jwtSecret: Uint8Array;
  providerDomain: string;
  providerEmails: string[];
  customStoreEmail: string;
  registerPartnerKey: string;
  /**
   * Proxies whose `X-Forwarded-For`/`-Proto`/`-Host` are believed (addresses, CIDRs, proxy-addr keywords); empty →
   * none, so `req.ip` is the socket's address and clients cannot pick the IP that the per-IP limits count.
   */
  trustProxy: string[];
  /**
   * Private addresses/CIDRs that server-side fetches of merchant URLs (CSV import pictures) may reach anyway, e.g.
   * an intranet image server; empty → public addresses only (lib/safe-fetch.ts).
   */
  fetchAllowAddresses: string[];
  storefrontSuffix: string;
  /**
   * Custom domains (issue 11 item 1): the IPv4 address an A record of a shop's own domain may point at instead of a
   * CNAME to its system domain (DOMAIN_A_RECORD; '' = CNAME only), the DNS servers the check asks (DNS_SERVERS,
   * `ip` or `ip:port`, comma-separated; empty = the system's) and how long one DNS question may take, ms
   * (DNS_TIMEOUT_MS, default 3000).
   */
  domainARecord: string;
  dnsServers: string[];
  dnsTimeoutMs: number;
  /** Origin of the admin (the preview frame accepts messages only from it), e.g. http://localhost:3000. */
  adminOrigin: string;
  /** Folder of the built storefront (STOREFRONT_DIST, else apps/storefront/dist). */
  storefrontDist: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Retries of a failed mail send (MAIL_RETRY_LIMIT, default 5) and the delay before the first one, seconds
   * (MAIL_RETRY_DELAY_SECONDS, default 30), doubled at each further retry (lib/mail.ts, issue 14 item 2).
   */
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  logLevel: string;
  seedDemo: boolean;
  /** Media bucket; undefined → media files under `${dataDir}/uploads`. */
  s3?: S3Config;
  /**
   * How long after its last change a storefront checkout with an e-mail and no order counts as abandoned, ms
   * (ABANDONED_CHECKOUT_DELAY_MINUTES, default 60 minutes; issue 12 item 5).
   */
  abandonedCheckoutDelayMs: number;
  /**
   * The balance ledger (issue 10 item 4): a paid order credits its grand total minus a processing fee of
   * `feeBps` basis points (rounded half up to the cent) plus `feeFixedCents` (PAYOUT_FEE_BPS default 290 = 2.9 %,
   * PAYOUT_FEE_FIXED_CENTS default 30), and becomes available `settlementDays` after it was placed
   * (PAYOUT_SETTLEMENT_DAYS, default 3).
   */
  payout: { feeBps: number; feeFixedCents: number; settlementDays: number };
  /** Days of a new shop's trial, counted from its creation (TRIAL_DAYS, default 14; issue 10 item 2). */
  trialDays: number;
  /** Public address of this server (PUBLIC_URL), e.g. https://admin.example.com; Telegram's webhook needs https. */
  publicUrl?: string;
  /**
   * Telegram notifications (issue 18 item 4): the bot's token (TELEGRAM_BOT_TOKEN; none → the feature is off and
   * the screen says how to set it), the Bot API base URL (TELEGRAM_API_URL, default https://api.telegram.org; tests
   * point it at a local stub), and the retries of a failed send (TELEGRAM_RETRY_LIMIT, default 5, first after
   * TELEGRAM_RETRY_DELAY_SECONDS, default 5 s, doubled each time).
   */
  telegram: { botToken?: string; apiUrl: string; retryLimit: number; retryDelaySeconds: number };
  /**
   * CDN purge endpoint (CDN_PURGE_URL, issue 18 item 5): when set, every storefront cache purge POSTs
   * `{urls: [absolute URLs]}` (or `{hosts, all: true}`) there; undefined → no CDN call.
   */
  cdnPurgeUrl?: string;
  /**
   * Server-side Purchase events of Meta pixels with a Conversions API token (issue 17 item 6): POSTed to
   * `{metaCapiUrl}/{pixelId}/events` (META_CAPI_URL, default https://graph.facebook.com/v25.0; tests point it at a
   * local stub — `testConfig` at a closed local port, so nothing leaves the machine), retried on a 5xx, 429 or
   * network failure META_CAPI_RETRY_LIMIT times (default 5), the first after META_CAPI_RETRY_DELAY_SECONDS
   * (default 30), doubled each time.
   */
  metaCapi: { url: string; retryLimit: number; retryDelaySeconds: number };
}

/**
 * Reads `env` into a Config. When JWT_SECRET is not given, a random one is generated once and kept in
 * `${DATA_DIR}/jwt-secret` so tokens survive restarts. Throws a zod error naming the bad variable, and an
 * Error when NODE_ENV=production has no REGISTER_PARTNER_KEY (the demo key would let anyone sign up).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { persistSecret?: boolean } = {}): Config {
  const e = Env.parse(env);
  if (e.NODE_ENV === 'production' && !e.REGISTER_PARTNER_KEY) {
    throw new Error(
      'REGISTER_PARTNER_KEY is required when NODE_ENV=production: set it to a secret partner key (the sign-up link is /auth/register?sk=<key>).',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  let secret = e.JWT_SECRET;
  if (!secret) {
    if (opts.persistSecret === false) secret = randomBytes(32).toString('hex');
    else {
      mkdirSync(dataDir, { recursive: true });
      const file = join(dataDir, 'jwt-secret');
      if (existsSync(file)) secret = readFileSync(file, 'utf8').trim();
      else {
        secret = randomBytes(32).toString('hex');
        writeFileSync(file, secret, { mode: 0o600 });
      }
    }
  }
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: new TextEncoder().encode(secret),
    providerDomain: e.PROVIDER_DOMAIN.toLowerCase(),
    providerEmails: e.PROVIDER_EMAILS,
    customStoreEmail: e.CUSTOM_STORE_EMAIL,
    registerPartnerKey: e.REGISTER_PARTNER_KEY ?? DEMO_PARTNER_KEY,
    trustProxy: e.TRUST_PROXY,
    fetchAllowAddresses: e.FETCH_ALLOW_ADDRESSES,
    storefrontSuffix: e.STOREFRONT_SUFFIX,
    domainARecord: e.DOMAIN_A_RECORD,
    dnsServers: e.DNS_SERVERS,
    dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    adminOrigin: e.ADMIN_ORIGIN ?? `http://localhost:${e.PORT}`,
    storefrontDist: e.STOREFRONT_DIST ? resolve(e.STOREFRONT_DIST) : join(import.meta.dirname, '../../storefront/dist'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    abandonedCheckoutDelayMs: e.ABANDONED_CHECKOUT_DELAY_MINUTES * 60_000,
    payout: { feeBps: e.PAYOUT_FEE_BPS, feeFixedCents: e.PAYOUT_FEE_FIXED_CENTS, settlementDays: e.PAYOUT_SETTLEMENT_DAYS },
    trialDays: e.TRIAL_DAYS,
    publicUrl: e.PUBLIC_URL,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
      retryLimit: e.TELEGRAM_RETRY_LIMIT,
      retryDelaySeconds: e.TELEGRAM_RETRY_DELAY_SECONDS,
    },
    cdnPurgeUrl: e.CDN_PURGE_URL,
    metaCapi: {
      url: e.META_CAPI_URL.replace(/\/+$/, ''),
      retryLimit: e.META_CAPI_RETRY_LIMIT,
      retryDelaySeconds: e.META_CAPI_RETRY_DELAY_SECONDS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : !!e.S3_ENDPOINT,
          prefix: e.S3_PREFIX,
        }
      : undefined,
  };
}

/** A config for tests: defaults, a random secret, and DATA_DIR in a fresh temporary folder (never ./data). */
export function testConfig(over: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'backroom-test-'));
  return {
    ...loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, META_CAPI_URL: 'http://127.0.0.1:9' },
      { persistSecret: false },
    ),
    ...over,
  };
}
