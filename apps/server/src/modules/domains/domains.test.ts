import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, storePreferences } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { checkDomainDns } from './dns.js';
import { type DnsZone, startDnsStub } from './dns-stub.js';
import { CLAIM_TTL_DAYS } from './service.js';

/** Domains API (spec admin-dashboard §7 Onboarding and domains; issue 11 item 1), DNS checked by a local DNS server. */

let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsStub>>;
const zone: DnsZone = {};
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let shop: { id: string; handle: string };
let theirs: { id: string; handle: string };

beforeAll(async () => {
  dns = await startDnsStub(zone);
  t = await createTestApp({ dnsServers: [dns.server], dnsTimeoutMs: 1000, domainARecord: '203.0.113.10' });
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  headers = (await login(t.app, owner.email, owner.password, shop.id)).headers;
  const stranger = await makeUser(t.db);
  theirs = await makeStore(t.db, t.config, { ownerId: stranger.id });
  foreignHeaders = (await login(t.app, stranger.email, stranger.password, theirs.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, shop.id, staff.id, ['pages']);
  staffHeaders = (await login(t.app, staff.email, staff.password, shop.id)).headers;
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const sf = (host: string) => t.app.inject({ method: 'GET', url: '/api/storefront/shop', headers: { host } });

describe('domains', () => {
  it('lists the system domain as primary, and the store flags', async () => {
    const r = (await call('GET', '/api/stores/config/domains/')).json();
    expect(r.domains).toMatchObject([{ host: `${shop.handle}.localhost`, domainType: 'SystemDefault', status: 'verified', records: [] }]);
    expect(r.primaryHost).toBe(`${shop.handle}.localhost`);
    await t.db.update(storePreferences).set({ isVip: true }).where(eq(storePreferences.storeId, shop.id));
    expect((await call('GET', '/api/stores/public/onlinestore/themes/page')).json()).toEqual({ enableRef: false, isVip: true });
  });

  it('connects a domain (IDN to punycode) with its CNAME, A and TXT records, pending', async () => {
    const r = await call('POST', '/api/stores/config/domains/', { host: '  https://Bücher.Example/ ' });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({
      host: 'xn--bcher-kva.example',
      displayHost: 'bücher.example',
      domainType: 'Custom',
      status: 'pending',
      isPrimary: false,
    });
    expect(d.records.map((x: { type: string; name: string }) => [x.type, x.name])).toEqual([
      ['CNAME', 'xn--bcher-kva.example'],
      ['A', 'xn--bcher-kva.example'],
      ['TXT', '_backroom-verify.xn--bcher-kva.example'],
    ]);
    expect(d.records[0].value).toBe(`${shop.handle}.localhost`);
    expect(d.records[2].value).toMatch(/^backroom-verify=[0-9a-f]{32}$/);
  });

  it('refuses IPs, ports, malformed names, system domains and a second claim of the same shop', async () => {
    const bad = async (host: string) => (await call('POST', '/api/stores/config/domains/', { host })).json().messages;
    expect(await bad('203.0.113.5')).toEqual(['body.host: must be a domain name, not an IP address']);
    expect(await bad('[::1]')).toEqual(['body.host: must be a domain name, not an IP address']);
    expect(await bad('shop.example.com:8080')).toEqual(['body.host: must be a domain name without a port']);
    expect(await bad('localhost2')).toEqual(["body.host: 'localhost2' is not a valid domain name (e.g. shop.example.com)"]);
    expect(await bad('-bad.example.com')).toEqual(["body.host: '-bad.example.com' is not a valid domain name (e.g. shop.example.com)"]);
    expect(await bad(`${theirs.handle}.localhost`)).toEqual(['body.host: domains under localhost are system domains']);
    expect(await bad('')).toEqual(['body.host: host is required']);
    expect(await bad('bücher.example')).toEqual(['body.host: xn--bcher-kva.example is already connected to this shop']);
    // Issue 29 item 9: a pending claim reserves nothing — another shop may claim the host too, racing or not.
    const other = await call('POST', '/api/stores/config/domains/', { host: 'XN--BCHER-KVA.example' }, foreignHeaders);
    expect(other.statusCode).toBe(200);
    const race = await Promise.all(
      [headers, foreignHeaders].map((h) => call('POST', '/api/stores/config/domains/', { host: 'race.example.com' }, h)),
    );
    expect(race.map((r) => r.statusCode)).toEqual([200, 200]);
    // The same shop twice at once: one claim.
    const twice = await Promise.all(
      [headers, headers].map((h) => call('POST', '/api/stores/config/domains/', { host: 'twice.example.com' }, h)),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('checks DNS: failed with the reason, then verified by CNAME + TXT; it becomes primary and the storefront answers on it', async () => {
    const d = (await call('POST', '/api/stores/config/domains/', { host: 'shop.example.com' })).json();
    const token = d.records.find((x: { type: string }) => x.type === 'TXT').value;
    // A routing record to somewhere else, no TXT.
    zone.CNAME = { 'shop.example.com': 'elsewhere.example.net' };
    const failed = await call('POST', '/api/stores/admin/check-domain', { domain: 'shop.example.com', storeId: shop.id });
    expect(failed.json()).toMatchObject({ status: 'failed', isPrimary: false });
    expect(failed.json().reason).toBe(
      `No CNAME record of shop.example.com pointing to ${shop.handle}.localhost or A record pointing to 203.0.113.10 was found (found: elsewhere.example.net). The TXT record _backroom-verify.shop.example.com with the value ${token} was not found.`,
    );
    // Not verified: the storefront does not answer on it (and remembers the miss only until domains change).
    expect((await sf('shop.example.com')).statusCode).toBe(404);
    zone.CNAME = { 'shop.example.com': `${shop.handle}.localhost` };
    zone.TXT = { '_backroom-verify.shop.example.com': [token] };
    const ok = await call('POST', '/api/stores/admin/check-domain', { domain: 'shop.example.com', storeId: shop.id });
    expect(ok.json()).toMatchObject({ status: 'verified', reason: null, isPrimary: true });
    const list = (await call('GET', '/api/stores/config/domains/')).json();
    expect(list.primaryHost).toBe('shop.example.com');
    expect(list.url).toBe('https://shop.example.com');
    // The storefront answers on the primary domain, and the system domain keeps working.
    expect((await sf('shop.example.com')).json().shop.id).toBe(shop.id);
    expect((await sf(`${shop.handle}.localhost`)).json().shop.id).toBe(shop.id);
    // "Open your site" (GET /api/stores) opens the primary domain.
    const stores = (await call('GET', '/api/stores')).json().stores;
    expect(stores.find((s: { id: string }) => s.id === shop.id)).toMatchObject({
      rDomain: 'shop.example.com',
      url: 'https://shop.example.com',
    });
  });

  it('verifies by an A record to the configured address too', async () => {
    const d = (await call('POST', '/api/stores/config/domains/', { host: 'www.shop2.example' })).json();
    zone.A = { 'www.shop2.example': ['203.0.113.10'] };
    zone.TXT = { ...zone.TXT, '_backroom-verify.www.shop2.example': [d.records.at(-1).value] };
    const ok = await call('POST', '/api/stores/admin/check-domain', { domain: 'www.shop2.example', storeId: shop.id });
    // Verified, but shop.example.com stays primary.
    expect(ok.json()).toMatchObject({ status: 'verified', isPrimary: false });
    const list = (await call('POST', '/api/stores/config/update-domain-checkout', { host: 'www.shop2.example' })).json();
    expect(list.primaryHost).toBe('www.shop2.example');
    const back = (await call('POST', '/api/stores/config/update-domain-checkout', { host: `${shop.handle}.localhost` })).json();
    expect(back.primaryHost).toBe(`${shop.handle}.localhost`);
    expect((await call('POST', '/api/stores/config/update-domain-checkout', { host: 'bücher.example' })).json().messages).toEqual([
      'body.host: verify xn--bcher-kva.example before making it the primary domain',
    ]);
  });

  it('removing a domain stops the storefront answering on it at once (cache invalidated)', async () => {
    expect((await sf('www.shop2.example')).statusCode).toBe(200);
    const r = await call('DELETE', '/api/stores/config/domains/?host=www.shop2.example');
    expect(r.json()).toEqual({ ok: true, messages: ['Domain removed'] });
    const after = await sf('www.shop2.example');
    expect(after.json().shop?.id).toBeUndefined();
    expect((await call('DELETE', `/api/stores/config/domains/?host=${shop.handle}.localhost`)).json().messages).toEqual([
      'querystring.host: domains under localhost are system domains',
    ]);
  });

  it('refuses another shop’s domain and a storeId that is not the session’s (404), and members without the scope (403)', async () => {
    expect((await call('POST', '/api/stores/admin/check-domain', { domain: 'shop.example.com', storeId: theirs.id })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/stores/admin/check-domain', { domain: 'shop.example.com', storeId: theirs.id }, foreignHeaders)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/stores/config/domains/?host=shop.example.com', undefined, foreignHeaders)).statusCode).toBe(404);
    expect((await call('GET', '/api/stores/config/domains/', undefined, staffHeaders)).statusCode).toBe(403);
    expect((await call('GET', '/api/stores/public/onlinestore/themes/page', undefined, staffHeaders)).statusCode).toBe(200);
  });

  it('records domain purchases as pending, refuses duplicates, cancels them', async () => {
    const r = await call('POST', '/api/stores/config/buy-domains', { domains: ['my-brand.com', 'my-brand.shop'], years: 2 });
    expect(r.json().domains.map((d: { domain: string; years: number; status: string }) => [d.domain, d.years, d.status])).toEqual([
      ['my-brand.com', 2, 'pending'],
      ['my-brand.shop', 2, 'pending'],
    ]);
    expect((await call('POST', '/api/stores/config/buy-domains', { domains: ['my-brand.com'] })).json().messages).toEqual([
      'body.domains.0: my-brand.com is already being bought',
    ]);
    expect((await call('POST', '/api/stores/config/buy-domains', { domains: ['shop.example.com'] })).json().messages).toEqual([
      'body.domains.0: shop.example.com is already connected to a shop',
    ]);
    expect((await call('POST', '/api/stores/config/buy-domains', { domains: [], years: 11 })).json().messages).toEqual(
      expect.arrayContaining(['body.domains: domains must name at least one domain', 'body.years: years must be between 1 and 10']),
    );
    expect((await call('GET', '/api/stores/config/pending-domains')).json().domains).toHaveLength(2);
    expect((await call('DELETE', '/api/stores/config/pending-domain?domain=my-brand.com')).json()).toEqual({
      ok: true,
      messages: ['Domain purchase cancelled'],
    });
    expect((await call('DELETE', '/api/stores/config/pending-domain?domain=my-brand.com')).statusCode).toBe(404);
    expect((await call('GET', '/api/stores/config/pending-domains', undefined, foreignHeaders)).json().domains).toEqual([]);
  });
});

/**
 * Claims (issue 29 item 9): a pending, unverified domain does not reserve the host; the first shop to prove ownership
 * by its TXT record gets it, the others' checks are refused while it holds it; an unverified claim expires after
 * CLAIM_TTL_DAYS days.
 */
describe('domain claims', () => {
  const claim = async (host: string, h: Record<string, string>) => {
    const r = await call('POST', '/api/stores/config/domains/', { host }, h);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().records.find((x: { type: string }) => x.type === 'TXT').value as string;
  };
  const check = (host: string, storeId: string, h: Record<string, string>) =>
    call('POST', '/api/stores/admin/check-domain', { domain: host, storeId }, h);
  /** DNS proving ownership of `host` for every shop whose TXT token is given (an A record to the platform's address). */
  const prove = (host: string, tokens: string[]) => {
    zone.A = { ...zone.A, [host]: ['203.0.113.10'] };
    zone.TXT = { ...zone.TXT, [`_backroom-verify.${host}`]: tokens };
  };
  const listed = async (h: Record<string, string>) =>
    ((await call('GET', '/api/stores/config/domains/', undefined, h)).json().domains as { host: string; status: string }[]).map(
      (d) => `${d.host} ${d.status}`,
    );

  it('shop B may claim a host shop A has pending; whoever verifies first gets it, the other is refused with 409', async () => {
    const host = 'contested.example.com';
    const tokenA = await claim(host, headers);
    const tokenB = await claim(host, foreignHeaders);
    expect(tokenB).not.toBe(tokenA);
    // The domain's owner proves it for B only: B verifies first and gets the storefront.
    prove(host, [tokenB]);
    expect((await check(host, shop.id, headers)).json()).toMatchObject({ status: 'failed' });
    expect((await check(host, theirs.id, foreignHeaders)).json()).toMatchObject({ status: 'verified', isPrimary: true });
    expect((await sf(host)).json().shop.id).toBe(theirs.id);
    // Now A's TXT is there too: A's check is refused while B holds the host, and B keeps it.
    prove(host, [tokenB, tokenA]);
    const refused = await check(host, shop.id, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages).toEqual([
      `${host} is already connected to another shop, which proved ownership by its TXT record first. Remove it here, or ask that shop to remove it and check again.`,
    ]);
    expect((await sf(host)).json().shop.id).toBe(theirs.id);
    expect(await listed(headers)).toContain(`${host} failed`);
    // A verified host is taken: no new claim, no purchase.
    const u3 = await makeUser(t.db);
    const third = await makeStore(t.db, t.config, { ownerId: u3.id });
    const h3 = (await login(t.app, u3.email, u3.password, third.id)).headers;
    expect((await call('POST', '/api/stores/config/domains/', { host }, h3)).json().messages).toEqual([
      `body.host: ${host} is already connected to another shop`,
    ]);
    expect((await call('POST', '/api/stores/config/buy-domains', { domains: [host] }, h3)).json().messages).toEqual([
      `body.domains.0: ${host} is already connected to a shop`,
    ]);
    // B lets it go: A's next check gets it.
    expect((await call('DELETE', `/api/stores/config/domains/?host=${host}`, undefined, foreignHeaders)).statusCode).toBe(200);
    expect((await check(host, shop.id, headers)).json()).toMatchObject({ status: 'verified' });
    expect((await sf(host)).json().shop.id).toBe(shop.id);
  });

  it('two shops verifying one host at the same moment: exactly one gets it', async () => {
    const host = 'both.example.com';
    const tokens = [await claim(host, headers), await claim(host, foreignHeaders)];
    prove(host, tokens);
    const answers = await Promise.all([check(host, shop.id, headers), check(host, theirs.id, foreignHeaders)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('an unverified claim older than 7 days expires: not listed nor checked, and claimed again with a new token', async () => {
    const host = 'stale.example.com';
    const oldToken = await claim(host, headers);
    await t.db
      .update(domains)
      .set({ createdAt: new Date(Date.now() - (CLAIM_TTL_DAYS * 24 + 1) * 3600_000) })
      .where(and(eq(domains.host, host), eq(domains.storeId, shop.id)));
    expect(await listed(headers)).not.toContain(`${host} pending`);
    prove(host, [oldToken]);
    expect((await check(host, shop.id, headers)).statusCode).toBe(404);
    // Another shop claims and verifies it; the stale claim stands in no one's way, not even its own shop's.
    const tokenB = await claim(host, foreignHeaders);
    const newToken = await claim(host, headers);
    expect(newToken).not.toBe(oldToken);
    prove(host, [tokenB]);
    expect((await check(host, theirs.id, foreignHeaders)).json()).toMatchObject({ status: 'verified' });
    // A claim that was verified once does not expire, even when a later check fails.
    await t.db
      .update(domains)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(and(eq(domains.host, host), eq(domains.storeId, theirs.id)));
    prove(host, []);
    expect((await check(host, theirs.id, foreignHeaders)).json()).toMatchObject({ status: 'failed' });
    expect(await listed(foreignHeaders)).toContain(`${host} failed`);
  });
});

describe('DNS check with the real resolver and no DNS server answering', () => {
  it('answers pending "could not be verified" within its timeout instead of hanging', async () => {
    // TEST-NET-1 (RFC 5737): no DNS server ever answers there, as when the machine is offline.
    const config = { ...t.config, dnsServers: ['192.0.2.1'], dnsTimeoutMs: 500 };
    const started = Date.now();
    const r = await checkDomainDns(config, 'shop.example.com', 'x.localhost', 'token');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r).toEqual({
      status: 'pending',
      reason: 'shop.example.com could not be verified: DNS did not answer within 1 seconds. Try again in a few minutes.',
    });
  });

  it('reports a closed local DNS port as could not be verified too', async () => {
    const r = await checkDomainDns(
      { ...t.config, dnsServers: ['127.0.0.1:9'], dnsTimeoutMs: 500 },
      'shop.example.com',
      'x.localhost',
      'token',
    );
    expect(r.status).toBe('pending');
  });
});
