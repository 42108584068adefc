import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, menus, pages, products } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/** Navigation menus API (spec admin-dashboard §7 Navigation menus; issue 11 item 3) on a fresh database. */

let t: TestContext;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let shop: { id: string; handle: string };
const ids = { shirts: '', hats: '', socks: '', foreignCol: '', about: '', hiddenPage: '', tee: '' };
const URL_ = '/api/stores/onlinestore/menus/';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  headers = (await login(t.app, owner.email, owner.password, shop.id)).headers;
  const stranger = await makeUser(t.db);
  const theirs = await makeStore(t.db, t.config, { ownerId: stranger.id });
  foreignHeaders = (await login(t.app, stranger.email, stranger.password, theirs.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, shop.id, staff.id, ['pages']);
  staffHeaders = (await login(t.app, staff.email, staff.password, shop.id)).headers;
  const cs = await t.db
    .insert(collections)
    .values([
      { storeId: shop.id, handle: 'shirts', title: 'Shirts' },
      { storeId: shop.id, handle: 'hats', title: 'Hats' },
      { storeId: shop.id, handle: 'socks', title: 'Socks' },
      { storeId: theirs.id, handle: 'theirs', title: 'Theirs' },
    ])
    .returning();
  [ids.shirts, ids.hats, ids.socks, ids.foreignCol] = cs.map((c) => c.id) as [string, string, string, string];
  const ps = await t.db
    .insert(pages)
    .values([
      { storeId: shop.id, handle: 'about-us', title: 'About us' },
      { storeId: shop.id, handle: 'draft', title: 'Draft', published: false },
    ])
    .returning();
  [ids.about, ids.hiddenPage] = ps.map((p) => p.id) as [string, string];
  const [p] = await t.db.insert(products).values({ storeId: shop.id, handle: 'tee', title: 'Tee' }).returning();
  ids.tee = p!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

const mainMenu = () => ({
  title: 'Main menu',
  handle: 'main-menu',
  items: [
    { title: 'Home', type: 'home' },
    {
      title: 'Shop',
      type: 'url',
      target: '/collections',
      children: [
        { title: 'Shirts', type: 'collection', target: ids.shirts },
        { title: 'Hats', type: 'collection', target: ids.hats, children: [{ title: 'Tee', type: 'product', target: ids.tee }] },
        { title: 'Socks', type: 'collection', target: ids.socks },
      ],
    },
    { title: 'About', type: 'page', target: ids.about },
    { title: 'Blog', type: 'url', target: 'https://blog.example.com/' },
  ],
});

describe('menus', () => {
  let mainId = '';

  it('creates a three-level menu and answers each item resolved to its storefront URL', async () => {
    const r = await call('POST', URL_, mainMenu());
    expect(r.statusCode).toBe(200);
    const m = r.json();
    mainId = m.id;
    expect(m.handle).toBe('main-menu');
    const flat = (list: { title: string; url: string | null; broken: boolean; children: unknown[] }[]): unknown[] =>
      list.flatMap((i) => [[i.title, i.url, i.broken], ...flat(i.children as never)]);
    expect(flat(m.items)).toEqual([
      ['Home', '/', false],
      ['Shop', '/collections', false],
      ['Shirts', '/collections/shirts', false],
      ['Hats', '/collections/hats', false],
      ['Tee', '/products/tee', false],
      ['Socks', '/collections/socks', false],
      ['About', '/pages/about-us', false],
      ['Blog', 'https://blog.example.com/', false],
    ]);
    expect(m.items[1].children[0]).toMatchObject({ type: 'collection', target: ids.shirts, targetTitle: 'Shirts' });
    expect(typeof m.items[0].id).toBe('string');
    // Item ids are kept when sent back.
    const again = await call('PUT', `${URL_}${mainId}`, { title: 'Main menu', items: m.items });
    expect(again.json().items.map((i: { id: string }) => i.id)).toEqual(m.items.map((i: { id: string }) => i.id));
  });

  it('refuses a fourth level, bad targets and unsafe links, naming the item', async () => {
    const deep = {
      title: 'Deep',
      items: [
        {
          title: 'a',
          type: 'home',
          children: [{ title: 'b', type: 'home', children: [{ title: 'c', type: 'home', children: [{ title: 'd', type: 'home' }] }] }],
        },
      ],
    };
    const r = await call('POST', URL_, deep);
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['body.items.0.children.0.children.0.children: menus nest at most 3 levels deep']);
    const target = await call('POST', URL_, { title: 'x', items: [{ title: 'c', type: 'collection', target: 'shirts' }] });
    expect(target.json().messages).toEqual(['body.items.0.target: choose a collection']);
    const js = await call('POST', URL_, { title: 'x', items: [{ title: 'x', type: 'url', target: 'javascript:alert(1)' }] });
    expect(js.json().messages).toEqual(['body.items.0.target: must be a link starting with /, https://, http://, mailto: or tel:']);
    const type = await call('POST', URL_, { title: '', items: [{ title: 'x', type: 'blog' }] });
    expect(type.json().messages).toEqual(
      expect.arrayContaining(['body.title: title is required', 'body.items.0.type: type must be home, collection, product, page or url']),
    );
    const many = await call('POST', URL_, { title: 'x', items: Array.from({ length: 251 }, () => ({ title: 'a', type: 'home' })) });
    expect(many.json().messages).toEqual(['body.items: a menu holds at most 250 items']);
  });

  it('refuses a taken handle, numbers a generated one', async () => {
    const dup = await call('POST', URL_, { title: 'Other', handle: 'main-menu' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().messages).toEqual(["body.handle: 'main-menu' is already used by another menu"]);
    const a = await call('POST', URL_, { title: 'Footer' });
    const b = await call('POST', URL_, { title: 'Footer' });
    expect([a.json().handle, b.json().handle]).toEqual(['footer', 'footer-2']);
  });

  it('marks items broken when their collection or page is deleted, and the storefront leaves them out', async () => {
    await t.db.delete(collections).where(eq(collections.id, ids.hats));
    const m = (await call('GET', `${URL_}${mainId}`)).json();
    expect(m.items[1].children[1]).toMatchObject({ title: 'Hats', broken: true, url: null });
    // A hidden page is not broken for the merchant, but the storefront does not link it.
    await call('PUT', `${URL_}${mainId}`, {
      title: 'Main menu',
      items: [...m.items, { title: 'Draft', type: 'page', target: ids.hiddenPage }],
    });
    const boot = (await t.app.inject({ method: 'GET', url: '/api/storefront/shop', headers: { host: `${shop.handle}.localhost` } })).json();
    const main = boot.menus.find((x: { handle: string }) => x.handle === 'main-menu');
    expect(main.items).toEqual([
      { title: 'Home', url: '/' },
      {
        title: 'Shop',
        url: '/collections',
        items: [
          { title: 'Shirts', url: '/collections/shirts' },
          { title: 'Socks', url: '/collections/socks' },
        ],
      },
      { title: 'About', url: '/pages/about-us' },
      { title: 'Blog', url: 'https://blog.example.com/' },
    ]);
    // The theme editor's menu lookup reads the same menus (top-level items that resolve).
    const lookup = (await call('GET', '/api/themes/lookups/menus')).json();
    expect(lookup.menus[0]).toMatchObject({
      handle: 'main-menu',
      items: [
        { title: 'Home', url: '/' },
        { title: 'Shop', url: '/collections' },
        { title: 'About', url: '/pages/about-us' },
        { title: 'Blog', url: 'https://blog.example.com/' },
        { title: 'Draft', url: '/pages/draft' },
      ],
    });
  });

  it('reads rows written before typed items ({title, url, items}) without error', async () => {
    const [row] = await t.db
      .insert(menus)
      .values({
        storeId: shop.id,
        handle: 'legacy',
        title: 'Legacy',
        items: [
          { title: 'Home', url: '/' },
          { title: 'Sale', url: '/collections/sale', items: [{ title: 'X', url: '/x' }] },
          { bad: true },
        ],
      })
      .returning();
    const m = (await call('GET', `${URL_}${row!.id}`)).json();
    expect(m.items.map((i: { type: string; url: string }) => [i.type, i.url])).toEqual([
      ['home', '/'],
      ['url', '/collections/sale'],
    ]);
    expect(m.items[1].children[0].url).toBe('/x');
  });

  it('lists menus by collection, adds and removes a collection (children move up)', async () => {
    const by = (await call('GET', `${URL_}collections/${ids.shirts}`)).json();
    expect(by.menus.map((x: { handle: string }) => x.handle)).toEqual(['main-menu']);
    const footer = (await call('POST', URL_, { title: 'Shop links', handle: 'shop-links' })).json();
    const added = await call('POST', `${URL_}${footer.id}/collections/${ids.shirts}`);
    expect(added.json().items).toMatchObject([{ title: 'Shirts', type: 'collection', target: ids.shirts, url: '/collections/shirts' }]);
    const twice = await call('POST', `${URL_}${footer.id}/collections/${ids.shirts}`);
    expect(twice.json().items).toHaveLength(1);
    expect((await call('GET', `${URL_}collections/${ids.shirts}`)).json().menus).toHaveLength(2);
    const removed = await call('DELETE', `${URL_}${footer.id}/collections/${ids.shirts}`);
    expect(removed.json().items).toEqual([]);
    // Parallel adds of two collections to one menu: both land (row lock).
    await Promise.all([ids.shirts, ids.socks].map((c) => call('POST', `${URL_}${footer.id}/collections/${c}`)));
    expect((await call('GET', `${URL_}${footer.id}`)).json().items).toHaveLength(2);
    expect((await call('POST', `${URL_}${footer.id}/collections/${ids.foreignCol}`)).json().messages).toEqual(['Collection not found']);
  });

  it('offers link targets by type and search', async () => {
    const r = await call('GET', `${URL_}link-targets?type=collection&search=sh`);
    expect(r.json().targets.map((x: { title: string }) => x.title)).toEqual(['Shirts']);
    expect((await call('GET', `${URL_}link-targets?type=blog`)).json().messages).toEqual([
      'querystring.type: type must be collection, product or page',
    ]);
  });

  it('refuses members without the navigations scope and answers 404 for another shop’s menu', async () => {
    expect((await call('GET', URL_, undefined, staffHeaders)).statusCode).toBe(403);
    expect((await call('GET', `${URL_}${mainId}`, undefined, foreignHeaders)).statusCode).toBe(404);
    expect((await call('PUT', `${URL_}${mainId}`, { title: 'x' }, foreignHeaders)).statusCode).toBe(404);
    expect((await call('DELETE', `${URL_}${mainId}`, undefined, foreignHeaders)).statusCode).toBe(404);
    expect((await call('GET', `${URL_}collections/${ids.shirts}`, undefined, foreignHeaders)).statusCode).toBe(404);
    expect((await call('POST', `${URL_}${mainId}/collections/${ids.foreignCol}`, undefined, foreignHeaders)).statusCode).toBe(404);
  });

  it('deletes a menu', async () => {
    expect((await call('DELETE', `${URL_}${mainId}`)).json()).toEqual({ ok: true, messages: ['Menu deleted'] });
    expect((await call('GET', `${URL_}${mainId}`)).json().messages).toEqual(['Menu not found']);
  });
});
