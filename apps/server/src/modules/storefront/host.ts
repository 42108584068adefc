import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domains, stores } from '../../db/schema/index.js';
import { onDomainsChanged } from '../../lib/host-events.js';

/** The store a storefront request is for, as the host routing resolved it. */
export interface StorefrontStore {
  id: string;
  handle: string;
  name: string;
  currency: string;
  /** The request's host without port, lower-cased (e.g. demo.localhost). */
  host: string;
}

/** Hosts of the admin origin: never a storefront (issue 5 lead notes "Host routing"). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/**
 * The host of a `Host` header without its port, lower-cased; '' for a missing header. IPv6 literals keep
 * their brackets.
 */
export function hostWithoutPort(header: string | undefined): string {
  const h = (header ?? '').trim().toLowerCase();
  if (!h) return '';
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const i = h.lastIndexOf(':');
  return i === -1 ? h : h.slice(0, i);
}

/** How long a resolved host is remembered, ms (another process sees a removed custom domain within this time). */
export const HOST_CACHE_MS = 10_000;
/**
 * How long a host that no shop answers to is remembered, ms (issue 11 item 1): a flood of requests for unknown
 * hosts costs one query per host per window; in this process a domain change clears it at once (lib/host-events).
 */
export const MISS_CACHE_MS = 5_000;

/**
 * Resolves request hosts to stores (DESIGN.md "One process, three faces"): a host that is a row of `domains` (the
 * system domain, or a custom domain once its DNS check verified it), or `{handle}.{STOREFRONT_SUFFIX}` of an
 * existing store, is that store's storefront. The admin hosts (localhost, 127.0.0.1, the host of ADMIN_ORIGIN)
 * never are. Answers are cached — found for HOST_CACHE_MS, not found for MISS_CACHE_MS — and both caches are
 * dropped when this process changes a shop's domains (lib/host-events `domainsChanged`).
 */
export class StorefrontHosts {
  private cache = new Map<string, { store: StorefrontStore; until: number }>();
  private misses = new Map<string, number>();
  /** Stops listening for domain changes (the app's onClose). */
  readonly close: () => void;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.close = onDomainsChanged(() => this.forget());
  }

  /** Drops every cached answer (found and not found). */
  forget(): void {
    this.cache.clear();
    this.misses.clear();
  }

  /** True when `host` (without port) is one the storefront could answer for: anything but the admin's host. */
  isAdminHost(host: string): boolean {
    if (!host || LOOPBACK.has(host)) return true;
    try {
      return new URL(this.config.adminOrigin).hostname.toLowerCase() === host;
    } catch {
      return false;
    }
  }

  /** True when `host` has the system-domain shape `{label}.{STOREFRONT_SUFFIX}` (one label, no dots). */
  isSystemDomainShape(host: string): boolean {
    const suffix = `.${this.config.storefrontSuffix.toLowerCase()}`;
    return host.endsWith(suffix) && /^[a-z0-9][a-z0-9-]*$/.test(host.slice(0, -suffix.length));
  }

  /** The store of `host` (without port), or null when it is the admin's host or no store answers to it. */
  async resolve(host: string): Promise<StorefrontStore | null> {
    if (this.isAdminHost(host)) return null;
    const hit = this.cache.get(host);
    const now = Date.now();
    if (hit && hit.until > now) return hit.store;
    const missUntil = this.misses.get(host);
    if (missUntil !== undefined && missUntil > now) return null;
    const cols = { id: stores.id, handle: stores.handle, name: stores.name, currency: stores.currency };
    let [row] = await this.db
      .select(cols)
      .from(domains)
      .innerJoin(stores, eq(stores.id, domains.storeId))
      .where(and(eq(domains.host, host), eq(domains.status, 'verified')));
    if (!row && this.isSystemDomainShape(host)) {
      const handle = host.slice(0, -(this.config.storefrontSuffix.length + 1));
      [row] = await this.db.select(cols).from(stores).where(eq(stores.handle, handle));
    }
    if (!row) {
      this.cache.delete(host);
      // Bounded: a flood of random hosts cannot grow it past 10,000 entries.
      if (this.misses.size >= 10_000) this.misses.clear();
      this.misses.set(host, now + MISS_CACHE_MS);
      return null;
    }
    this.misses.delete(host);
    const store = { ...row, host };
    this.cache.set(host, { store, until: now + HOST_CACHE_MS });
    return store;
  }
}
