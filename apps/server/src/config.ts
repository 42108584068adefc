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
  ADMIN_ORIGIN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  STOREFRONT_DIST: z.string().optional(),
  MAIL_FROM: z.string().default('Backroom <no-reply@backroom.local>'),
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
  /** Origin of the admin (the preview frame accepts messages only from it), e.g. http://localhost:3000. */
  adminOrigin: string;
  /** Folder of the built storefront (STOREFRONT_DIST, else apps/storefront/dist). */
  storefrontDist: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  /** Media bucket; undefined → media files under `${dataDir}/uploads`. */
  s3?: S3Config;
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
    jwtSecret: new TextEncoder().encode(secret),
    providerDomain: e.PROVIDER_DOMAIN.toLowerCase(),
    providerEmails: e.PROVIDER_EMAILS,
    customStoreEmail: e.CUSTOM_STORE_EMAIL,
    registerPartnerKey: e.REGISTER_PARTNER_KEY ?? DEMO_PARTNER_KEY,
    trustProxy: e.TRUST_PROXY,
    fetchAllowAddresses: e.FETCH_ALLOW_ADDRESSES,
    storefrontSuffix: e.STOREFRONT_SUFFIX,
    adminOrigin: e.ADMIN_ORIGIN ?? `http://localhost:${e.PORT}`,
    storefrontDist: e.STOREFRONT_DIST ? resolve(e.STOREFRONT_DIST) : join(import.meta.dirname, '../../storefront/dist'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
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
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }, { persistSecret: false }), ...over };
}
