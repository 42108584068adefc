import { eq } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, storePreferences, stores } from '../apps/server/src/db/schema/index.js';
import { type CapiStub, startCapiStub } from '../apps/server/src/modules/pixels/capi-stub.js';
import { DEMO_OWNER, newShopperPage, seriousA11yViolations, useServerAndBrowser } from './harness';

/**
 * Ad pixels on the storefront (issue 17 item 6): the demo-home shop has a Meta pixel (with a Conversions API token),
 * a TikTok pixel and a GA4 measurement ID with a Google Ads conversion. A shopper goes home → product → add to cart →
 * checkout → order, and PageView, ViewContent, AddToCart, InitiateCheckout and Purchase fire on each network with the
 * order's value and currency; the browser's Purchase and the server's Conversions API event share one event_id.
 * Every request to a network is intercepted by Playwright routing: the tags are tiny fakes that POST each call to the
 * network's collection endpoint (so the page's CSP has to allow it), recorded here; anything else off the machine is
 * aborted. With the cookie banner on, nothing loads nor fires before "Accept". A shop without pixels gets neither
 * the pixel chunk nor wider CSP origins.
 */
const e2e = useServerAndBrowser({ demoOrders: 40 });
let capi: CapiStub;
const SHOP = 'demo-home';
const META_ID = '123456789012345';
const TIKTOK_ID = 'C1234567890ABCDEFGHI';
const GA4_ID = 'G-ABC1234';

/** One call a fake tag sent to its network's endpoint: the network and the call's arguments. */
interface Hit {
  network: 'meta' | 'tiktok' | 'google';
  args: unknown[];
}

const post = (url: string, body: string) =>
  `fetch(${JSON.stringify(url)}, { method: 'POST', body: ${body}, keepalive: true }).catch(function () {});`;
/** Tiny stand-ins of fbevents.js, TikTok's events.js and gtag.js: they take the base code's queue over. */
const FAKE_TAGS = {
  meta: `(function () {
    var f = window.fbq;
    function send(a) { ${post('https://www.facebook.com/tr/', 'JSON.stringify(Array.prototype.slice.call(a))')} }
    f.callMethod = function () { send(arguments); };
    f.queue.splice(0).forEach(send);
  })();`,
  tiktok: `(function () {
    var q = window.ttq;
    function send(a) { ${post('https://analytics.tiktok.com/api/v2/pixel', 'JSON.stringify(a)')} }
    var queued = q.splice(0, q.length);
    q.page = function () { send(['page']); };
    q.track = function () { send(['track'].concat(Array.prototype.slice.call(arguments))); };
    queued.forEach(send);
  })();`,
  google: `(function () {
    var dl = window.dataLayer;
    function send(a) { ${post('https://www.google-analytics.com/g/collect', 'JSON.stringify(Array.prototype.slice.call(a))')} }
    dl.forEach(send);
    dl.push = function (a) { send(a); return Array.prototype.push.call(dl, a); };
  })();`,
};
const ENDPOINTS: [string, Hit['network']][] = [
  ['https://www.facebook.com/tr/', 'meta'],
  ['https://analytics.tiktok.com/api/v2/pixel', 'tiktok'],
  ['https://www.google-analytics.com/g/collect', 'google'],
];

/**
 * Routes every request of `context` that leaves the machine: the three tags get their fakes, the three endpoints are
 * recorded into the answered list, anything else is aborted. Local requests (the app) go through.
 */
async function interceptNetworks(context: BrowserContext): Promise<{ hits: Hit[]; tags: string[] }> {
  const hits: Hit[] = [];
  const tags: string[] = [];
  await context.route(
    (url) => !/^(localhost|127\.0\.0\.1|.*\.localhost)$/.test(url.hostname),
    async (route) => {
      const url = route.request().url();
      const tag = url.startsWith('https://connect.facebook.net/en_US/fbevents.js')
        ? 'meta'
        : url.startsWith('https://analytics.tiktok.com/i18n/pixel/events.js')
          ? 'tiktok'
          : url.startsWith('https://www.googletagmanager.com/gtag/js')
            ? 'google'
            : null;
      if (tag) {
        tags.push(url);
        return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_TAGS[tag] });
      }
      const endpoint = ENDPOINTS.find(([prefix]) => url.startsWith(prefix));
      if (endpoint) {
        hits.push({ network: endpoint[1], args: JSON.parse(route.request().postData() ?? '[]') as unknown[] });
        return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
      }
      return route.abort();
    },
  );
  return { hits, tags };
}

/** The Meta `track` calls recorded, as [event name, data, options]. */
const metaTracks = (hits: Hit[]) =>
  hits
    .filter((h) => h.network === 'meta' && h.args[0] === 'track')
    .map((h) => h.args.slice(1) as [string, Record<string, unknown>, { eventID: string }]);
const tiktokCalls = (hits: Hit[]) => hits.filter((h) => h.network === 'tiktok').map((h) => h.args);
const googleEvents = (hits: Hit[]) =>
  hits.filter((h) => h.network === 'google' && h.args[0] === 'event').map((h) => h.args.slice(1) as [string, Record<string, unknown>]);

let storeId: string;
let token: string;

beforeAll(async () => {
  capi = await startCapiStub();
  // The job reads the endpoint when it runs: this server's Conversions API goes to the local stub.
  e2e.server.app.config.metaCapi.url = capi.url;
  const [store] = await e2e.server.db.select().from(stores).where(eq(stores.handle, SHOP));
  storeId = store!.id;
  const login = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OWNER),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
  for (const body of [
    { network: 'meta', pixelId: META_ID, accessToken: 'EAAB-e2e-token-0123456789' },
    { network: 'tiktok', pixelId: TIKTOK_ID },
    { network: 'google', pixelId: GA4_ID, adsConversionId: 'AW-123456789', adsConversionLabel: 'buy_1' },
  ]) {
    const r = await fetch(`${e2e.server.url}/api/pixels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-store-id': storeId },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(201);
  }
});
afterAll(async () => {
  await capi?.close();
});

/** Goes home → first product (in-app) → Add to cart → checkout → Place order; answers the product page's price. */
async function buy(page: Page): Promise<void> {
  await page.locator('a[href^="/products/"]').first().click();
  await page.waitForURL(/\/products\//);
  await page.getByRole('button', { name: 'Add to cart' }).filter({ visible: true }).first().click();
  if (!/\/(cart|checkout)$/.test(new URL(page.url()).pathname)) await page.goto(`${e2e.server.storefront(SHOP)}/cart`);
  if (new URL(page.url()).pathname === '/cart') await page.getByRole('link', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel('Email').fill('pia.pixel@example.test');
  await page.getByLabel('First name').fill('Pia');
  await page.getByLabel('Last name').fill('Pixel');
  await page.getByLabel('Address').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  for (let i = 0; i < 3; i++) {
    const cont = page.getByRole('button', { name: /^Continue to/ });
    if (!(await cont.isVisible().catch(() => false))) break;
    await cont.click();
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/thank-you\//);
}

describe('ad pixels on the storefront (issue 17 item 6)', () => {
  it('fires PageView … Purchase on Meta, TikTok and Google with the order’s value, deduplicated with the server’s Purchase', async () => {
    const { context, page } = await newShopperPage(e2e.browser);
    const { hits, tags } = await interceptNetworks(context);
    const res = await page.goto(e2e.server.storefront(SHOP));
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("connect-src 'self' https://connect.facebook.net https://www.facebook.com https://analytics.tiktok.com");
    expect(csp).toContain('https://*.google-analytics.com');
    expect(csp).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic' 'self' https:\/\/connect\.facebook\.net https:\/\/analytics\.tiktok\.com https:\/\/www\.googletagmanager\.com;/,
    );
    // The first paint carries no tag: the page's HTML has none, they come from the pixel chunk afterwards.
    expect(await res!.text()).not.toContain('fbevents.js');
    await expect.poll(() => metaTracks(hits).map((t) => t[0])).toEqual(['PageView']);
    expect(tags.sort()).toEqual([
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C1234567890ABCDEFGHI&lib=ttq',
      'https://connect.facebook.net/en_US/fbevents.js',
      `https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`,
    ]);
    expect(hits.find((h) => h.network === 'meta')!.args).toEqual(['init', META_ID]);

    await buy(page);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const [order] = await e2e.server.db.select().from(orders).where(eq(orders.id, orderId));
    const value = order!.grandTotalCents / 100;
    const lines = order!.lineItems as { variantId: string; quantity: number; priceCents: number }[];
    const eventId = `purchase.${orderId}`;

    // Meta: the five standard events in order (a PageView per in-app page), each with its own event id.
    await expect.poll(() => metaTracks(hits).some((t) => t[0] === 'Purchase')).toBe(true);
    const meta = metaTracks(hits);
    expect(meta.map((t) => t[0]).filter((n) => n !== 'PageView')).toEqual(['ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase']);
    // A PageView for home, the product, the checkout (and the cart on the way) and the thank-you page.
    expect(meta.filter((t) => t[0] === 'PageView').length).toBeGreaterThanOrEqual(4);
    const ids = meta.map((t) => t[2].eventID);
    expect(new Set(ids).size).toBe(ids.length);
    const added = meta.find((t) => t[0] === 'AddToCart')!;
    expect(added[1]).toMatchObject({ currency: 'USD', content_ids: [lines[0]!.variantId], value: lines[0]!.priceCents / 100 });
    const initiated = meta.find((t) => t[0] === 'InitiateCheckout')!;
    expect(initiated[1]).toMatchObject({ currency: 'USD', value: order!.subtotalCents / 100, content_ids: lines.map((l) => l.variantId) });
    const bought = meta.find((t) => t[0] === 'Purchase')!;
    expect(bought[1]).toMatchObject({
      value,
      currency: order!.currency,
      content_ids: lines.map((l) => l.variantId),
      content_type: 'product',
    });
    expect(bought[2]).toEqual({ eventID: eventId });

    // TikTok: page views and the same events with the order's value and event id.
    await expect.poll(() => tiktokCalls(hits).some((c) => c[1] === 'Purchase')).toBe(true);
    const tiktok = tiktokCalls(hits);
    expect(tiktok[0]).toEqual(['page']);
    expect(tiktok.filter((c) => c[0] === 'track').map((c) => c[1])).toEqual(['ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase']);
    expect(tiktok.find((c) => c[1] === 'Purchase')!.slice(2)).toEqual([
      {
        value,
        currency: order!.currency,
        content_type: 'product',
        contents: lines.map((l) => ({ content_id: l.variantId, quantity: l.quantity, price: l.priceCents / 100 })),
      },
      { event_id: eventId },
    ]);

    // Google: GA4 events and the Ads conversion with the order as transaction.
    await expect.poll(() => googleEvents(hits).some((g) => g[0] === 'conversion')).toBe(true);
    const google = googleEvents(hits);
    expect(google.map((g) => g[0]).filter((n) => n !== 'page_view')).toEqual([
      'view_item',
      'add_to_cart',
      'begin_checkout',
      'purchase',
      'conversion',
    ]);
    expect(google.find((g) => g[0] === 'purchase')![1]).toMatchObject({
      value,
      currency: 'USD',
      transaction_id: orderId,
      send_to: [GA4_ID],
    });
    expect(google.find((g) => g[0] === 'conversion')![1]).toEqual({
      send_to: 'AW-123456789/buy_1',
      value,
      currency: 'USD',
      transaction_id: orderId,
    });

    // The server's Purchase (Conversions API job) carries the same event_id and value, so Meta counts it once.
    const server = await capi.waitFor((c) => c.body.data?.[0]?.event_id === eventId);
    expect(server.path).toBe(`/v25.0/${META_ID}/events`);
    expect(server.body.data[0]).toMatchObject({ event_name: 'Purchase', custom_data: { value, currency: 'USD' } });
    await context.close();
  });

  it('with the cookie banner on, loads and fires nothing before Accept, then releases the held events', async () => {
    await e2e.server.db.update(storePreferences).set({ cookieConsentBanner: true }).where(eq(storePreferences.storeId, storeId));
    const { context, page } = await newShopperPage(e2e.browser);
    const { hits, tags } = await interceptNetworks(context);
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(r.url()));
    await page.goto(e2e.server.storefront(SHOP));
    // The banner comes from the pixel chunk, at the moment the tags would otherwise be installed.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('a[href^="/products/"]').first().click();
    await page.waitForURL(/\/products\//);
    await page.getByRole('heading', { level: 1 }).filter({ visible: true }).first().waitFor();
    expect(hits).toEqual([]);
    expect(tags).toEqual([]);
    expect(requests.filter((u) => !new URL(u).hostname.endsWith('localhost'))).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => metaTracks(hits).map((t) => t[0])).toEqual(['PageView', 'PageView', 'ViewContent']);
    await expect.poll(() => banner.count()).toBe(0);
    // Remembered: the next page asks nothing and fires at once.
    await page.reload();
    await expect.poll(() => metaTracks(hits).filter((t) => t[0] === 'ViewContent').length).toBe(2);
    await expect.poll(() => page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    await context.close();
  });

  it('a shop without pixels loads no pixel chunk and keeps its CSP closed', async () => {
    const { context, page } = await newShopperPage(e2e.browser);
    const { tags } = await interceptNetworks(context);
    const scripts: string[] = [];
    page.on('request', (r: Request) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const res = await page.goto(e2e.server.storefront('demo'));
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('facebook');
    expect(await res!.text()).not.toContain('sf-pixels');
    await page.waitForFunction(() => document.documentElement.dataset.sfReady !== undefined);
    await page.waitForLoadState('load');
    expect(scripts.filter((u) => u.includes('pixels-loader'))).toEqual([]);
    expect(tags).toEqual([]);
    await context.close();
  });
});
