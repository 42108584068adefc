import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CACHE_PURGE_MAX_URLS } from '@backroom/contracts';
import { fillDefaults, type ThemeConfig } from '@backroom/theme';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, productVariants } from '../../db/schema/index.js';
import type { PurgeTarget } from '../../lib/page-cache.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { seedDemoThemes } from '../themes/index.js';
import { memoryPageCache, redisPageCache } from './index.js';
import { staleAfterOrder, themeChangeTarget } from './service.js';

/**
 * Clear Cache Urls (issue 18 item 5): purge of chosen URLs or all, validation, a URL of another shop refused, the
 * scope and a foreign shop, the CDN call, automatic purges after a product save, the last purges; the page cache in
 * memory and in Redis (REDIS_TEST_URL, default redis://127.0.0.1:6379; skipped with a printed reason without one).
 */
let t: TestContext;
let cdn: Server;
const cdnBodies: unknown[] = [];
let h: Record<string, string>;
let ordersOnly: Record<string, string>;
let foreign: Record<string, string>;
let shop: { id: string; handle: string };
let other: { id: string; handle: string };

beforeAll(async () => {
  cdn = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      cdnBodies.push(JSON.parse(raw));
      res.end('{}');
    });
  });
  await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
  t = await createTestApp({ cdnPurgeUrl: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge` });
  const u = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, shop.id)).headers;
  const m = await makeUser(t.db);
  await addMember(t.db, shop.id, m.id, ['orders']);
  ordersOnly = (await login(t.app, m.email, m.password, shop.id)).headers;
  const u2 = await makeUser(t.db);
  other = await makeStore(t.db, t.config, { ownerId: u2.id });
  foreign = { ...h, 'x-store-id': other.id };
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((r) => cdn.close(r));
});

const purge = (payload: object, headers = h) => t.app.inject({ method: 'POST', url: '/api/cache/purge', headers, payload });
const host = () => `${shop.handle}.${t.config.storefrontSuffix}`;

describe('POST /api/cache/purge', () => {
  it("purges the shop's chosen URLs (absolute or paths), every theme version, and calls the CDN", async () => {
    const c = t.app.pageCache;
    await c.set(shop.id, '/pages/about', 'v1', '<p>Abuot</p>');
    await c.set(shop.id, '/pages/about', 'v2', '<p>Abuot</p>');
    await c.set(shop.id, '/', 'v2', '<p>home</p>');
    await c.set(other.id, '/pages/about', 'v1', '<p>theirs</p>');
    const res = await purge({ urls: [`http://${host()}/pages/about#team`, '/pages/about'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ urls: ['/pages/about'], all: false, purged: 2, cdn: 'ok', source: 'manual' });
    expect(await c.get(shop.id, '/pages/about', 'v2')).toBeNull();
    expect(await c.get(shop.id, '/', 'v2')).toBe('<p>home</p>');
    expect(await c.get(other.id, '/pages/about', 'v1')).toBe('<p>theirs</p>');
    expect(cdnBodies.at(-1)).toEqual({ urls: [`https://${host()}/pages/about`] });
  });

  it('purges everything of the shop with {all: true}, nothing of another shop', async () => {
    const res = await purge({ all: true });
    expect(res.json()).toMatchObject({ all: true, urls: [], purged: 1 });
    expect(await t.app.pageCache.get(other.id, '/pages/about', 'v1')).toBe('<p>theirs</p>');
    expect(cdnBodies.at(-1)).toEqual({ hosts: [host()], all: true });
  });

  it("refuses another shop's URL and bad bodies, naming the field", async () => {
    const cases: [object, string[]][] = [
      [
        { urls: [`http://${other.handle}.${t.config.storefrontSuffix}/pages/about`] },
        [`urls.0: http://${other.handle}.${t.config.storefrontSuffix}/pages/about is not an address of this shop`],
      ],
      [{ urls: ['/', 'ftp://x.test/a'] }, ['urls.1: ftp://x.test/a is not an address of this shop']],
      [
        { urls: Array.from({ length: CACHE_PURGE_MAX_URLS + 1 }, (_, i) => `/p/${i}`) },
        [`body.urls: at most ${CACHE_PURGE_MAX_URLS} URLs`],
      ],
      [{}, ['body.urls: give either urls or all: true']],
      [{ urls: ['/'], all: true }, ['body.urls: give either urls or all: true']],
      [{ all: false }, ['body.all: all must be true']],
    ];
    for (const [payload, messages] of cases) {
      const res = await purge(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages).toEqual(messages);
    }
  });

  it('refuses a member without `products` (403) and another shop (404)', async () => {
    expect((await purge({ all: true }, ordersOnly)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: ordersOnly })).statusCode).toBe(403);
    expect((await purge({ all: true }, foreign)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: foreign })).statusCode).toBe(404);
  });

  it('purges the product pages on its own after a product save; the list shows the last purges with who asked', async () => {
    await t.app.pageCache.set(shop.id, '/products/tee', 'v1', 'tee');
    await t.app.pageCache.set(shop.id, '/pages/faq', 'v1', 'faq');
    const p = await t.app.inject({ method: 'POST', url: '/api/products', headers: h, payload: { title: 'Tee', variants: [{ price: 5 }] } });
    expect(p.statusCode).toBe(201);
    const lastPurges = () => t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: h });
    await expect.poll(async () => (await lastPurges()).json().purges.length).toBe(3);
    expect(await t.app.pageCache.get(shop.id, '/products/tee', 'v1')).toBeNull();
    expect(await t.app.pageCache.get(shop.id, '/pages/faq', 'v1')).toBe('faq');
    const list = await lastPurges();
    expect(list.json().origin).toBe(`http://${host()}`);
    const purges = list.json().purges as { source: string; createdBy: string | null; urls: string[] }[];
    expect(purges.map((x) => x.source)).toEqual(['product', 'manual', 'manual']);
    expect(purges[0]).toMatchObject({ createdBy: null, urls: ['/', '/products/*', '/collections*', '/search*'] });
    expect(purges[1]!.createdBy).toMatch(/@/);
  });

  it('a catalog write (route flagged purges: catalog) purges the product pages; reads and unflagged writes do not', async () => {
    const count = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: h })).json().purges as unknown[]).length;
    const before = await count();
    await t.app.pageCache.set(shop.id, '/products/kept', 'v1', 'kept');
    await t.app.pageCache.set(shop.id, '/collections', 'v1', 'list');
    for (const url of ['/api/products', '/api/collections', '/api/reviews', '/api/discounts', '/api/size-charts']) {
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode, url).toBe(200);
    }
    const spend = await t.app.inject({
      method: 'POST',
      url: '/api/reports/ad-spend',
      headers: h,
      payload: { date: '2026-03-08', channel: 'facebook', amount: 1 },
    });
    expect(spend.statusCode, spend.body).toBe(201);
    // A refused write (400) purges nothing either.
    expect((await t.app.inject({ method: 'POST', url: '/api/collections', headers: h, payload: {} })).statusCode).toBe(400);
    expect(await t.app.pageCache.get(shop.id, '/products/kept', 'v1')).toBe('kept');
    expect(await count()).toBe(before);
    const made = await t.app.inject({ method: 'POST', url: '/api/collections', headers: h, payload: { title: 'Summer' } });
    expect(made.statusCode, made.body).toBeLessThan(300);
    expect(await t.app.pageCache.get(shop.id, '/products/kept', 'v1')).toBeNull();
    // The collections list shows the new collection too.
    expect(await t.app.pageCache.get(shop.id, '/collections', 'v1')).toBeNull();
    expect(await count()).toBe(before + 1);
  });

  it('a page save purges the pages (/pages/*) only; a menu save purges every page (header and footer)', async () => {
    const lastPurge = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: h })).json().purges as {
          source: string;
          urls: string[];
          all: boolean;
        }[]
      )[0];
    const fill = async () => {
      for (const url of ['/pages/about', '/products/kept', '/']) await t.app.pageCache.set(shop.id, url, 'v1', url);
    };
    const cached = async () =>
      Promise.all(['/pages/about', '/products/kept', '/'].map(async (url) => (await t.app.pageCache.get(shop.id, url, 'v1')) !== null));

    await fill();
    const page = await t.app.inject({ method: 'POST', url: '/api/stores/onlinestore/pages/', headers: h, payload: { title: 'About' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(await cached()).toEqual([false, true, true]);
    expect(await lastPurge()).toMatchObject({ source: 'page', urls: ['/pages/*'] });
    await fill();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/onlinestore/pages/${page.json().id}`,
      headers: h,
      payload: { title: 'About us', bodyHtml: '<p>We started as a small studio.</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await cached()).toEqual([false, true, true]);

    await fill();
    const menu = await t.app.inject({ method: 'POST', url: '/api/stores/onlinestore/menus/', headers: h, payload: { title: 'Footer' } });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(await cached()).toEqual([false, false, false]);
    expect(await lastPurge()).toMatchObject({ source: 'menu', all: true });
  });

  it('a review published by the merchant purges the product pages before the answer (no stale rating after a reload)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: h,
      payload: { title: 'Rated', variants: [{ price: 5 }] },
    });
    const handle = created.json().handle as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/storefront/products/${handle}/reviews`,
      headers: { host: host() },
      payload: { author: 'Erin', email: 'erin@example.test', rating: 4, title: 'Fits', body: 'Soft.' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.app.pageCache.set(shop.id, `/products/${handle}`, 'v1', 'no reviews yet');
    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews?status=pending', headers: h })).json();
    const id = (list.items ?? list.reviews).find((r: { author: string }) => r.author === 'Erin').id as string;
    const pub = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: h, payload: { status: 'published' } });
    expect(pub.statusCode, pub.body).toBe(200);
    // No polling: the purge is done when the answer arrives.
    expect(await t.app.pageCache.get(shop.id, `/products/${handle}`, 'v1')).toBeNull();
  });
});

describe('page cache', () => {
  it('in memory: prefix purges and the oldest page dropped past its size', async () => {
    const c = memoryPageCache(3);
    await c.set('s', '/products/a', 'v', 'a');
    await c.set('s', '/products/b', 'v', 'b');
    await c.set('s', '/pages/x', 'v', 'x');
    await c.set('s', '/', 'v', 'home');
    expect(await c.get('s', '/products/a', 'v')).toBeNull();
    expect(await c.purge('s', ['/products/*'])).toBe(1);
    expect(await c.get('s', '/pages/x', 'v')).toBe('x');
  });

  const REDIS = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
  it('in Redis: shared get/set/purge by shop, URL and version (skipped without a Redis)', async () => {
    const redis = new Redis(REDIS, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: () => null,
      keyPrefix: `test-${process.pid}-${Date.now()}:`,
    });
    redis.on('error', () => {});
    const up = await redis.connect().then(
      () => true,
      () => false,
    );
    if (!up) {
      console.log(`cache.test.ts: Redis page cache not checked, no Redis answers at ${REDIS} (set REDIS_TEST_URL)`);
      return;
    }
    try {
      const c = redisPageCache(redis, t.app.log);
      await c.set('s1', '/products/a', 'v1', 'A1');
      await c.set('s1', '/products/a', 'v2', 'A2');
      await c.set('s1', '/pages/x', 'v1', 'X');
      await c.set('s2', '/products/a', 'v1', 'theirs');
      expect(await c.get('s1', '/products/a', 'v2')).toBe('A2');
      expect(await c.purge('s1', ['/products/*'])).toBe(2);
      expect(await c.get('s1', '/products/a', 'v1')).toBeNull();
      expect(await c.get('s1', '/pages/x', 'v1')).toBe('X');
      expect(await c.purge('s1', 'all')).toBe(1);
      expect(await c.get('s2', '/products/a', 'v1')).toBe('theirs');
      await c.purge('s2', 'all');
    } finally {
      redis.disconnect();
    }
  });
});

describe('pages a storefront order makes stale', () => {
  /** A product with one variant of `qty` in stock (policy deny), and an order of that variant. */
  async function soldOrder(handle: string, qty: number) {
    const [p] = await t.db.insert(products).values({ storeId: shop.id, handle, title: handle }).returning();
    const [v] = await t.db
      .insert(productVariants)
      .values({ storeId: shop.id, productId: p!.id, priceCents: 1000, inventoryQty: qty })
      .returning();
    const [o] = await t.db
      .insert(orders)
      .values({
        storeId: shop.id,
        orderNumber: 1000 + qty,
        orderName: `#${1000 + qty}`,
        grandTotalCents: 1000,
        financialStatus: 'paid',
        lineItems: [{ variantId: v!.id, handle, title: handle, quantity: 1, priceCents: 1000 }],
      })
      .returning();
    return o!.id;
  }

  it("purges the sold product's pages, and the listings too when a sold variant ran out", async () => {
    expect(await staleAfterOrder(t.db, shop.id, await soldOrder('still-in-stock', 3))).toEqual(['/products/still-in-stock*']);
    expect(await staleAfterOrder(t.db, shop.id, await soldOrder('last-one', 0))).toEqual([
      '/products/last-one*',
      '/',
      '/collections*',
      '/search*',
    ]);
    // Another shop's order id names nothing here.
    expect(await staleAfterOrder(t.db, other.id, await soldOrder('theirs-not', 1))).toEqual([]);
  });

  it('a storefront order event purges those pages from the page cache', async () => {
    const orderId = await soldOrder('evented', 2);
    await t.app.pageCache.set(shop.id, '/products/evented', 'v1', 'kept');
    await t.app.pageCache.set(shop.id, '/products/evented?variant=1', 'v1', 'kept');
    await t.app.pageCache.set(shop.id, '/', 'v1', 'home');
    t.app.shopEvents.emit({ type: 'order.created', storeId: shop.id, orderId });
    await expect.poll(() => t.app.pageCache.get(shop.id, '/products/evented', 'v1')).toBeNull();
    expect(await t.app.pageCache.get(shop.id, '/products/evented?variant=1', 'v1')).toBeNull();
    expect(await t.app.pageCache.get(shop.id, '/', 'v1')).toBe('home');
  });
});

describe('theme saves purge what they change', () => {
  const base = (): ThemeConfig => fillDefaults({}, 'newchick');
  /** Sets a key on any part of a config (a change the type does not know is still a change). */
  const put = (o: object, k: string, v: unknown) => {
    (o as Record<string, unknown>)[k] = v;
  };
  const flip = (c: ThemeConfig) =>
    put(c.settings.product.layout, 'sale_type', c.settings.product.layout.sale_type === 'percent' ? 'amount' : 'percent');
  const cases: [string, (c: ThemeConfig) => void, PurgeTarget][] = [
    ['nothing', () => undefined, []],
    [
      'a home-page section',
      (c) => put(c.pages.homepage, 'sections', [{ type: 'head-image', key: 'head-image-x1', index: 0, settings: {} }]),
      ['/'],
    ],
    ['a product page setting', (c) => put(c.settings.product, 'hideReviewSizes', !c.settings.product.hideReviewSizes), ['/products/*']],
    ['the sale tag wording (every price line)', flip, ['/products/*', '/', '/collections*', '/search*']],
    ['a category setting', (c) => put(c.settings.category, 'zz', 1), ['/collections*']],
    ['a cart setting (the cart is never cached)', (c) => put(c.settings.cart, 'zz', 1), []],
    ['the header', (c) => put(c.pages.fixed.header.settings, 'zz', 1), 'all'],
    ['the colours', (c) => put(c.settings.colors, 'zz', '#000000'), 'all'],
    ['checkout (its script runs on every page)', (c) => put(c.settings.checkout, 'zz', 1), 'all'],
    ['a part it does not know', (c) => put(c, 'extra', 1), 'all'],
  ];
  it.each(cases)('changing %s purges only what it drives', (_what, change, target) => {
    const after = structuredClone(base());
    change(after);
    expect(themeChangeTarget(base(), after)).toEqual(target);
  });

  it('saving a theme that is not published purges nothing; saving the published one purges only the pages it changes', async () => {
    const u = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: u.id });
    await seedDemoThemes(t.db, s);
    const hh = (await login(t.app, u.email, u.password, s.id)).headers;
    const themes = (await t.app.inject({ method: 'GET', url: '/api/themes', headers: hh })).json().themes as {
      id: string;
      published: boolean;
    }[];
    const live = themes.find((x) => x.published) ?? themes[0]!;
    if (!live.published) await t.app.inject({ method: 'POST', url: `/api/themes/${live.id}/publish`, headers: hh });
    const draft = themes.find((x) => x.id !== live.id)!;
    const purges = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/cache/purges', headers: hh })).json().purges as {
        urls: string[];
        all: boolean;
        source: string;
      }[];
    const PAGES = ['/', '/products/tee', '/collections/all', '/pages/faq'];
    const fill = async () => {
      for (const p of PAGES) await t.app.pageCache.set(s.id, p, 'v1', p);
    };
    const cached = async () => {
      const out: string[] = [];
      for (const p of PAGES) if (await t.app.pageCache.get(s.id, p, 'v1')) out.push(p);
      return out;
    };
    const saveWith = async (themeId: string, change: (c: ThemeConfig) => void) => {
      const [cur] = (await t.app.inject({ method: 'GET', url: `/api/themes/${themeId}/config`, headers: hh })).json() as (ThemeConfig & {
        id: string;
        version: number;
        themeId: string;
      })[];
      const { id, version, themeId: _t, ...config } = cur!;
      change(config);
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/themes/${themeId}/config/${id}`,
        headers: hh,
        payload: { config, version },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    const before = (await purges()).length;
    await fill();
    await saveWith(draft.id, (c) => put(c.settings.colors, 'color_price', '#123456'));
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/themes/${live.id}`, headers: hh, payload: { name: 'Renamed' } })).statusCode,
    ).toBe(200);
    expect(await cached()).toEqual(PAGES);
    expect((await purges()).length).toBe(before);
    // The published theme: a product page setting purges the product pages only.
    await saveWith(live.id, (c) => put(c.settings.product, 'hideReviewSizes', !c.settings.product.hideReviewSizes));
    expect(await cached()).toEqual(['/', '/collections/all', '/pages/faq']);
    expect((await purges())[0]).toMatchObject({ source: 'theme', all: false, urls: ['/products/*'] });
    // A global setting purges the whole shop.
    await fill();
    await saveWith(live.id, (c) => put(c.settings.colors, 'color_price', '#654321'));
    expect(await cached()).toEqual([]);
    expect((await purges())[0]).toMatchObject({ source: 'theme', all: true });
  });
});
