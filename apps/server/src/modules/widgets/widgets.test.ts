import { CatalogLookupResponse, StorefrontWidgetsResponse, Widget, WidgetList } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { chooseProducts } from './service.js';

/**
 * Product widgets (issue 18 item 2): the API (validation messages, the `apps` scope the route registry gives
 * website.apps.widgets.list, another shop's widget 404) and the products each kind chooses, compared with a direct
 * computation over the same orders.
 */

let t: TestContext;
let shop: { id: string; handle: string };
let stranger: { id: string; handle: string };
let owner: { headers: Record<string, string> };
let staff: { headers: Record<string, string> };
let other: { headers: Record<string, string> };
let appsOnly: { headers: Record<string, string> };

interface Product {
  id: string;
  handle: string;
  title: string;
  shown: boolean;
}
const products: Product[] = [];
interface Order {
  status: string;
  ageDays: number;
  lines: { productId: string; quantity: number }[];
}
const orders: Order[] = [];
let collectionProducts: string[] = [];

/** A deterministic pseudo-random sequence (mulberry32), so the order set is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function addProduct(storeId: string, n: number, o: { published?: boolean; variant?: boolean } = {}): Promise<Product> {
  const handle = `item-${String(n).padStart(2, '0')}`;
  const title = `Item ${String(n).padStart(2, '0')}`;
  const [p] = await rows<{ id: string }>(
    t.db,
    sql`insert into products (store_id, handle, title, published, status) values (${storeId}::uuid, ${handle}, ${title},
        ${o.published ?? true}, ${(o.published ?? true) ? 'active' : 'draft'}) returning id`,
  );
  if (o.variant ?? true) {
    await rows(
      t.db,
      sql`insert into product_variants (store_id, product_id, price_cents, inventory_qty) values (${storeId}::uuid, ${p!.id}::uuid, ${1000 + n * 100}, 10)`,
    );
  }
  return { id: p!.id, handle, title, shown: (o.published ?? true) && (o.variant ?? true) };
}

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  const s = await makeUser(t.db);
  const x = await makeUser(t.db);
  const a = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Widget shop' });
  stranger = await makeStore(t.db, t.config, { ownerId: x.id, name: 'Stranger shop' });
  await addMember(t.db, shop.id, s.id, ['orders', 'products']);
  await addMember(t.db, shop.id, a.id, ['apps']);
  owner = await login(t.app, o.email, o.password, shop.id);
  staff = await login(t.app, s.email, s.password, shop.id);
  other = await login(t.app, x.email, x.password, stranger.id);
  appsOnly = await login(t.app, a.email, a.password, shop.id);
  // 10 products: #9 is a draft, #10 has no variant (neither is ever shown).
  for (let n = 1; n <= 10; n++) products.push(await addProduct(shop.id, n, { published: n !== 9, variant: n !== 10 }));
  // 80 orders over 60 days, 1–3 lines each, paid or not (pending and voided never count).
  const rnd = random(18);
  const statuses = ['paid', 'paid', 'paid', 'partially_refunded', 'refunded', 'pending', 'voided'];
  for (let i = 0; i < 80; i++) {
    const lineCount = 1 + Math.floor(rnd() * 3);
    const chosen = new Set<number>();
    while (chosen.size < lineCount) chosen.add(Math.floor(rnd() * products.length));
    const order: Order = {
      status: statuses[Math.floor(rnd() * statuses.length)]!,
      ageDays: Math.floor(rnd() * 60) + 0.5,
      lines: [...chosen].map((k) => ({ productId: products[k]!.id, quantity: 1 + Math.floor(rnd() * 4) })),
    };
    orders.push(order);
    const lineItems = order.lines.map((l, j) => ({
      id: j + 1,
      productId: l.productId,
      variantId: null,
      quantity: l.quantity,
      priceCents: 1000,
    }));
    await rows(
      t.db,
      sql`insert into orders (store_id, order_number, order_name, subtotal_cents, grand_total_cents, financial_status, line_items, created_at)
          values (${shop.id}::uuid, ${1000 + i}, ${`#${1000 + i}`}, 1000, 1000, ${order.status}, ${JSON.stringify(lineItems)}::jsonb,
                  now() - make_interval(secs => ${order.ageDays * 86400}))`,
    );
  }
  // A collection holding items 1–5 in the order 3, 1, 5, 2, 4.
  collectionProducts = [3, 1, 5, 2, 4].map((n) => products[n - 1]!.id);
  const [c] = await rows<{ id: string }>(
    t.db,
    sql`insert into collections (store_id, handle, title) values (${shop.id}::uuid, 'knitwear', 'Knitwear') returning id`,
  );
  for (const [i, pid] of collectionProducts.entries()) {
    await rows(
      t.db,
      sql`insert into collection_products (collection_id, product_id, position) values (${c!.id}::uuid, ${pid}::uuid, ${i})`,
    );
  }
  // Another shop's product, which no widget of ours may show.
  await addProduct(stranger.id, 1);
}, 120_000);
afterAll(() => t.close());

const PAID = new Set(['paid', 'partially_refunded', 'refunded']);
const shownIds = () => new Set(products.filter((p) => p.shown).map((p) => p.id));
const titleOf = (id: string) => products.find((p) => p.id === id)!.title;
/** Sorts [id, count] pairs by count (desc), then title, then id — the rule the service documents. */
const ranked = (counts: Map<string, number>, limit: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || titleOf(a[0]).localeCompare(titleOf(b[0])) || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([id]) => id);

/** Best sellers computed directly from the fixture orders: units in paid orders of the last `days` days. */
function bestSellers(days: number, limit: number, exclude: string[] = []): string[] {
  const units = new Map<string, number>();
  for (const o of orders) {
    if (!PAID.has(o.status) || o.ageDays > days) continue;
    for (const l of o.lines) {
      if (!shownIds().has(l.productId) || exclude.includes(l.productId)) continue;
      units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
    }
  }
  return ranked(units, limit);
}

/** Also-bought computed directly: distinct paid orders of the window holding the product and one of `context`. */
function alsoBought(context: string[], days: number, limit: number): string[] {
  const together = new Map<string, number>();
  for (const o of orders) {
    if (!PAID.has(o.status) || o.ageDays > days) continue;
    if (!o.lines.some((l) => context.includes(l.productId))) continue;
    for (const id of new Set(o.lines.map((l) => l.productId))) {
      if (context.includes(id) || !shownIds().has(id)) continue;
      together.set(id, (together.get(id) ?? 0) + 1);
    }
  }
  return ranked(together, limit);
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const shopper = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/storefront/widgets?${query}`,
    headers: { host: `${shop.handle}.${t.config.storefrontSuffix}` },
  });

describe('widgets API (issue 18 item 2)', () => {
  it('refuses bad bodies with messages naming the field and the rule', async () => {
    const base = { kind: 'best_sellers', placement: 'home', title: 'Best sellers', limit: 4 };
    const cases: [object, string[]][] = [
      [
        { ...base, kind: 'trending' },
        ['body.kind: kind must be best_sellers, recently_viewed, also_bought, handpicked or same_collection'],
      ],
      [
        { ...base, placement: 'footer' },
        ['body.placement: placement must be product_above_description, product_below_description, cart or home'],
      ],
      [{ ...base, title: '  ' }, ['body.title: title is required']],
      [{ ...base, limit: 0 }, ['body.limit: limit must be a whole number from 1 to 24']],
      [{ ...base, limit: 25 }, ['body.limit: limit must be a whole number from 1 to 24']],
      [{ ...base, limit: 2.5 }, ['body.limit: limit must be a whole number from 1 to 24']],
      [{ ...base, days: 400 }, ['body.days: days must be a whole number from 1 to 365']],
      [{ ...base, kind: 'handpicked' }, ['body.productIds: choose at least one product for a handpicked widget']],
      [{ ...base, productIds: [products[0]!.id] }, ['body.productIds: only handpicked widgets take productIds']],
      [{ ...base, layout: 'masonry' }, ['body.layout: layout must be grid or carousel']],
    ];
    for (const [body, messages] of cases) {
      const r = await call('POST', '/api/widgets', owner.headers, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages).toEqual(messages);
    }
    const foreign = (await rows<{ id: string }>(t.db, sql`select id from products where store_id = ${stranger.id}::uuid`))[0]!.id;
    const r = await call('POST', '/api/widgets', owner.headers, { ...base, kind: 'handpicked', productIds: [foreign] });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual([`productIds: ${foreign} is not a product of this shop`]);
  });

  it('creates, lists, replaces and deletes a widget; handpicked products are named in order', async () => {
    const picks = [products[4]!.id, products[1]!.id];
    const made = await call('POST', '/api/widgets', owner.headers, {
      kind: 'handpicked',
      placement: 'cart',
      title: 'You may also like',
      limit: 4,
      productIds: picks,
    });
    expect(made.statusCode).toBe(201);
    const w = Widget.parse(made.json());
    expect(w).toMatchObject({ kind: 'handpicked', placement: 'cart', layout: 'grid', days: 30, active: true, productIds: picks });
    expect(w.products.map((p) => p.title)).toEqual(['Item 05', 'Item 02']);
    const put = await call('PUT', `/api/widgets/${w.id}`, owner.headers, {
      kind: 'best_sellers',
      placement: 'home',
      title: 'Best sellers',
      limit: 3,
      layout: 'carousel',
      days: 7,
    });
    expect(put.statusCode).toBe(200);
    expect(Widget.parse(put.json())).toMatchObject({ kind: 'best_sellers', layout: 'carousel', days: 7, productIds: [], products: [] });
    const list = WidgetList.parse((await call('GET', '/api/widgets', owner.headers)).json());
    expect(list.widgets.map((x) => x.id)).toEqual([w.id]);
    expect((await call('DELETE', `/api/widgets/${w.id}`, owner.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/widgets/${w.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('refuses a member without the apps scope (403) and hides another shop’s widgets (404)', async () => {
    const body = { kind: 'best_sellers', placement: 'home', title: 'Best sellers', limit: 4 };
    expect((await call('GET', '/api/widgets', staff.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/widgets', staff.headers, body)).statusCode).toBe(403);
    const mine = Widget.parse((await call('POST', '/api/widgets', owner.headers, body)).json());
    expect((await call('GET', '/api/widgets', { ...other.headers, 'x-store-id': shop.id })).statusCode).toBe(404);
    expect((await call('PUT', `/api/widgets/${mine.id}`, other.headers, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/widgets/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect(WidgetList.parse((await call('GET', '/api/widgets', other.headers)).json()).widgets).toEqual([]);
    await call('DELETE', `/api/widgets/${mine.id}`, owner.headers);
  });
});

describe('GET /api/widgets/lookups: the handpicked picker under the apps scope', () => {
  const lookup = async (headers: Record<string, string>, query: string) => call('GET', `/api/widgets/lookups?${query}`, headers);

  it('answers a member with only the apps scope (who may not read /api/products) with this shop’s products by title', async () => {
    expect((await call('GET', '/api/products?search=Item', appsOnly.headers)).statusCode).toBe(403);
    const res = await lookup(appsOnly.headers, 'kind=products&search=item%200');
    expect(res.statusCode, res.body).toBe(200);
    const items = CatalogLookupResponse.parse(res.json()).items;
    // Items 01–09 match "item 0" (10 does not); the stranger's "Item 01" is never offered.
    expect(items.map((i) => i.title)).toEqual(products.slice(0, 9).map((p) => p.title));
    expect(items.map((i) => i.id)).toEqual(products.slice(0, 9).map((p) => p.id));
  });

  it('names the ids a widget holds, leaving out another shop’s; collections too', async () => {
    const [theirs] = await rows<{ id: string }>(t.db, sql`select id from products where store_id = ${stranger.id}::uuid`);
    const ids = [products[2]!.id, theirs!.id].join(',');
    const named = CatalogLookupResponse.parse((await lookup(appsOnly.headers, `kind=products&ids=${ids}`)).json()).items;
    expect(named).toEqual([{ id: products[2]!.id, title: 'Item 03', imageSrc: null }]);
    const cols = CatalogLookupResponse.parse((await lookup(appsOnly.headers, 'kind=collections&search=knit')).json()).items;
    expect(cols.map((c) => c.title)).toEqual(['Knitwear']);
  });

  it('refuses a member without the apps scope before reading the query, and bad queries with messages', async () => {
    expect((await lookup(staff.headers, 'kind=nope')).statusCode).toBe(403);
    expect((await lookup({ ...other.headers, 'x-store-id': shop.id }, 'kind=products')).statusCode).toBe(404);
    const bad = await lookup(appsOnly.headers, 'kind=nope&ids=x');
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json() as { messages: string[] }).messages.join(' | ');
    expect(messages).toContain('kind');
    expect(messages).toContain('ids must be comma-joined ids');
  });
});

describe('the products a widget chooses, against a direct computation', () => {
  const none = { productIds: [], viewedIds: [] };

  it('best sellers: units sold in paid orders of the last N days, for several windows and limits', async () => {
    // The fixture is not trivial: the windows differ, and hidden products did sell.
    expect(bestSellers(30, 24).length).toBeGreaterThan(4);
    expect(bestSellers(7, 24)).not.toEqual(bestSellers(90, 24));
    expect(orders.some((o) => PAID.has(o.status) && o.lines.some((l) => l.productId === products[8]!.id))).toBe(true);
    for (const days of [1, 7, 30, 90]) {
      for (const limit of [1, 3, 24]) {
        const got = await chooseProducts(t.db, shop.id, { kind: 'best_sellers', limit, days, productIds: [] }, none);
        expect(got, `days ${days} limit ${limit}`).toEqual(bestSellers(days, limit));
      }
    }
    // On a product page the product itself is left out.
    const top = bestSellers(90, 1)[0]!;
    const got = await chooseProducts(
      t.db,
      shop.id,
      { kind: 'best_sellers', limit: 24, days: 90, productIds: [] },
      { productIds: [top], viewedIds: [] },
    );
    expect(got).toEqual(bestSellers(90, 24, [top]));
    expect(got).not.toContain(top);
  });

  it('also bought: co-purchase counts with the page’s product(s)', async () => {
    for (const p of products.filter((x) => x.shown)) {
      const got = await chooseProducts(
        t.db,
        shop.id,
        { kind: 'also_bought', limit: 5, days: 60, productIds: [] },
        { productIds: [p.id], viewedIds: [] },
      );
      expect(got, p.title).toEqual(alsoBought([p.id], 60, 5));
    }
    const cart = [products[0]!.id, products[1]!.id];
    expect(
      await chooseProducts(
        t.db,
        shop.id,
        { kind: 'also_bought', limit: 24, days: 30, productIds: [] },
        { productIds: cart, viewedIds: [] },
      ),
    ).toEqual(alsoBought(cart, 30, 24));
    expect(await chooseProducts(t.db, shop.id, { kind: 'also_bought', limit: 5, days: 60, productIds: [] }, none)).toEqual([]);
  });

  it('recently viewed, handpicked and same collection keep their order and leave out hidden products', async () => {
    const [p1, p2, p3, , p5, , , , draft, noVariant] = products.map((p) => p.id);
    const viewed = [p5!, draft!, p2!, p1!];
    expect(
      await chooseProducts(
        t.db,
        shop.id,
        { kind: 'recently_viewed', limit: 2, days: 30, productIds: [] },
        { productIds: [p2!], viewedIds: viewed },
      ),
    ).toEqual([p5, p1]);
    expect(
      await chooseProducts(t.db, shop.id, { kind: 'handpicked', limit: 24, days: 30, productIds: [p3!, noVariant!, p1!] }, none),
    ).toEqual([p3, p1]);
    expect(
      await chooseProducts(
        t.db,
        shop.id,
        { kind: 'same_collection', limit: 24, days: 30, productIds: [] },
        { productIds: [p1!], viewedIds: [] },
      ),
    ).toEqual(collectionProducts.filter((id) => id !== p1));
    expect(await chooseProducts(t.db, shop.id, { kind: 'same_collection', limit: 24, days: 30, productIds: [] }, none)).toEqual([]);
  });

  it('the storefront answers the placement’s active widgets with their cards, in the chosen order', async () => {
    const make = (body: object) => call('POST', '/api/widgets', owner.headers, body);
    const best = Widget.parse(
      (await make({ kind: 'best_sellers', placement: 'product_below_description', title: 'Best sellers', limit: 3, days: 90 })).json(),
    );
    await make({ kind: 'recently_viewed', placement: 'product_below_description', title: 'Recently viewed', limit: 4 });
    await make({ kind: 'best_sellers', placement: 'product_below_description', title: 'Off', limit: 3, active: false });
    await make({ kind: 'handpicked', placement: 'cart', title: 'Picked', limit: 3, productIds: [products[2]!.id] });
    const page = products[0]!;
    const r = await shopper(
      `placement=product_below_description&product=${page.handle}&viewed=${products[3]!.handle},${page.handle},unknown`,
    );
    expect(r.statusCode).toBe(200);
    const { widgets } = StorefrontWidgetsResponse.parse(r.json());
    expect(widgets.map((w) => w.title)).toEqual(['Best sellers', 'Recently viewed']);
    expect(widgets[0]!.id).toBe(best.id);
    expect(widgets[0]!.products.map((c) => c.id)).toEqual(bestSellers(90, 3, [page.id]));
    expect(widgets[0]!.products[0]).toMatchObject({ priceCents: expect.any(Number), variantId: expect.any(String) });
    expect(widgets[1]!.products.map((c) => c.handle)).toEqual([products[3]!.handle]);
    // Without a viewed list the recently viewed widget has nothing to show and is left out.
    const bare = StorefrontWidgetsResponse.parse((await shopper(`placement=product_below_description&product=${page.handle}`)).json());
    expect(bare.widgets.map((w) => w.title)).toEqual(['Best sellers']);
    const cart = StorefrontWidgetsResponse.parse((await shopper('placement=cart')).json());
    expect(cart.widgets.map((w) => [w.title, w.products.map((c) => c.title)])).toEqual([['Picked', ['Item 03']]]);
    expect((await shopper('placement=sidebar')).statusCode).toBe(400);
    // Another shop's host never sees these widgets.
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/widgets?placement=cart',
      headers: { host: `${stranger.handle}.${t.config.storefrontSuffix}` },
    });
    expect(StorefrontWidgetsResponse.parse(foreign.json()).widgets).toEqual([]);
  });
});

describe('best sellers net of refunds', () => {
  it('sell 3, refund 2 counts 1; a product refunded in full is left out (refund through the orders API)', async () => {
    const u = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: u.id, name: 'Refund shop' });
    const h = (await login(t.app, u.email, u.password, s.id)).headers;
    // Items 20–23: ties go by title, so Item 20 comes before Item 22 on an equal count.
    const [alpha, beta, aard, delta] = await Promise.all([20, 21, 22, 23].map((n) => addProduct(s.id, n)));
    let num = 5000;
    /** A paid order of `lines` ([product, quantity], 10.00 each), as the checkout stores it. */
    const paidOrder = async (lines: [Product, number][]) => {
      num += 1;
      const items = lines.map(([p, quantity]) => ({
        productId: p.id,
        variantId: null,
        title: p.title,
        variantTitle: '',
        sku: '',
        quantity,
        priceCents: 1000,
      }));
      const total = lines.reduce((n, [, q]) => n + q * 1000, 0);
      const [o] = await rows<{ id: string }>(
        t.db,
        sql`insert into orders (store_id, order_number, order_name, subtotal_cents, grand_total_cents, financial_status, line_items, captured_date)
            values (${s.id}::uuid, ${num}, ${`#${num}`}, ${total}, ${total}, 'paid', ${JSON.stringify(items)}::jsonb, now()) returning id`,
      );
      return o!;
    };
    const sold = await paidOrder([
      [beta!, 2],
      [alpha!, 3],
    ]);
    await paidOrder([[aard!, 1]]);
    const returned = await paidOrder([[delta!, 1]]);
    const refund = (id: string, lineItems: object[]) => call('POST', `/api/orders/${id}/refunds`, h, { lineItems, notify: false });
    expect((await refund(sold.id, [{ id: 2, quantity: 2 }])).statusCode).toBe(201);
    expect((await refund(returned.id, [{ id: 1, quantity: 1 }])).statusCode).toBe(201);
    // Net units: beta 2, alpha 1 (3 − 2), aard 1, delta 0. Alpha counted 3 or 2 would come first (2 ties with beta
    // and Item 20 < Item 21); counted 0 it would be left out like delta; only 1 puts it between beta and aard.
    const w = await call('POST', '/api/widgets', h, { kind: 'best_sellers', placement: 'home', title: 'Best sellers', limit: 10 });
    expect(w.statusCode, w.body).toBe(201);
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/widgets?placement=home',
      headers: { host: `${s.handle}.${t.config.storefrontSuffix}` },
    });
    const { widgets } = StorefrontWidgetsResponse.parse(r.json());
    expect(widgets[0]!.products.map((c) => c.id)).toEqual([beta!.id, alpha!.id, aard!.id]);
  });
});
