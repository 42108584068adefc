/**
 * Themes API (spec theme-editor §7, issue 5 item 2): list, config as a one-item list, save with 409 on a stale
 * version, 400 with paths, versions and restore, publish, cross-store 404, scope 403, editor lookups, and the
 * demo seed. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import { STALE_THEME_MESSAGE, type ThemeConfigItem, type ThemeSummary } from '@backroom/contracts';
import { fillDefaults, type Section, type ThemeConfig, themeTypeOf } from '@backroom/theme';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionProducts, collections, productImages, products, storePreferences, themeConfigs } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { seedDemoThemes } from './demo.js';

let t: TestContext;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let storeId: string;
let otherStoreId: string;
let fashion: ThemeSummary;
let basic: ThemeSummary;
let otherTheme: ThemeSummary;

/** Inserts a small catalog: 3 category collections + sale/best-sellers/new-arrivals, 6 products. */
async function seedCatalog(sid: string) {
  const cols = await t.db
    .insert(collections)
    .values(
      [
        ['dresses', 'Dresses'],
        ['shoes', 'Shoes'],
        ['bags', 'Bags'],
        ['new-arrivals', 'New Arrivals'],
        ['best-sellers', 'Best Sellers'],
        ['sale', 'Sale'],
      ].map(([handle, title]) => ({ storeId: sid, handle: handle!, title: title!, imageSrc: `/demo-assets/${handle}.svg` })),
    )
    .returning();
  const prods = await t.db
    .insert(products)
    .values(
      ['Linen Midi Dress', 'Wrap Dress', 'Canvas Sneakers', 'Leather Boots', 'Tote Bag', 'Crossbody Bag'].map((title) => ({
        storeId: sid,
        title,
        handle: title.toLowerCase().replaceAll(' ', '-'),
      })),
    )
    .returning();
  await t.db.insert(productImages).values(prods.map((p) => ({ storeId: sid, productId: p.id, src: `/demo-assets/${p.handle}.svg` })));
  const by = (h: string) => cols.find((c) => c.handle === h)!.id;
  const links = [
    ['dresses', 0],
    ['dresses', 1],
    ['shoes', 2],
    ['shoes', 3],
    ['bags', 4],
    ['bags', 5],
    ['sale', 1],
    ['sale', 3],
    ['best-sellers', 0],
  ] as const;
  await t.db
    .insert(collectionProducts)
    .values(links.map(([h, i], position) => ({ collectionId: by(h), productId: prods[i]!.id, position })));
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  const staff = await makeUser(t.db);
  const stranger = await makeUser(t.db);
  const store = await makeStore(t.db, t.config, { ownerId: owner.id, handle: 'demo' });
  const other = await makeStore(t.db, t.config, { ownerId: stranger.id });
  storeId = store.id;
  otherStoreId = other.id;
  await addMember(t.db, storeId, staff.id, ['orders']);
  await seedCatalog(storeId);
  await seedCatalog(otherStoreId);
  await seedDemoThemes(t.db, { id: storeId, handle: 'demo' });
  await seedDemoThemes(t.db, { id: otherStoreId, handle: other.handle });
  headers = (await login(t.app, owner.email, owner.password, storeId)).headers;
  otherHeaders = (await login(t.app, stranger.email, stranger.password, otherStoreId)).headers;
  staffHeaders = (await login(t.app, staff.email, staff.password, storeId)).headers;
  const list = (await t.app.inject({ method: 'GET', url: '/api/themes', headers })).json() as { themes: ThemeSummary[] };
  fashion = list.themes.find((x) => x.type === 'newchick')!;
  basic = list.themes.find((x) => x.type === 'hydro')!;
  otherTheme = ((await t.app.inject({ method: 'GET', url: '/api/themes', headers: otherHeaders })).json() as { themes: ThemeSummary[] })
    .themes[0]!;
});
afterAll(async () => {
  await t?.close();
});

const getConfig = async (themeId: string, h = headers) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/themes/${themeId}/config`, headers: h });
  expect(res.statusCode).toBe(200);
  const list = res.json() as ThemeConfigItem[];
  return list[0]! as unknown as ThemeConfig & { id: string; version: number; themeId: string };
};
const save = (themeId: string, configId: string, version: number, config: unknown, h = headers) =>
  t.app.inject({ method: 'PUT', url: `/api/themes/${themeId}/config/${configId}`, headers: h, payload: { config, version } });
const stripMeta = (item: ThemeConfig & { id?: string; version?: number; themeId?: string }) => {
  const { id: _id, version: _v, themeId: _t, ...config } = item;
  return config as ThemeConfig;
};

describe('GET /api/themes', () => {
  it('lists the two demo themes: FASHION (newchick, published for demo) and DEFAULT (hydro)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/themes', headers });
    expect(res.statusCode).toBe(200);
    const { themes } = res.json() as { themes: ThemeSummary[] };
    expect(themes.map((x) => [x.name, x.type, x.published, x.version])).toEqual([
      ['FASHION', 'newchick', true, 1],
      ['DEFAULT', 'hydro', false, 1],
    ]);
  });

  it('another demo store (handle not demo) publishes DEFAULT', async () => {
    const { themes } = (await t.app.inject({ method: 'GET', url: '/api/themes', headers: otherHeaders })).json() as {
      themes: ThemeSummary[];
    };
    expect(themes.map((x) => [x.name, x.published])).toEqual([
      ['DEFAULT', true],
      ['FASHION', false],
    ]);
  });

  it('needs the themes scope (403) and a session (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/themes', headers: staffHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/themes', headers: { 'x-store-id': storeId } })).statusCode).toBe(401);
  });
});

describe('GET /api/themes/{themeId}/config', () => {
  it('answers a list whose first item is the filled config with id and version (spec §7)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/themes/${fashion.id}/config`, headers });
    const list = res.json() as ThemeConfigItem[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(1);
    const item = list[0]! as unknown as ThemeConfig & { id: string; version: number };
    expect(item.version).toBe(1);
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(themeTypeOf(item)).toBe('newchick');
    expect(item.settings.colors.color_checkout_button).toBe('#0082E5');
    const types = item.pages.homepage.sections.map((s) => s.type);
    expect(types).toEqual([
      'head-image',
      'collection_list',
      'flash_deals',
      'style-collection',
      'product_with_collection',
      'featured-collection',
      'slider-product',
    ]);
  });

  it('the demo content references the store’s real collections and products', async () => {
    const item = await getConfig(fashion.id);
    const list = item.pages.homepage.sections.find((s) => s.type === 'collection_list') as Section<'collection_list'>;
    expect(list.settings.blocks.map((b) => b.url.params.slug)).toEqual(['bags', 'dresses', 'shoes']);
    expect(list.settings.blocks[0]!.image).toBe('/demo-assets/bags.svg');
    const deals = item.pages.homepage.sections.find((s) => s.type === 'flash_deals') as Section<'flash_deals'>;
    const dealProducts = deals.settings.blocks.filter((b) => b.product).map((b) => b.product);
    expect(dealProducts.length).toBe(2);
    const saleRows = await t.db.select({ id: products.id }).from(products).where(eq(products.storeId, storeId));
    for (const id of dealProducts) expect(saleRows.map((r) => r.id)).toContain(id);
    const hydro = await getConfig(basic.id);
    expect(themeTypeOf(hydro)).toBe('hydro');
    const review = hydro.pages.homepage.sections.find((s) => s.type === 'product-review') as Section<'product-review'>;
    expect(review.settings.body_html).toContain('Maya R.');
    expect(hydro.pages.fixed.footer.block_config?.email).toBe('hello@example.com');
  });

  it('another store’s theme answers 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/themes/${otherTheme.id}/config`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages).toEqual(['Theme not found']);
  });

  it('a malformed theme id answers 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/themes/nope/config', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toContain('themeId');
  });
});

describe('PUT /api/themes/{themeId}/config/{configId}', () => {
  it('saves the whole config as the next version, then a stale save answers 409', async () => {
    const current = await getConfig(basic.id);
    const config = stripMeta(current);
    config.settings.typography.font_size_price = 22;
    const res = await save(basic.id, current.id, current.version, config);
    expect(res.statusCode).toBe(200);
    const saved = res.json() as ThemeConfigItem;
    expect(saved.version).toBe(current.version + 1);
    expect(saved.id).not.toBe(current.id);
    expect((await getConfig(basic.id)).settings.typography.font_size_price).toBe(22);

    // Someone else saved in between: the editor still holds version `current.version`.
    const stale = await save(basic.id, current.id, current.version, config);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ statusCode: 409, code: 'CONFLICT', messages: [STALE_THEME_MESSAGE] });
    expect(STALE_THEME_MESSAGE.startsWith('This theme was saved by someone else')).toBe(true);
    // The right config id with an old version number is stale too.
    expect((await save(basic.id, saved.id, current.version, config)).statusCode).toBe(409);
  });

  it('two simultaneous saves of the same version: one wins, the other gets 409', async () => {
    const current = await getConfig(basic.id);
    const a = stripMeta(current);
    const b = structuredClone(a);
    a.settings.typography.font_size_product = 15;
    b.settings.typography.font_size_product = 17;
    const results = await Promise.all([save(basic.id, current.id, current.version, a), save(basic.id, current.id, current.version, b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await getConfig(basic.id)).version).toBe(current.version + 1);
  });

  it('a bad config answers 400 with the field paths and rules', async () => {
    const current = await getConfig(basic.id);
    const config = stripMeta(current) as unknown as { settings: Record<string, Record<string, unknown>>; pages: ThemeConfig['pages'] };
    config.settings.typography!.font_size_price = 81;
    config.settings.element!.search = { ...(config.settings.element!.search as object), type_search_in_mobile: 'bar' };
    (config.pages.homepage.sections[1]!.settings as Record<string, unknown>).item_per_row = 7; // hydro: 2–6
    const res = await save(basic.id, current.id, current.version, config);
    expect(res.statusCode).toBe(400);
    expect(res.json().messages.sort()).toEqual(
      [
        'config.pages.homepage.sections.1.settings.item_per_row: must be between 2 and 6',
        'config.settings.element.search.type_search_in_mobile: must be one of: icon, input',
        'config.settings.typography.font_size_price: must be between 8 and 80',
      ].sort(),
    );
    expect((await getConfig(basic.id)).version).toBe(current.version); // nothing saved
  });

  it('7 items per row is valid for newchick (2–8), 9 is not', async () => {
    const current = await getConfig(fashion.id);
    const config = stripMeta(current);
    const idx = config.pages.homepage.sections.findIndex((s) => s.type === 'collection_list');
    (config.pages.homepage.sections[idx]!.settings as Record<string, unknown>).item_per_row = 9;
    const bad = await save(fashion.id, current.id, current.version, config);
    expect(bad.json().messages).toEqual([`config.pages.homepage.sections.${idx}.settings.item_per_row: must be between 2 and 8`]);
    (config.pages.homepage.sections[idx]!.settings as Record<string, unknown>).item_per_row = 7;
    expect((await save(fashion.id, current.id, current.version, config)).statusCode).toBe(200);
  });

  it('a body without config or version answers 400', async () => {
    const current = await getConfig(basic.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/themes/${basic.id}/config/${current.id}`,
      headers,
      payload: { config: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages.join(' ')).toContain('version');
  });

  it('fills missing parts, migrates an old config and sanitises merchant HTML on save', async () => {
    const current = await getConfig(basic.id);
    const old = {
      pages: {
        homepage: {
          sections: [
            {
              type: 'product-review',
              key: 'product-review-old001',
              settings: { body_html: '<p onclick="x()">Great!</p><script>alert(1)</script>' },
            },
          ],
        },
      },
      settings: { product: { show_description_variant: true }, checkout: { customHtml: '<img src="x" onerror="alert(1)"><b>Hi</b>' } },
    };
    const res = await save(basic.id, current.id, current.version, old);
    expect(res.statusCode).toBe(200);
    const saved = (await getConfig(basic.id)) as ThemeConfig;
    const review = saved.pages.homepage.sections[0] as Section<'product-review'>;
    expect(review.settings.body_html).toBe('<p>Great!</p>');
    expect(saved.settings.checkout.customHtml).toBe('<img src="x" /><b>Hi</b>');
    expect(saved.settings.product.show_variant_description).toBe(true);
    expect(saved.settings.colors.color_checkout_button).toBe('#0082E5');
    const [row] = await t.db
      .select()
      .from(themeConfigs)
      .where(eq(themeConfigs.id, (res.json() as ThemeConfigItem).id));
    expect(row!.schemaVersion).toBe(fillDefaults({}).schemaVersion);
  });

  it('a footer with settings cannot be saved into a hydro theme', async () => {
    const current = await getConfig(basic.id);
    const res = await save(basic.id, current.id, current.version, fillDefaults({}, 'newchick'));
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([
      'config.pages.fixed.footer.settings: must be absent in a hydro theme (a footer with settings makes it newchick)',
    ]);
  });

  it('another store’s theme or config answers 404', async () => {
    const mine = await getConfig(basic.id);
    const theirs = await getConfig(otherTheme.id, otherHeaders);
    expect((await save(otherTheme.id, theirs.id, theirs.version, stripMeta(theirs))).statusCode).toBe(404);
    expect((await save(basic.id, theirs.id, mine.version, stripMeta(mine))).statusCode).toBe(404);
    // the owner of the other store cannot reach this store at all
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/themes/${basic.id}/config`,
      headers: { ...otherHeaders, 'x-store-id': storeId },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('versions and restore', () => {
  it('keeps every version, lists newest first with who saved it, and restores one as a new version', async () => {
    const before = await getConfig(basic.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/themes/${basic.id}/versions`, headers });
    expect(res.statusCode).toBe(200);
    const { versions } = res.json() as { versions: { version: number; note: string; createdBy: { email: string } | null }[] };
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: before.version }, (_, i) => before.version - i));
    expect(versions.at(-1)).toMatchObject({ version: 1, note: 'seed', createdBy: null });
    expect(versions[0]!.note).toBe('save');
    expect(versions[0]!.createdBy?.email).toMatch(/@example\.test$/);

    const v1 = (await t.db.select().from(themeConfigs).where(eq(themeConfigs.version, 1))).find((r) => r.themeId === basic.id)!;
    const restore = await t.app.inject({ method: 'POST', url: `/api/themes/${basic.id}/versions/1/restore`, headers });
    expect(restore.statusCode).toBe(200);
    const restored = restore.json() as ThemeConfigItem;
    expect(restored.version).toBe(before.version + 1);
    const now = await getConfig(basic.id);
    expect(stripMeta(now)).toEqual(fillDefaults(v1.config, 'hydro'));
    expect(now.settings.typography.font_size_price).toBe(16);
    const after = (await t.app.inject({ method: 'GET', url: `/api/themes/${basic.id}/versions`, headers })).json() as {
      versions: { note: string }[];
    };
    expect(after.versions[0]!.note).toBe('restore:1');
  });

  it('an unknown version answers 404, a bad one 400', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/themes/${basic.id}/versions/999/restore`, headers })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/themes/${basic.id}/versions/0/restore`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toContain('version must be at least 1');
  });

  it('another store’s versions answer 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/themes/${otherTheme.id}/versions`, headers })).statusCode).toBe(404);
  });
});

describe('POST /api/themes/{themeId}/publish', () => {
  it('publishes one theme per store and records it in the store preference', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/themes/${basic.id}/publish`, headers });
    expect(res.statusCode).toBe(200);
    const { themes } = res.json() as { themes: ThemeSummary[] };
    expect(themes.map((x) => [x.type, x.published])).toEqual([
      ['hydro', true],
      ['newchick', false],
    ]);
    const [pref] = await t.db.select().from(storePreferences).where(eq(storePreferences.storeId, storeId));
    expect(pref!.storeFrontDefaultTheme).toBe('hydro');
    await t.app.inject({ method: 'POST', url: `/api/themes/${fashion.id}/publish`, headers });
    const again = ((await t.app.inject({ method: 'GET', url: '/api/themes', headers })).json() as { themes: ThemeSummary[] }).themes;
    expect(again.filter((x) => x.published).map((x) => x.id)).toEqual([fashion.id]);
    // the other store is untouched
    const theirs = ((await t.app.inject({ method: 'GET', url: '/api/themes', headers: otherHeaders })).json() as { themes: ThemeSummary[] })
      .themes;
    expect(theirs.filter((x) => x.published)).toHaveLength(1);
  });

  it('another store’s theme answers 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/themes/${otherTheme.id}/publish`, headers })).statusCode).toBe(404);
  });
});

describe('editor lookups (spec §7)', () => {
  it('menus: the main menu first, nested as a merchant builds it (issue 11: Home, Shop ▸ collections, About, a link)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/themes/lookups/menus', headers });
    expect(res.statusCode).toBe(200);
    const { menus } = res.json() as { menus: { id: string; handle: string; items: { title: string; url: string }[] }[] };
    expect(menus.map((m) => m.handle)).toEqual(['main-menu', 'footer', 'footer-shop']);
    const main = menus[0]!.items;
    expect(main.slice(0, 2)).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Shop', url: '/collections' },
    ]);
    expect(main.map((i) => i.url)).toContain('/collections/sale');
    expect(main.slice(-2)).toEqual([
      { title: 'About us', url: '/pages/about-us' },
      { title: 'Journal', url: 'https://example.com/journal' },
    ]);
    const full = await t.app.inject({ method: 'GET', url: `/api/stores/onlinestore/menus/${menus[0]!.id}`, headers });
    const shop = (full.json() as { items: { title: string; children: { url: string; broken: boolean; children: unknown[] }[] }[] })
      .items[1]!;
    expect(shop.children).toHaveLength(3);
    expect(shop.children.every((c) => c.url.startsWith('/collections/') && !c.broken)).toBe(true);
    // The third level: the next two categories under the first one, when the catalog has them.
    expect(shop.children[0]!.children.length).toBeLessThanOrEqual(2);
    // The footer menus are nested too: Customer care ▸ the policies and Contact; All collections ▸ the categories.
    const titles = (l: { title: string; children: unknown[] }[]): unknown =>
      l.map((x) => (x.children.length ? { [x.title]: titles(x.children as never) } : x.title));
    const footer = await t.app.inject({ method: 'GET', url: `/api/stores/onlinestore/menus/${menus[1]!.id}`, headers });
    expect(titles(footer.json().items)).toEqual(['About us', { 'Customer care': ['Shipping policy', 'Return policy', 'Contact'] }]);
    const footerShop = await t.app.inject({ method: 'GET', url: `/api/stores/onlinestore/menus/${menus[2]!.id}`, headers });
    const all = footerShop.json().items[0] as { title: string; children: { broken: boolean }[] };
    expect(all.title).toBe('All collections');
    expect(all.children).toHaveLength(3);
    expect(all.children.some((c) => c.broken)).toBe(false);
  });

  it('pages: published only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/themes/lookups/pages', headers });
    const { pages } = res.json() as { pages: { title: string; handle: string; published: boolean }[] };
    expect(pages.map((p) => p.title)).toEqual(['About us', 'Contact', 'Return policy', 'Shipping policy']);
    expect(pages.every((p) => p.published)).toBe(true);
  });

  it('products: page and limit, collection slug and search → {products: [{title, _id}]}', async () => {
    const one = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?page=1&limit=1', headers })).json();
    expect(one.products).toHaveLength(1);
    expect(one.total).toBe(6);
    expect(Object.keys(one.products[0])).toEqual(expect.arrayContaining(['title', '_id']));
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?page=2&limit=4', headers })).json();
    expect(page2.products.map((p: { title: string }) => p.title)).toEqual(['Tote Bag', 'Wrap Dress']);
    const sale = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?collection=sale', headers })).json();
    expect(sale.products.map((p: { title: string }) => p.title)).toEqual(['Leather Boots', 'Wrap Dress']);
    const search = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?collection=bags&search=TOTE', headers })).json();
    expect(search.products.map((p: { title: string }) => p.title)).toEqual(['Tote Bag']);
    const pct = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?search=%25', headers })).json();
    expect(pct.products).toEqual([]); // % is literal, not a wildcard
  });

  it('products: a bad limit answers 400 naming the rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?limit=0', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toContain('limit must be at least 1');
  });

  it('collections: page and limit, search → {collections: [{title, handle, image: {src}}]}', async () => {
    const one = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/collections?page=1&limit=1', headers })).json();
    expect(one.collections).toEqual([{ title: 'Bags', handle: 'bags', image: { src: '/demo-assets/bags.svg' } }]);
    expect(one.total).toBe(6);
    const s = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/collections?search=sel', headers })).json();
    expect(s.collections.map((c: { handle: string }) => c.handle)).toEqual(['best-sellers']);
  });

  it('lookups are scoped to the X-Store-Id store', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?limit=100', headers })).json();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/themes/lookups/products?limit=100', headers: otherHeaders })).json();
    const ids = new Set(mine.products.map((p: { _id: string }) => p._id));
    expect(theirs.products.some((p: { _id: string }) => ids.has(p._id))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/themes/lookups/menus', headers: staffHeaders })).statusCode).toBe(403);
  });
});

describe('theme assets', () => {
  it('serves the package’s default images and refuses other names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/theme-assets/flash-deal.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/theme-assets/..%2Fpackage.json' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/theme-assets/missing.svg' })).statusCode).toBe(404);
  });
});

describe('rename, duplicate, delete (Themes screen, issue 9 item 1)', () => {
  it('PATCH renames; a blank or 101-character name answers 400 naming the field; another store’s theme 404', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/themes/${basic.id}`, headers, payload: { name: '  Summer  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().theme).toMatchObject({ id: basic.id, name: 'Summer', type: 'hydro' });
    const blank = await t.app.inject({ method: 'PATCH', url: `/api/themes/${basic.id}`, headers, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().messages.join()).toContain('name');
    const long = await t.app.inject({ method: 'PATCH', url: `/api/themes/${basic.id}`, headers, payload: { name: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(400);
    const other = await t.app.inject({ method: 'PATCH', url: `/api/themes/${otherTheme.id}`, headers, payload: { name: 'Mine' } });
    expect(other.statusCode).toBe(404);
    const staff = await t.app.inject({ method: 'PATCH', url: `/api/themes/${basic.id}`, headers: staffHeaders, payload: { name: 'X' } });
    expect(staff.statusCode).toBe(403);
    await t.app.inject({ method: 'PATCH', url: `/api/themes/${basic.id}`, headers, payload: { name: 'DEFAULT' } });
  });

  it('POST duplicate copies the current config into an unpublished theme at version 1; DELETE removes it, never the published one', async () => {
    const original = await getConfig(fashion.id);
    const res = await t.app.inject({ method: 'POST', url: `/api/themes/${fashion.id}/duplicate`, headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const copy = res.json().theme as ThemeSummary;
    expect(copy).toMatchObject({ name: 'Copy of FASHION', type: 'newchick', published: false, version: 1 });
    const copied = await getConfig(copy.id);
    expect(stripMeta(copied)).toEqual(stripMeta(original));
    const versions = (await t.app.inject({ method: 'GET', url: `/api/themes/${copy.id}/versions`, headers })).json().versions;
    expect(versions[0].note).toBe(`duplicate:${fashion.id}`);
    expect(versions[0].createdBy.email).toBeTruthy();

    const named = await t.app.inject({ method: 'POST', url: `/api/themes/${fashion.id}/duplicate`, headers, payload: { name: 'Spring' } });
    expect(named.json().theme.name).toBe('Spring');

    const published = await t.app.inject({ method: 'DELETE', url: `/api/themes/${fashion.id}`, headers });
    expect(published.statusCode).toBe(400);
    expect(published.json().messages).toEqual(['The published theme cannot be deleted. Publish another theme first.']);
    for (const id of [copy.id, named.json().theme.id]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/themes/${id}`, headers })).statusCode).toBe(204);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/themes/${copy.id}/config`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/themes/${otherTheme.id}`, headers })).statusCode).toBe(404);
  });
});

describe('GET /api/themes/{themeId}/versions/{version}', () => {
  it('answers that version’s filled config; an unknown version 404', async () => {
    const v1 = await t.app.inject({ method: 'GET', url: `/api/themes/${fashion.id}/versions/1`, headers });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({ themeId: fashion.id, version: 1 });
    expect(themeTypeOf(v1.json())).toBe('newchick');
    const none = await t.app.inject({ method: 'GET', url: `/api/themes/${fashion.id}/versions/999`, headers });
    expect(none.statusCode).toBe(404);
    expect(none.json().messages).toEqual(['Theme version not found']);
  });
});

describe('POST /api/themes/lookups/references', () => {
  it('names the collections, products and pages that do not exist in this store', async () => {
    const [p] = await t.db.select({ id: products.id }).from(products).where(eq(products.storeId, storeId)).limit(1);
    const [foreign] = await t.db.select({ id: products.id }).from(products).where(eq(products.storeId, otherStoreId)).limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/themes/lookups/references',
      headers,
      payload: { collections: ['dresses', 'gone'], products: [p!.id, foreign!.id, 'not-a-uuid'], pages: ['nope'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().missing).toEqual({ collections: ['gone'], products: [foreign!.id, 'not-a-uuid'], pages: ['nope'] });
  });
});
