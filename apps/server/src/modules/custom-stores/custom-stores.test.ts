import { CustomStore, CustomStoreList } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { mediaStorageFor } from '../media/index.js';
import { seedDemoThemes } from '../themes/index.js';

/**
 * Custom Store (issue 18 item 7): the whitelisted e-mail copies a template shop — themes and their config, pages,
 * menus, collections and products — into a new shop in one transaction, nothing shared, and hands it to an owner by
 * a staff invitation; everyone else is refused.
 */

const MAKER = 'maker@backroom.dev';
const FILE = '0b6f1a52-7c1e-4a8e-9d55-3f2a6c1e9b10';
let t: TestContext;
let template: { id: string; handle: string };
let foreignShop: { id: string };
let maker: { headers: Record<string, string> };
let outsider: { headers: Record<string, string> };
let client: { id: string; email: string; password: string };

async function seedTemplate(storeId: string) {
  const product = async (handle: string, title: string, price: number) => {
    const [p] = await rows<{ id: string }>(
      t.db,
      sql`insert into products (store_id, handle, title, body_html, vendor, tags) values (${storeId}::uuid, ${handle}, ${title},
          ${`<p>${title}</p><img src="/uploads/${storeId}/media/${FILE}_960x960.webp">`}, 'Backroom', '{knit}') returning id`,
    );
    for (const [i, size] of ['S', 'M'].entries()) {
      await rows(
        t.db,
        sql`insert into product_variants (store_id, product_id, position, sku, option1, price_cents, inventory_qty)
            values (${storeId}::uuid, ${p!.id}::uuid, ${i + 1}, ${`${handle}-${size}`}, ${size}, ${price}, ${5 + i})`,
      );
    }
    await rows(
      t.db,
      sql`insert into product_images (store_id, product_id, position, src) values (${storeId}::uuid, ${p!.id}::uuid, 1, '/demo-assets/hoodie.jpg')`,
    );
    return p!.id;
  };
  const hoodie = await product('hoodie', 'Cozy Hoodie', 4900);
  const cap = await product('cap', 'Knit Cap', 1900);
  const tee = await product('tee', 'Plain Tee', 1500);
  const [c] = await rows<{ id: string }>(
    t.db,
    sql`insert into collections (store_id, handle, title) values (${storeId}::uuid, 'knitwear', 'Knitwear') returning id`,
  );
  for (const [i, pid] of [cap, hoodie].entries()) {
    await rows(
      t.db,
      sql`insert into collection_products (collection_id, product_id, position) values (${c!.id}::uuid, ${pid}::uuid, ${i})`,
    );
  }
  await rows(
    t.db,
    sql`insert into collections (store_id, handle, title, type, rules) values (${storeId}::uuid, 'cheap', 'Under $20', 'automated',
        '[{"column":"variant_price","relation":"less_than","condition":"20"}]'::jsonb)`,
  );
  await rows(
    t.db,
    sql`insert into collection_products (collection_id, product_id, position)
                       select id, ${tee}::uuid, 0 from collections where store_id = ${storeId}::uuid and handle = 'cheap'`,
  );
  // An uploaded picture (the largest size and a smaller web size) the product descriptions show.
  const storage = mediaStorageFor(t.config);
  await storage.put(`${storeId}/media/${FILE}_960x960.webp`, Buffer.from('large'), 'image/webp');
  await storage.put(`${storeId}/media/${FILE}_480w.webp`, Buffer.from('small'), 'image/webp');
  await rows(
    t.db,
    sql`insert into uploads (store_id, path, content_type, bytes) values (${storeId}::uuid, ${`${storeId}/media/${FILE}_960x960.webp`}, 'image/webp', 5)`,
  );
  // Themes (with their configs naming the catalogue), the About page and the menus naming collections and pages.
  await seedDemoThemes(t.db, template);
}

beforeAll(async () => {
  t = await createTestApp({ customStoreEmail: MAKER });
  const m = await makeUser(t.db, { email: MAKER });
  const o = await makeUser(t.db);
  client = await makeUser(t.db, { firstName: 'Cli', lastName: 'Ent' });
  template = await makeStore(t.db, t.config, { ownerId: m.id, name: 'Template shop', homeHtml: '<p>Hi</p>' });
  foreignShop = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Not yours' });
  await seedTemplate(template.id);
  maker = await login(t.app, m.email, m.password, template.id);
  outsider = await login(t.app, o.email, o.password, foreignShop.id);
}, 120_000);
afterAll(() => t.close());

const post = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/custom-stores', headers, payload });

/** A shop's catalogue, pages, menus and themes in comparable form (ids replaced by handles or titles). */
async function snapshot(storeId: string) {
  const products = await rows(
    t.db,
    sql`select p.handle, p.title, p.body_html, p.vendor, p.tags, p.published,
               (select json_agg(json_build_object('sku', v.sku, 'option1', v.option1, 'price', v.price_cents, 'qty', v.inventory_qty) order by v.position)
                  from product_variants v where v.product_id = p.id) as variants,
               (select json_agg(i.src order by i.position) from product_images i where i.product_id = p.id) as images
        from products p where p.store_id = ${storeId}::uuid order by p.handle`,
  );
  const collections = await rows(
    t.db,
    sql`select c.handle, c.title, c.type, c.rules,
               (select json_agg(p.handle order by cp.position) from collection_products cp join products p on p.id = cp.product_id
                 where cp.collection_id = c.id) as members
        from collections c where c.store_id = ${storeId}::uuid order by c.handle`,
  );
  const pages = await rows(t.db, sql`select handle, title, body_html from pages where store_id = ${storeId}::uuid order by handle`);
  const menus = await rows<{ handle: string; items: string }>(
    t.db,
    sql`select handle, items::text as items from menus where store_id = ${storeId}::uuid order by handle`,
  );
  const themes = await rows<{ name: string; type: string; published: boolean; config: string }>(
    t.db,
    sql`select th.name, th.type, th.published,
               (select c.config::text from theme_configs c where c.theme_id = th.id order by c.version desc limit 1) as config
        from themes th where th.store_id = ${storeId}::uuid order by th.type`,
  );
  // Every id of the shop's rows, to express references as handles.
  const names = await rows<{ id: string; name: string }>(
    t.db,
    sql`select id::text, 'product:' || handle as name from products where store_id = ${storeId}::uuid
        union all select id::text, 'collection:' || handle from collections where store_id = ${storeId}::uuid
        union all select id::text, 'page:' || handle from pages where store_id = ${storeId}::uuid
        union all select id::text, 'menu:' || handle from menus where store_id = ${storeId}::uuid
        union all select id::text, 'theme:' || type from themes where store_id = ${storeId}::uuid`,
  );
  const byId = new Map(names.map((n) => [n.id, n.name]));
  const named = (text: string) =>
    text
      .split(`/uploads/${storeId}/`)
      .join('/uploads/SHOP/')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => byId.get(id) ?? `foreign:${id}`);
  return {
    products: named(JSON.stringify(products)),
    collections: JSON.stringify(collections),
    pages: named(JSON.stringify(pages)),
    menus: menus.map((m) => [m.handle, named(m.items)]),
    themes: themes.map((th) => [th.name, th.type, th.published, named(th.config ?? '')]),
    ids: names.map((n) => n.id),
  };
}

describe('Custom Store (issue 18 item 7)', () => {
  it('is refused to every other e-mail (403), whatever the body, and the template must be the maker’s shop (404)', async () => {
    for (const body of [{}, { name: 'X', templateStoreId: foreignShop.id, ownerEmail: 'a@b.co' }]) {
      const r = await post(outsider.headers, body);
      expect(r.statusCode).toBe(403);
      expect(r.json().messages).toEqual(['Custom Store is only open to the whitelisted e-mail']);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-stores', headers: outsider.headers })).statusCode).toBe(403);
    const notMine = await post(maker.headers, { name: 'X', templateStoreId: foreignShop.id, ownerEmail: 'a@b.co' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().messages).toEqual(['Template shop not found']);
    const bad = await post(maker.headers, { name: ' ', templateStoreId: 'x', ownerEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([
      'body.name: name is required',
      'body.templateStoreId: templateStoreId must be a shop id',
      'body.ownerEmail: ownerEmail must be an e-mail address',
    ]);
  });

  it('copies themes and config, pages, menus, collections and products in one go, sharing nothing', async () => {
    const before = await snapshot(template.id);
    expect(before.themes.length).toBeGreaterThan(0);
    expect(before.menus.length).toBeGreaterThan(0);
    expect(before.pages.length).toBeGreaterThan(0);
    const r = await post(maker.headers, { name: 'Client Boutique', templateStoreId: template.id, ownerEmail: client.email.toUpperCase() });
    expect(r.statusCode, r.body).toBe(201);
    const made = CustomStore.parse(r.json());
    expect(made).toMatchObject({
      name: 'Client Boutique',
      handle: 'client-boutique',
      templateStoreId: template.id,
      templateName: 'Template shop',
      ownerEmail: client.email,
      ownerJoined: false,
      copied: {
        themes: before.themes.length,
        pages: JSON.parse(before.pages).length,
        menus: before.menus.length,
        collections: 2,
        products: 3,
      },
    });
    const after = await snapshot(made.storeId);
    // Everything copied: the same catalogue, pages, menus and themes, references resolved inside the new shop.
    expect(after.products).toBe(before.products);
    expect(after.collections).toBe(before.collections);
    expect(after.pages).toBe(before.pages);
    expect(after.menus).toEqual(before.menus);
    expect(after.themes).toEqual(before.themes);
    // Nothing shared: no id in common, and no reference of the copy points outside it.
    expect(after.ids.filter((id) => before.ids.includes(id))).toEqual([]);
    // (Uuids that are no row's id, such as menu items' own keys, are kept as they are.)
    const outside = [...JSON.stringify(after).matchAll(/foreign:([0-9a-f-]{36})/g)].map((m) => m[1]!);
    expect(outside.filter((id) => before.ids.includes(id))).toEqual([]);
    expect(JSON.stringify(after.menus)).toContain('collection:knitwear');
    expect(JSON.stringify(after.themes)).toMatch(/"(collection|product|page|menu):/);
    const [leak] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from collection_products cp join collections c on c.id = cp.collection_id
          join products p on p.id = cp.product_id where c.store_id = ${made.storeId}::uuid and p.store_id <> c.store_id`,
    );
    expect(leak!.n).toBe(0);
    // The storefront of the copy serves its own domain and its own catalogue.
    const sf = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/products?collection=knitwear',
      headers: { host: `client-boutique.${t.config.storefrontSuffix}` },
    });
    expect(sf.json().products.map((p: { handle: string }) => p.handle)).toEqual(['cap', 'hoodie']);
    // The uploaded picture is the new shop's own file (served on its host only), both sizes.
    const storage = mediaStorageFor(t.config);
    for (const key of [`${FILE}_960x960.webp`, `${FILE}_480w.webp`]) {
      const file = await storage.get(`${made.storeId}/media/${key}`);
      expect(file, key).not.toBeNull();
      file!.body.destroy();
    }
    const [upload] = await rows<{ path: string }>(t.db, sql`select path from uploads where store_id = ${made.storeId}::uuid`);
    expect(upload!.path).toBe(`${made.storeId}/media/${FILE}_960x960.webp`);
    // Changing the copy leaves the template alone.
    await rows(t.db, sql`update products set title = 'Changed' where store_id = ${made.storeId}::uuid`);
    expect((await snapshot(template.id)).products).toBe(before.products);
  });

  it('hands the shop to its owner by a staff invitation and lists the shops created this way', async () => {
    const list = CustomStoreList.parse((await t.app.inject({ method: 'GET', url: '/api/custom-stores', headers: maker.headers })).json());
    expect(list.customStores.map((c) => [c.name, c.ownerJoined])).toEqual([['Client Boutique', false]]);
    const storeId = list.customStores[0]!.storeId;
    const owner = await login(t.app, client.email, client.password);
    const mine = await t.app.inject({ method: 'GET', url: '/api/users/invitations', headers: owner.headers });
    const invitation = mine.json().invitations.find((i: { storeId: string }) => i.storeId === storeId);
    expect(invitation).toMatchObject({ storeName: 'Client Boutique', invitedByEmail: MAKER });
    const accepted = await t.app.inject({ method: 'POST', url: `/api/users/invitations/${invitation.id}/accept`, headers: owner.headers });
    expect(accepted.statusCode).toBe(200);
    const [m] = await rows<{ is_store_owner: boolean }>(
      t.db,
      sql`select is_store_owner from store_memberships where store_id = ${storeId}::uuid and user_id = ${client.id}::uuid`,
    );
    expect(m!.is_store_owner).toBe(true);
    const again = CustomStoreList.parse((await t.app.inject({ method: 'GET', url: '/api/custom-stores', headers: maker.headers })).json());
    expect(again.customStores[0]!.ownerJoined).toBe(true);
    // The outsider never sees the maker's list.
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-stores', headers: outsider.headers })).statusCode).toBe(403);
  });

  it('creates an account for an unknown owner e-mail, invited to own the shop', async () => {
    const r = await post(maker.headers, { name: 'Client Boutique', templateStoreId: template.id, ownerEmail: 'new.owner@client.test' });
    expect(r.statusCode).toBe(201);
    const made = CustomStore.parse(r.json());
    expect(made.handle).toBe('client-boutique-2');
    const [inv] = await rows<{ is_store_owner: boolean; email: string }>(
      t.db,
      sql`select i.is_store_owner, u.email from staff_invitations i join users u on u.id = i.user_id where i.store_id = ${made.storeId}::uuid`,
    );
    expect(inv).toEqual({ is_store_owner: true, email: 'new.owner@client.test' });
  });
});
