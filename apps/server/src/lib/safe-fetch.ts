import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, type Response, fetch as undiciFetch } from 'undici';

/**
 * Why a safe fetch gave up, kept apart from what the caller tells the user: `blocked` (the host is, or resolves
 * to, a loopback, private, link-local, unspecified or otherwise non-public address), `redirects` (more than the
 * limit), `protocol` (not http/https), `network` (DNS, refused, reset, TLS). Callers show one generic reason for
 * all of them, so the answers cannot be used to map a private network (issue 14 item 5 "SSRF in the CSV import").
 */
export type SafeFetchFailure = 'blocked' | 'redirects' | 'protocol' | 'network';

/** Thrown by safeFetch; `reason` is for logs and tests, `message` is generic. */
export class SafeFetchError extends Error {
  constructor(readonly reason: SafeFetchFailure) {
    super('not reachable');
    this.name = 'SafeFetchError';
  }
}

/** Most redirects followed by default. */
export const MAX_REDIRECTS = 5;

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** The address as IPv4 when it is an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`), else unchanged. */
const unmap = (a: Parsed): Parsed =>
  a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;

/**
 * True when `address` (an IP literal, IPv4 or IPv6, with or without brackets) is a public unicast address:
 * anything ipaddr.js classifies as loopback, private, link-local, unique-local, unspecified, carrier-grade NAT,
 * multicast, broadcast, reserved, 6to4/Teredo/NAT64 (which embed other addresses) is refused. Numeric forms that
 * the URL parser already normalises (`127.1`, `2130706433`, `0x7f000001`) arrive here as `127.0.0.1`.
 * `allow` lists addresses or CIDRs that pass anyway (an intranet image server).
 */
export function isPublicAddress(address: string, allow: readonly string[] = []): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return false;
  const parsed = unmap(ipaddr.parse(bare));
  for (const entry of allow) {
    try {
      const [net, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), undefined];
      const n = unmap(net);
      const prefix = bits ?? (n.kind() === 'ipv4' ? 32 : 128);
      if (n.kind() === parsed.kind() && parsed.match(n as never, prefix)) return true;
    } catch {
      // An invalid entry allows nothing.
    }
  }
  return parsed.range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** dns.lookup with `{all: true}`, the resolver guardedLookup asks. */
export type Resolver = (
  hostname: string,
  options: { all: true; verbatim: true; family?: number },
  cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net.connect that resolves the name and refuses the connection unless EVERY address is public:
 * the check happens on the very addresses the socket connects to, so DNS rebinding between a check and the
 * connection is impossible.
 */
export function guardedLookup(allow: readonly string[], resolver: Resolver = dnsLookup as unknown as Resolver) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    resolver(hostname, { family: options.family, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, options.all ? [] : '', undefined);
      const list = addresses as LookupAddress[];
      if (!list.length || !list.every((a) => isPublicAddress(a.address, allow))) {
        const blocked = Object.assign(new SafeFetchError('blocked'), { code: 'EBLOCKED' });
        return callback(blocked as NodeJS.ErrnoException, options.all ? [] : '', undefined);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const agents = new Map<string, Agent>();
/** One keep-alive agent per allow list (usually just the empty one). */
function agentFor(allow: readonly string[]): Agent {
  const key = allow.join(',');
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(allow) as never }, keepAliveTimeout: 4_000 });
    agents.set(key, agent);
  }
  return agent;
}

/** Refuses a URL whose scheme is not http(s) or whose host is an IP literal that is not public. */
function checkUrl(url: URL, allow: readonly string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('protocol');
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host) && !isPublicAddress(host, allow)) throw new SafeFetchError('blocked');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) throw new SafeFetchError('blocked');
}

export interface SafeFetchOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Redirects followed at most (default MAX_REDIRECTS); each target is checked like the first URL. */
  maxRedirects?: number;
  /** Addresses/CIDRs reachable even though not public (FETCH_ALLOW_ADDRESSES); default none. */
  allow?: readonly string[];
}

/**
 * GET `url` from the public internet only (issue 14 item 5 "High — SSRF in the CSV import"): http/https only; the
 * host is resolved and refused unless every address is public (see isPublicAddress), at connection time; redirects
 * are followed by hand, at most `maxRedirects`, each hop checked again. Answers the final non-redirect Response.
 * Throws SafeFetchError (generic message, `reason` for logs) for refused or failed connections, and the
 * AbortSignal's TimeoutError/AbortError as they are.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<Response> {
  const allow = opts.allow ?? [];
  const limit = opts.maxRedirects ?? MAX_REDIRECTS;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new SafeFetchError('protocol');
  }
  for (let hop = 0; ; hop++) {
    checkUrl(current, allow);
    let res: Response;
    try {
      res = await undiciFetch(current, { redirect: 'manual', signal: opts.signal, headers: opts.headers, dispatcher: agentFor(allow) });
    } catch (err) {
      const e = err as { name?: string; cause?: unknown };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw err;
      if (e.cause instanceof SafeFetchError) throw e.cause;
      throw new SafeFetchError('network');
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) return res;
    await res.body?.cancel();
    if (hop >= limit) throw new SafeFetchError('redirects');
    try {
      current = new URL(location, current);
    } catch {
      throw new SafeFetchError('protocol');
    }
  }
}
