import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyConfig } from '@backroom/theme';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionProducts,
  collections,
  customers,
  domains,
  menus,
  orders,
  pages,
  personalizes,
  productImages,
  products,
  productVariants,
  storefrontEvents,
  themeConfigs,
  themes,
} from '../../db/schema/index.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { afterFirstPaint, withNonce } from './plugin.js';
import { EVENTS_LIMIT_PER_IP } from './routes.js';

const dist = mkdtempSync(join(tmpdir(), 'sf-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');

let t: TestContext;
let shop: { id: string; handle: string };
let other: { id: string; handle: string };
let host: string;
const ids = { shirt: '', shirtS: '', shirtM: '', hidden: '', hiddenV: '', foreignV: '', col: '' };

async function product(storeId: string, handle: string, title: string, prices: number[], published = true) {
  const [p] = await t.db
    .insert(products)
    .values({ storeId, handle, title, published, bodyHtml: '<p>Soft</p><script>alert(1)</script>' })
    .returning();
  const vs = await t.db
    .insert(productVariants)
    .values(
      prices.map((priceCents, i) => ({
        storeId,
        productId: p!.id,
        position: i + 1,
        option1: `S${i}`,
        priceCents,
        compareAtPriceCents: priceCents + 500,
        inventoryQty: 1000,
      })),
    )
    .returning();
  await t.db.insert(productImages).values({ storeId, productId: p!.id, src: `/uploads/${handle}.jpg`, position: 1 });
  return { p: p!, vs };
}

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Shop <One>' });
  other = await makeStore(t.db, t.config, { ownerId: owner.id });
  host = `${shop.handle}.localhost:3000`;
  const shirt = await product(shop.id, 'shirt', 'Linen Shirt', [2500, 3000]);
  ids.shirt = shirt.p.id;
  ids.shirtS = shirt.vs[0]!.id;
  ids.shirtM = shirt.vs[1]!.id;
  const hidden = await product(shop.id, 'hidden', 'Hidden Hat', [900], false);
  ids.hidden = hidden.p.id;
  ids.hiddenV = hidden.vs[0]!.id;
  await product(shop.id, 'sock', 'Wool Sock', [500]);
  const foreign = await product(other.id, 'shirt', 'Other Shirt', [100]);
  ids.foreignV = foreign.vs[0]!.id;
  const [c] = await t.db.insert(collections).values({ storeId: shop.id, handle: 'tops', title: 'Tops' }).returning();
  ids.col = c!.id;
  await t.db.insert(collectionProducts).values([
    { collectionId: c!.id, productId: ids.shirt, position: 1 },
    { collectionId: c!.id, productId: ids.hidden, position: 2 },
  ]);
});
afterAll(async () => t?.close());

const get = (url: string, h = host) => t.app.inject({ method: 'GET', url, headers: { host: h } });
const post = (url: string, payload: unknown, h = host, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { host: h }, remoteAddress: ip });

describe('host routing (DESIGN.md "One process, three faces")', () => {
  it('serves the public API on the shop host and 404 on the admin host', async () => {
    const r = await get('/api/storefront/shop');
    expect(r.statusCode).toBe(200);
    expect(r.json().shop).toMatchObject({ id: shop.id, handle: shop.handle, domain: `${shop.handle}.localhost` });
    expect(r.json().adminOrigin).toBe(t.config.adminOrigin);
    for (const h of ['localhost:3000', '127.0.0.1:3000', 'localhost']) expect((await get('/api/storefront/shop', h)).statusCode).toBe(404);
  });

  it('answers 404 for admin paths on a shop host', async () => {
    for (const p of ['/admin', '/admin/orders', '/auth/login', '/api/health', '/api/auth/login', '/api/docs']) {
      expect((await get(p)).statusCode, p).toBe(404);
    }
    const login = await post('/api/auth/login', { email: 'a@b.c', password: 'x' });
    expect(login.statusCode).toBe(404);
  });

  it('answers 404 on {x}.localhost when no shop has that handle, and routes a custom domain row', async () => {
    expect((await get('/', 'nope-shop.localhost:3000')).statusCode).toBe(404);
    expect((await get('/api/storefront/shop', 'nope-shop.localhost:3000')).statusCode).toBe(404);
    await t.db.insert(domains).values({ storeId: other.id, host: 'shop.example.com', domainType: 'Custom' });
    const r = await get('/api/storefront/shop', 'shop.example.com');
    expect(r.statusCode).toBe(200);
    expect(r.json().shop.id).toBe(other.id);
  });

  it('serves index.html with the bootstrap for any page path, and frames only from the admin origin', async () => {
    const r = await get('/products/shirt?preview=1');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['x-frame-options']).toBeUndefined();
    expect(r.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${t.config.adminOrigin}`);
    const previewCsp = String(r.headers['content-security-policy']);
    expect(previewCsp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}';/);
    expect(r.body).toContain('<title>Shop &#60;One&#62;</title>');
    const m = /<script id="sf-bootstrap" type="application\/json">(.*?)<\/script>/.exec(r.body);
    expect(m).not.toBeNull();
    expect(m![1]).not.toContain('<');
    expect(JSON.parse(m![1]!).shop.name).toBe('Shop <One>');
    const pub = await get('/');
    expect(pub.statusCode).toBe(200);
    const csp = String(pub.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic' 'self';/.exec(csp)?.[1];
    expect(nonce, csp).toBeDefined();
    expect(csp).not.toMatch(/script-src[^;]*https:/);
    expect(pub.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    const again = await get('/');
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it('allows no blanket https: scripts (issue 14 item 5): only the page nonce, and no script at all elsewhere', async () => {
    writeFileSync(join(dist, 'nonce.html'), '<!doctype html><svg><script href="https://evil.example/x.js"></script></svg>');
    const built =
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-2.js"><link rel="stylesheet" href="/assets/index-3.css"></head><body></body></html>';
    expect(withNonce(built, 'N0nce')).toBe(
      '<html><head><script nonce="N0nce" type="module" crossorigin src="/assets/index-1.js"></script><link nonce="N0nce" rel="modulepreload" crossorigin href="/assets/vendor-2.js"><link rel="stylesheet" href="/assets/index-3.css"><meta property="csp-nonce" nonce="N0nce"></head><body></body></html>',
    );
    // A server-rendered page's script is added by an inline loader once the page has painted (afterFirstPaint); the
    // loader carries the page nonce like any script of the page.
    const deferred = afterFirstPaint(built);
    expect(deferred).toBe(
      '<html><head><link rel="stylesheet" href="/assets/index-3.css"><script type="module">{const go=()=>{for(const h of ["/assets/vendor-2.js"]){' +
        "const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)}const s=document.createElement('script');" +
        's.type=\'module\';s.src="/assets/index-1.js";document.head.append(s)};let gone=false;const once=()=>{if(!gone){gone=true;go()}};' +
        "if(document.visibilityState==='hidden')once();else{const later=()=>requestAnimationFrame(()=>setTimeout(once));" +
        "document.readyState==='complete'?later():addEventListener('load',later,{once:true});setTimeout(once,2500)}}</script></head><body></body></html>",
    );
    expect(withNonce(deferred, 'N0nce')).toContain('<script nonce="N0nce" type="module">{const go=');
    expect(afterFirstPaint('<html><head></head><body></body></html>')).toBe('<html><head></head><body></body></html>');
    for (const path of ['/assets/app-abc.js', '/api/storefront/shop', '/uploads/x.svg', '/nonce.html']) {
      const csp = String((await get(path)).headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'none'");
    }
  });

  it('serves built assets from the dist folder and 404 for a missing file', async () => {
    const a = await get('/assets/app-abc.js');
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toContain('immutable');
    expect(a.body).toBe('console.log(1)');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/assets/../../etc/passwd.txt')).statusCode).toBe(404);
  });

  it('keeps the admin host free of the storefront', async () => {
    const r = await get('/', 'localhost:3000');
    expect(r.body).not.toContain('sf-bootstrap');
    expect(r.headers['x-frame-options']).toBeDefined();
  });
});

describe('public catalog: only what a shopper may see', () => {
  it('lists published products of this shop only, cheapest variant priced', async () => {
    const r = await get('/api/storefront/products');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.total).toBe(2);
    expect(body.products.map((p: { handle: string }) => p.handle).sort()).toEqual(['shirt', 'sock']);
    const shirt = body.products.find((p: { handle: string }) => p.handle === 'shirt');
    expect(shirt).toMatchObject({ priceCents: 2500, compareAtPriceCents: 3000, variantId: ids.shirtS, imageSrc: '/uploads/shirt.jpg' });
  });

  it('filters by collection, search and pages', async () => {
    const c = (await get('/api/storefront/products?collection=tops')).json();
    expect(c.products.map((p: { handle: string }) => p.handle)).toEqual(['shirt']);
    expect((await get('/api/storefront/products?collection=nope')).statusCode).toBe(404);
    const s = (await get('/api/storefront/products?search=wool')).json();
    expect(s.products.map((p: { handle: string }) => p.handle)).toEqual(['sock']);
    const p2 = (await get('/api/storefront/products?limit=1&page=2&sort=price-asc')).json();
    expect(p2.products.map((p: { handle: string }) => p.handle)).toEqual(['shirt']);
    const byId = (await get(`/api/storefront/products?ids=${ids.shirt},${ids.hidden}`)).json();
    expect(byId.products.map((p: { handle: string }) => p.handle)).toEqual(['shirt']);
    expect((await get('/api/storefront/products?ids=nope')).statusCode).toBe(400);
    const bad = await get('/api/storefront/products?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toContain('limit');
  });

  it('shows a published product with sanitised HTML, hides unpublished and foreign ones', async () => {
    const r = await get('/api/storefront/products/shirt');
    expect(r.statusCode).toBe(200);
    expect(r.json().title).toBe('Linen Shirt');
    expect(r.json().bodyHtml).toBe('<p>Soft</p>');
    expect(r.json().variants.map((v: { title: string }) => v.title)).toEqual(['S0', 'S1']);
    expect(r.json().collections).toEqual([{ handle: 'tops', title: 'Tops' }]);
    expect((await get('/api/storefront/products/hidden')).statusCode).toBe(404);
    const otherHost = `${other.handle}.localhost`;
    expect((await get('/api/storefront/products/shirt', otherHost)).json().title).toBe('Other Shirt');
  });

  it("marks a variant available unless it is out of stock under the 'deny' policy (the product page's Sold out)", async () => {
    const cap = await product(other.id, 'cap', 'Cap', [900, 900, 900]);
    const set = (i: number, inventoryQty: number, inventoryPolicy: 'deny' | 'continue') =>
      t.db.update(productVariants).set({ inventoryQty, inventoryPolicy }).where(eq(productVariants.id, cap.vs[i]!.id));
    await set(0, 0, 'deny');
    await set(1, 0, 'continue');
    await set(2, 2, 'deny');
    const r = await get('/api/storefront/products/cap', `${other.handle}.localhost`);
    expect(r.json().variants.map((v: { available: boolean }) => v.available)).toEqual([false, true, true]);
  });

  it('counts only published products in a collection', async () => {
    const r = await get('/api/storefront/collections/tops');
    expect(r.json()).toMatchObject({ handle: 'tops', title: 'Tops', productsCount: 1, imageSrc: '/uploads/shirt.jpg' });
    const list = (await get('/api/storefront/collections?search=top')).json();
    expect(list.total).toBe(1);
    expect((await get('/api/storefront/collections/nope')).statusCode).toBe(404);
  });
});

describe('events (issue 5 item 5)', () => {
  it('stores a batch for the Host shop only', async () => {
    const r = await post('/api/storefront/events', [
      { type: 'view_store', visitorSessionId: 'visitor-aaaa-1' },
      { type: 'add_to_cart', visitorSessionId: 'visitor-aaaa-1', occurredAt: new Date(Date.now() - 60_000).toISOString() },
    ]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ accepted: 2 });
    const mine = await t.db.select().from(storefrontEvents).where(eq(storefrontEvents.visitorSessionId, 'visitor-aaaa-1'));
    expect(mine.map((e) => [e.storeId, e.type]).sort()).toEqual([
      [shop.id, 'add_to_cart'],
      [shop.id, 'view_store'],
    ]);
  });

  it('rejects purchased, bad session ids, old timestamps, empty batches and the admin host', async () => {
    const bad = await post('/api/storefront/events', [{ type: 'purchased', visitorSessionId: 'visitor-aaaa-1' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/^body\.0\.type/);
    expect((await post('/api/storefront/events', [{ type: 'view_store', visitorSessionId: 'x' }])).statusCode).toBe(400);
    const old = await post('/api/storefront/events', [
      { type: 'view_store', visitorSessionId: 'visitor-aaaa-2', occurredAt: new Date(Date.now() - 25 * 3600_000).toISOString() },
    ]);
    expect(old.statusCode).toBe(400);
    expect(old.json().messages).toEqual(['body.0.occurredAt: must be within the last 24 hours']);
    expect((await post('/api/storefront/events', [])).statusCode).toBe(400);
    expect(
      (await post('/api/storefront/events', [{ type: 'view_store', visitorSessionId: 'visitor-aaaa-3' }], 'localhost:3000')).statusCode,
    ).toBe(404);
  });

  it('rate-limits per IP', async () => {
    const ev = [{ type: 'view_store', visitorSessionId: 'visitor-rate-1' }];
    for (let i = 0; i < EVENTS_LIMIT_PER_IP.points; i++) {
      expect((await post('/api/storefront/events', ev, host, '10.9.9.9')).statusCode).toBe(200);
    }
    const r = await post('/api/storefront/events', ev, host, '10.9.9.9');
    expect(r.statusCode).toBe(429);
    expect((await post('/api/storefront/events', ev, host, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('test-mode checkout (issue 5 item 5)', () => {
  const customer = {
    email: 'Ann@Example.test',
    firstName: 'Ann',
    lastName: 'Lee',
    address1: '1 Main St',
    city: 'Austin',
    zip: '78701',
    country: 'US',
  };

  it('creates a paid order priced from the database and a purchased event', async () => {
    const r = await post('/api/storefront/checkout', {
      lines: [
        { variantId: ids.shirtM, quantity: 2, priceCents: 1 },
        { variantId: ids.shirtS, quantity: 1 },
      ],
      customer,
      note: 'Gift wrap',
      visitorSessionId: 'visitor-buy-1',
    });
    expect(r.statusCode).toBe(200);
    const o = r.json();
    expect(o).toMatchObject({
      orderNumber: 1001,
      orderName: '#1001',
      subtotalCents: 8500,
      shippingCents: 0,
      grandTotalCents: 8500,
      financialStatus: 'paid',
      paymentName: 'Test gateway',
      customer: { name: 'Ann Lee', email: 'ann@example.test' },
      shippingAddress: '1 Main St, 78701 Austin, US',
      note: 'Gift wrap',
    });
    expect(
      o.lines.map((l: { variantTitle: string; quantity: number; priceCents: number }) => [l.variantTitle, l.quantity, l.priceCents]),
    ).toEqual([
      ['S1', 2, 3000],
      ['S0', 1, 2500],
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({
      storeId: shop.id,
      financialStatus: 'paid',
      fulfillmentStatus: 'unfulfilled',
      paymentName: 'Test gateway',
      paymentSource: { card: { type: 'visa' } },
      sourceName: 'online_store',
      visitorSessionId: 'visitor-buy-1',
    });
    expect(row!.capturedDate).toBeInstanceOf(Date);
    const ev = await t.db
      .select()
      .from(storefrontEvents)
      .where(and(eq(storefrontEvents.visitorSessionId, 'visitor-buy-1'), eq(storefrontEvents.type, 'purchased')));
    expect(ev).toHaveLength(1);
    const cs = await t.db.select().from(customers).where(eq(customers.storeId, shop.id));
    expect(cs.map((c) => c.email)).toEqual(['ann@example.test']);
  });

  it('numbers orders per store, reuses the customer, and reloads the thank-you page by token only', async () => {
    const r = await post('/api/storefront/checkout', {
      lines: [{ variantId: ids.shirtS, quantity: 1 }],
      customer,
      visitorSessionId: 'visitor-buy-2',
    });
    expect(r.json().orderName).toBe('#1002');
    expect(await t.db.select().from(customers).where(eq(customers.storeId, shop.id))).toHaveLength(1);
    const { id, token } = r.json();
    const ok = await get(`/api/storefront/orders/${id}?token=${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().orderName).toBe('#1002');
    expect((await get(`/api/storefront/orders/${id}?token=${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await get(`/api/storefront/orders/${id}?token=${token}`, `${other.handle}.localhost`)).statusCode).toBe(404);
  });

  it('refuses variants of another store or of unpublished products, and bad input, with nothing written', async () => {
    const before = (await t.db.select().from(orders)).length;
    const foreign = await post('/api/storefront/checkout', {
      lines: [{ variantId: ids.foreignV, quantity: 1 }],
      customer,
      visitorSessionId: 'visitor-buy-3',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages).toEqual(['lines.0.variantId: not a product of this store']);
    const hidden = await post('/api/storefront/checkout', {
      lines: [
        { variantId: ids.shirtS, quantity: 1 },
        { variantId: ids.hiddenV, quantity: 1 },
      ],
      customer,
      visitorSessionId: 'visitor-buy-3',
    });
    expect(hidden.json().messages).toEqual(['lines.1.variantId: not a product of this store']);
    const qty = await post('/api/storefront/checkout', {
      lines: [{ variantId: ids.shirtS, quantity: 100 }],
      customer,
      visitorSessionId: 'visitor-buy-3',
    });
    expect(qty.statusCode).toBe(400);
    expect(qty.json().messages[0]).toMatch(/^body\.lines\.0\.quantity/);
    const email = await post('/api/storefront/checkout', {
      lines: [{ variantId: ids.shirtS, quantity: 1 }],
      customer: { ...customer, email: 'nope' },
      visitorSessionId: 'visitor-buy-3',
    });
    expect(email.json().messages[0]).toMatch(/^body\.customer\.email/);
    expect((await t.db.select().from(orders)).length).toBe(before);
    const purchased = await t.db.select().from(storefrontEvents).where(eq(storefrontEvents.visitorSessionId, 'visitor-buy-3'));
    expect(purchased).toHaveLength(0);
  });

  it('keeps order numbers unique under concurrent checkouts', async () => {
    const rs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(
          '/api/storefront/checkout',
          { lines: [{ variantId: ids.shirtS, quantity: 1 }], customer, visitorSessionId: `visitor-par-${i}x` },
          host,
          `10.1.1.${i}`,
        ),
      ),
    );
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const nums = rs.map((r) => r.json().orderNumber).sort();
    expect(new Set(nums).size).toBe(5);
  });
});

describe('published theme, menus and pages in the bootstrap', () => {
  it('inlines the published theme filled with defaults, sanitised, without customJs; serves customJs on its own', async () => {
    const cfg = emptyConfig('newchick', ['product-review']);
    const review = cfg.pages.homepage.sections[0]!;
    (review.settings as { body_html: string }).body_html = '<p>Great</p><img src=x onerror=alert(1)><script>alert(2)</script>';
    cfg.settings.checkout.customJs = 'window.__custom = 1;';
    delete (cfg.settings as Partial<typeof cfg.settings>).colors;
    const [draft] = await t.db.insert(themes).values({ storeId: shop.id, name: 'Draft', type: 'hydro', published: false }).returning();
    const [pub] = await t.db.insert(themes).values({ storeId: shop.id, name: 'Fashion', type: 'newchick', published: true }).returning();
    await t.db.insert(themeConfigs).values([
      { themeId: draft!.id, storeId: shop.id, version: 1, config: emptyConfig('hydro'), schemaVersion: 2 },
      { themeId: pub!.id, storeId: shop.id, version: 1, config: emptyConfig('newchick'), schemaVersion: 2 },
      { themeId: pub!.id, storeId: shop.id, version: 2, config: cfg, schemaVersion: 2 },
    ]);
    await t.db.insert(menus).values({
      storeId: shop.id,
      handle: 'main-menu',
      title: 'Main menu',
      items: [{ title: 'Tops', url: '/collections/tops', items: [{ title: 'Shirts', url: '/collections/shirts' }] }, { bogus: true }],
    });
    const boot = (await get('/api/storefront/shop')).json();
    expect(boot.theme).toMatchObject({ id: pub!.id, name: 'Fashion', type: 'newchick' });
    expect(boot.theme.config.settings.colors.color_checkout_button).toBe('#0082E5');
    expect(boot.theme.config.settings.checkout.customJs).toBe('');
    expect(boot.hasCustomJs).toBe(true);
    const body = boot.theme.config.pages.homepage.sections[0].settings.body_html as string;
    expect(body).toContain('<p>Great</p>');
    expect(body).not.toMatch(/onerror|<script/);
    expect(boot.menus).toEqual([
      {
        handle: 'main-menu',
        title: 'Main menu',
        items: [{ title: 'Tops', url: '/collections/tops', items: [{ title: 'Shirts', url: '/collections/shirts' }] }],
      },
    ]);
    const js = await get('/api/storefront/custom.js');
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.body).toBe('window.__custom = 1;');
    const fromPreview = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/custom.js',
      headers: { host, referer: `http://${host}/checkout?preview=1` },
    });
    expect(fromPreview.body).toBe('');
    expect((await get('/api/storefront/custom.js', `${other.handle}.localhost`)).body).toBe('');
  });

  it('shows published pages only', async () => {
    await t.db.insert(pages).values([
      { storeId: shop.id, handle: 'shipping', title: 'Shipping policy', bodyHtml: '<p>Fast</p><script>x()</script>', published: true },
      { storeId: shop.id, handle: 'secret', title: 'Draft', bodyHtml: '', published: false },
    ]);
    const r = await get('/api/storefront/pages/shipping');
    expect(r.json()).toEqual({ handle: 'shipping', title: 'Shipping policy', bodyHtml: '<p>Fast</p>', seoTitle: '', seoDescription: '' });
    expect((await get('/api/storefront/pages/secret')).statusCode).toBe(404);
    expect((await get('/api/storefront/pages/shipping', `${other.handle}.localhost`)).statusCode).toBe(404);
  });
});

describe('order line properties (issue 11 item 4: personalisation values travel with the order line)', () => {
  it('keeps lines of one variant apart when their properties differ, merges identical ones, and answers [] by default', async () => {
    // The shirt takes a "Name" (personalisation values are checked at checkout: modules/personalizes).
    await t.db.insert(personalizes).values({
      storeId: shop.id,
      productId: ids.shirt,
      name: 'Name',
      fields: [{ id: 'n', type: 'text', label: 'Name', required: false, maxLength: 12 }],
    });
    const r = await post(
      '/api/storefront/checkout',
      {
        lines: [
          { variantId: ids.shirtS, quantity: 1, properties: [{ name: 'Name', value: 'ANN' }] },
          { variantId: ids.shirtS, quantity: 2, properties: [{ name: 'Name', value: 'BOB' }] },
          { variantId: ids.shirtS, quantity: 1, properties: [{ name: 'Name', value: 'ANN' }] },
          { variantId: ids.shirtM, quantity: 1 },
        ],
        customer: { email: 'p@example.test', firstName: 'P', lastName: 'Q', address1: '1 St', city: 'X', country: 'US' },
        visitorSessionId: 'visitor-props-1',
      },
      host,
      '10.0.9.1',
    );
    expect(r.statusCode).toBe(200);
    const lines = r.json().lines as { variantId: string; quantity: number; properties: unknown[] }[];
    expect(lines.map((l) => [l.variantId, l.quantity, l.properties])).toEqual([
      [ids.shirtS, 2, [{ name: 'Name', value: 'ANN' }]],
      [ids.shirtS, 2, [{ name: 'Name', value: 'BOB' }]],
      [ids.shirtM, 1, []],
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, r.json().id));
    expect((row!.lineItems as { properties: unknown[] }[]).map((l) => l.properties)).toEqual([
      [{ name: 'Name', value: 'ANN' }],
      [{ name: 'Name', value: 'BOB' }],
      [],
    ]);
  });
});
