import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import type { BuyDomainsBody, Domain, DomainListResponse, PendingDomain, StoreConfigFlags } from '@backroom/contracts';
import { BuyDomainsBody as BuySchema } from '@backroom/contracts';
import { and, asc, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domainPurchases, domains, storePreferences, stores } from '../../db/schema/index.js';
import { storefrontUrl, systemDomain } from '../../lib/domains.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/handles.js';
import { domainsChanged } from '../../lib/host-events.js';
import { checkDomainDns, txtName, txtValue } from './dns.js';

/**
 * A shop's domains (spec admin-dashboard §7 "Onboarding and domains", §3 Domain; issue 11 item 1): the system domain
 * `{handle}.{STOREFRONT_SUFFIX}` and connected custom domains, checked by real DNS. Every query is scoped by the
 * store.
 *
 * Claims (issue 29 item 9): connecting a domain is a CLAIM that reserves nothing — any number of shops may claim a
 * host (once each); the first shop whose DNS check proves ownership (CNAME/A and its own TXT token) gets it, and the
 * others' checks are then refused (409) while that shop holds it verified. A claim never verified expires
 * CLAIM_TTL_DAYS after it was made: it is no longer listed or checked, and the shop may claim the host again (a new
 * token). Expiry is a read-time filter (`live`); expired rows are replaced when their shop claims the host again.
 */

/** Days an unverified claim lives (issue 29 item 9). */
export const CLAIM_TTL_DAYS = 7;

/** The rows that count: verified once, or claimed less than CLAIM_TTL_DAYS ago (system domains are verified). */
function live(now = new Date()): SQL {
  return or(
    isNotNull(domains.verifiedAt),
    eq(domains.status, 'verified'),
    gte(domains.createdAt, new Date(now.getTime() - CLAIM_TTL_DAYS * 86_400_000)),
  )!;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A typed domain as the host we store (issue 11 item 1): trimmed, lower case, a pasted `https://…/` reduced to its
 * host, an IDN turned into punycode (`bücher.example` → `xn--bcher-kva.example`). 400 `{field}: …` for an IP
 * address, a port, a single label, a malformed label, or a host under the platform's own suffix.
 */
export function normalizeHost(config: Config, input: string, field: string): string {
  let h = input.trim().toLowerCase();
  h = h
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.$/, '');
  if (isIP(h) || isIP(h.replace(/^\[|\]$/g, ''))) throw badRequest(`${field}: must be a domain name, not an IP address`);
  if (h.includes(':')) throw badRequest(`${field}: must be a domain name without a port`);
  const ascii = domainToASCII(h);
  const labels = ascii.split('.');
  if (
    !ascii ||
    labels.length < 2 ||
    !labels.every((l) => LABEL.test(l)) ||
    /^[0-9]+$/.test(labels[labels.length - 1]!) ||
    ascii.length > 253
  ) {
    throw badRequest(`${field}: '${input.trim()}' is not a valid domain name (e.g. shop.example.com)`);
  }
  const suffix = config.storefrontSuffix.toLowerCase();
  if (ascii === suffix || ascii.endsWith(`.${suffix}`)) throw badRequest(`${field}: domains under ${suffix} are system domains`);
  return ascii;
}

type Row = typeof domains.$inferSelect;

function toDomain(config: Config, r: Row, systemHost: string): Domain {
  const custom = r.domainType !== 'SystemDefault';
  const records = custom
    ? [
        { type: 'CNAME' as const, name: r.host, value: systemHost },
        ...(config.domainARecord ? [{ type: 'A' as const, name: r.host, value: config.domainARecord }] : []),
        { type: 'TXT' as const, name: txtName(r.host), value: txtValue(r.verifyToken ?? '') },
      ]
    : [];
  return {
    id: r.id,
    host: r.host,
    displayHost: domainToUnicode(r.host) || r.host,
    domainType: custom ? 'Custom' : 'SystemDefault',
    status: r.status as Domain['status'],
    reason: r.reason,
    isPrimary: custom ? r.isPrimary : false,
    records,
    checkedAt: r.checkedAt?.toISOString() ?? null,
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

async function storeHandle(db: Db, storeId: string): Promise<string> {
  const [s] = await db.select({ handle: stores.handle }).from(stores).where(eq(stores.id, storeId));
  if (!s) throw notFound('Store');
  return s.handle;
}

/**
 * The shop's domains, the system domain first, then custom ones by age, and the primary host with the URL "Open
 * your site" opens (a verified primary custom domain, else the system domain). A shop whose system domain row is
 * missing gets it listed all the same.
 */
export async function listDomains(db: Db, config: Config, storeId: string): Promise<DomainListResponse> {
  const sys = systemDomain(config, await storeHandle(db, storeId));
  const rows = await db
    .select()
    .from(domains)
    .where(and(eq(domains.storeId, storeId), live()))
    .orderBy(sql`${domains.domainType} = 'SystemDefault' desc`, asc(domains.createdAt));
  const list = rows.map((r) => toDomain(config, r, sys));
  if (!list.some((d) => d.domainType === 'SystemDefault')) {
    list.unshift({
      id: storeId,
      host: sys,
      displayHost: sys,
      domainType: 'SystemDefault',
      status: 'verified',
      reason: null,
      isPrimary: false,
      records: [],
      checkedAt: null,
      verifiedAt: null,
      createdAt: new Date(0).toISOString(),
    });
  }
  const primary = list.find((d) => d.isPrimary && d.status === 'verified')?.host ?? sys;
  return { domains: list, primaryHost: primary, url: storefrontUrl(config, primary) };
}

/**
 * Connects a domain to the shop (POST /stores/config/domains/ {host}): a claim stored pending with a fresh ownership
 * token; the answer carries the DNS records to create. Another shop's pending claim does not stand in the way (issue
 * 29 item 9). 400 `body.host: …` for an invalid host (see normalizeHost), one this shop already claimed (an expired
 * claim of its own is replaced), or one another shop has verified.
 */
export async function connectDomain(db: Db, config: Config, storeId: string, input: string): Promise<Domain> {
  const host = normalizeHost(config, input, 'body.host');
  const sys = systemDomain(config, await storeHandle(db, storeId));
  const dup = (own: boolean) => badRequest(`body.host: ${host} is already connected to ${own ? 'this' : 'another'} shop`);
  const [own] = await db
    .select({ id: domains.id, live: sql<boolean>`${live()}` })
    .from(domains)
    .where(and(eq(domains.storeId, storeId), eq(domains.host, host)));
  if (own?.live) throw dup(true);
  if (own) await db.delete(domains).where(and(eq(domains.storeId, storeId), eq(domains.id, own.id)));
  const [verified] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.host, host), eq(domains.status, 'verified')));
  if (verified) throw dup(false);
  try {
    const [r] = await db
      .insert(domains)
      .values({ storeId, host, domainType: 'Custom', status: 'pending', verifyToken: randomBytes(16).toString('hex') })
      .returning();
    return toDomain(config, r!, sys);
  } catch (err) {
    // Only this shop's own claim can collide (two tabs at once): a claim is never inserted verified.
    if (isUniqueViolation(err)) throw dup(true);
    throw err;
  }
}

/** Removes a custom domain of the shop (DELETE /stores/config/domains/?host=); 400 for the system domain, 404 unknown. */
export async function removeDomain(db: Db, config: Config, storeId: string, input: string): Promise<void> {
  const host = normalizeHost(config, input, 'querystring.host');
  const [r] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.storeId, storeId), eq(domains.host, host)));
  if (!r) throw notFound('Domain');
  if (r.domainType === 'SystemDefault') throw badRequest('querystring.host: the system domain cannot be removed');
  await db.delete(domains).where(eq(domains.id, r.id));
  domainsChanged();
}

/**
 * Checks a connected domain's DNS now (POST /stores/admin/check-domain {domain, storeId}) and records the status with
 * its reason (see checkDomainDns): verified, failed (what is missing), or pending (DNS did not answer). A domain
 * verified while the shop has no primary custom domain becomes primary; `verifiedAt` keeps the time ownership was
 * first proved (a proved claim never expires). 404 when `storeId` is not the session's store or the domain is not
 * one of its live custom domains (an expired claim is gone); 409 when the DNS proves ownership but another shop
 * already holds the host verified (issue 29 item 9: the first to verify gets it; checks of one host are serialised).
 */
export async function checkDomain(db: Db, config: Config, storeId: string, body: { domain: string; storeId: string }): Promise<Domain> {
  if (body.storeId !== storeId) throw notFound('Store');
  const host = normalizeHost(config, body.domain, 'body.domain');
  const sys = systemDomain(config, await storeHandle(db, storeId));
  const [r] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.storeId, storeId), eq(domains.host, host), eq(domains.domainType, 'Custom'), live()));
  if (!r) throw notFound('Domain');
  const found = await checkDomainDns(config, host, sys, r.verifyToken ?? '');
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`domains:${storeId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`domains-host:${host}`}))`);
    const verified = found.status === 'verified';
    if (verified) {
      const [holder] = await tx
        .select({ id: domains.id })
        .from(domains)
        .where(and(eq(domains.host, host), eq(domains.status, 'verified'), ne(domains.storeId, storeId)));
      if (holder) throw takenByAnotherShop(host);
    }
    let primary = r.isPrimary && verified;
    if (verified && !r.isPrimary) {
      const [other] = await tx
        .select({ id: domains.id })
        .from(domains)
        .where(and(eq(domains.storeId, storeId), eq(domains.isPrimary, true)));
      primary = !other;
    }
    const [u] = await tx
      .update(domains)
      .set({
        status: found.status,
        reason: found.reason,
        checkedAt: now,
        verifiedAt: verified ? (r.verifiedAt ?? now) : r.verifiedAt,
        isPrimary: primary,
      })
      .where(eq(domains.id, r.id))
      .returning();
    return u!;
  });
  domainsChanged();
  return toDomain(config, updated, sys);
}

/** 409 for a check whose DNS proves ownership of a host another shop verified first (issue 29 item 9). */
const takenByAnotherShop = (host: string) =>
  conflict(
    `${host} is already connected to another shop, which proved ownership by its TXT record first. Remove it here, or ask that shop to remove it and check again.`,
  );

/**
 * Makes a verified custom domain the shop's primary domain, or — given the system domain — goes back to it
 * (POST /stores/config/update-domain-checkout {host}). 400 `body.host: …` for a domain not verified yet, 404 for one
 * that is not the shop's. Answers the domain list.
 */
export async function setPrimaryDomain(db: Db, config: Config, storeId: string, input: string): Promise<DomainListResponse> {
  const host = normalizeHostOrSystem(config, input);
  const sys = systemDomain(config, await storeHandle(db, storeId));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`domains:${storeId}`}))`);
    if (host === sys) {
      await tx.update(domains).set({ isPrimary: false }).where(eq(domains.storeId, storeId));
      return;
    }
    const [r] = await tx
      .select()
      .from(domains)
      .where(and(eq(domains.storeId, storeId), eq(domains.host, host), eq(domains.domainType, 'Custom')));
    if (!r) throw notFound('Domain');
    if (r.status !== 'verified') throw badRequest(`body.host: verify ${host} before making it the primary domain`);
    await tx.update(domains).set({ isPrimary: false }).where(eq(domains.storeId, storeId));
    await tx.update(domains).set({ isPrimary: true }).where(eq(domains.id, r.id));
  });
  domainsChanged();
  return listDomains(db, config, storeId);
}

/** normalizeHost, except that the platform's own system domains pass (so the system domain can be chosen). */
function normalizeHostOrSystem(config: Config, input: string): string {
  const h = input.trim().toLowerCase();
  if (h.endsWith(`.${config.storefrontSuffix.toLowerCase()}`) && /^[a-z0-9-]+\.[^:/]+$/.test(h)) return h;
  return normalizeHost(config, input, 'body.host');
}

/** The store config flags of spec §3 (GET /stores/public/onlinestore/themes/page): enableRef, isVip (false when unset). */
export async function storeFlags(db: Db, storeId: string): Promise<StoreConfigFlags> {
  const [p] = await db
    .select({ enableRef: storePreferences.enableRef, isVip: storePreferences.isVip })
    .from(storePreferences)
    .where(eq(storePreferences.storeId, storeId));
  return { enableRef: p?.enableRef ?? false, isVip: p?.isVip ?? false };
}

const toPending = (r: typeof domainPurchases.$inferSelect): PendingDomain => ({
  id: r.id,
  domain: r.domain,
  years: r.years,
  status: 'pending',
  createdAt: r.createdAt.toISOString(),
});

/** The shop's pending domain purchases, oldest first. */
export async function pendingDomains(db: Db, storeId: string): Promise<PendingDomain[]> {
  const rows = await db
    .select()
    .from(domainPurchases)
    .where(and(eq(domainPurchases.storeId, storeId), eq(domainPurchases.status, 'pending')))
    .orderBy(asc(domainPurchases.createdAt), asc(domainPurchases.domain));
  return rows.map(toPending);
}

/**
 * Records purchases of domains (POST /stores/config/buy-domains {domains, years}): there is no registrar behind it
 * (README), so each stays pending until an operator registers it or the shop cancels. 400 `body.domains.i: …` for an
 * invalid domain, one connected (verified) to a shop, or one this shop already asked for. Answers the pending list.
 */
export async function buyDomains(db: Db, config: Config, storeId: string, input: BuyDomainsBody): Promise<PendingDomain[]> {
  const b = BuySchema.parse(input);
  const hosts = b.domains.map((d, i) => normalizeHost(config, d, `body.domains.${i}`));
  const dupAt = hosts.findIndex((h, i) => hosts.indexOf(h) !== i);
  if (dupAt !== -1) throw badRequest(`body.domains.${dupAt}: ${hosts[dupAt]} is named twice`);
  // Only a verified domain is connected; a pending claim reserves nothing (issue 29 item 9).
  const connected = await db
    .select({ host: domains.host })
    .from(domains)
    .where(and(inArray(domains.host, hosts), eq(domains.status, 'verified')));
  if (connected.length) {
    const i = hosts.indexOf(connected[0]!.host);
    throw badRequest(`body.domains.${i}: ${hosts[i]} is already connected to a shop`);
  }
  try {
    await db.insert(domainPurchases).values(hosts.map((domain) => ({ storeId, domain, years: b.years })));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const mine = new Set((await pendingDomains(db, storeId)).map((p) => p.domain));
    const i = hosts.findIndex((h) => mine.has(h));
    throw badRequest(`body.domains.${Math.max(0, i)}: ${hosts[Math.max(0, i)]} is already being bought`);
  }
  return pendingDomains(db, storeId);
}

/** Cancels a pending purchase (DELETE /stores/config/pending-domain?domain=); 404 when there is none. */
export async function cancelPendingDomain(db: Db, config: Config, storeId: string, input: string): Promise<void> {
  const host = normalizeHost(config, input, 'querystring.domain');
  const r = await db
    .delete(domainPurchases)
    .where(and(eq(domainPurchases.storeId, storeId), eq(domainPurchases.domain, host), eq(domainPurchases.status, 'pending')))
    .returning({ id: domainPurchases.id });
  if (!r.length) throw notFound('Pending domain');
}
