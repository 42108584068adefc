/**
 * The server renderer reads the page cache (issue 18 item 5, issue 16 item 1): a page of a shop is rendered once per
 * URL and theme version and then answered from the cache (`x-page-cache: hit`), each answer with its own CSP nonce
 * (the cached markup has none of its own); the shopper's own pages, the preview frame and `?preview_theme_id=` are
 * never cached; a purge (POST /api/cache/purge) and a new theme config make the next answer a fresh render; shops
 * and query strings are kept apart. The renderer here is a stand-in `dist-ssr/entry-server.js` that counts its renders
 * and writes the nonce it was given into its markup, as React does on the scripts it writes.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyConfig } from '@backroom/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, products, themeConfigs, themes } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

const base = mkdtempSync(join(tmpdir(), 'sf-cache-'));
const dist = join(base, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
mkdirSync(join(base, 'dist-ssr'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(base, 'dist-ssr', 'entry-server.js'),
  `import { appendFileSync, readFileSync } from 'node:fs';
const log = ${JSON.stringify(join(base, 'renders.log'))};
export function installSanitizer() {}
export async function render({ href, boot, nonce }) {
  appendFileSync(log, href + '\\n');
  const n = readFileSync(log, 'utf8').split('\\n').length - 1;
  const markup = '<p>' + boot.shop.name + ' ' + href + ' render ' + n + '</p><script nonce="' + nonce + '">1</script>';
  return { state: { queries: [{ n }] }, head: '<link rel="preload" as="font" href="/assets/f.woff2">', pipe: (out) => { out.write(markup); out.end(); return out; } };
}
`,
);

let t: TestContext;
let shop: { id: string; handle: string };
let other: { id: string; handle: string };
let owner: Record<string, string>;
let themeId: string;

/** How many renders the stand-in renderer made (one line each in its log). */
const renders = () => (existsSync(join(base, 'renders.log')) ? readFileSync(join(base, 'renders.log'), 'utf8').split('\n').length - 1 : 0);
const get = (url: string, handle = shop.handle) => t.app.inject({ method: 'GET', url, headers: { host: `${handle}.localhost:3000` } });
/** The nonce of an answer's CSP (`'nonce-…'`). */
const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))![1]!;

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const u = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: u.id, name: 'Cached Shop' });
  other = await makeStore(t.db, t.config, { ownerId: u.id, name: 'Other Shop' });
  owner = (await login(t.app, u.email, u.password, shop.id)).headers;
  const [row] = await t.db.insert(themes).values({ storeId: shop.id, name: 'Live', type: 'newchick', published: true }).returning();
  themeId = row!.id;
  const config = emptyConfig('newchick', ['featured-collection']);
  await t.db.insert(themeConfigs).values({ themeId, storeId: shop.id, version: 1, config, schemaVersion: 2 });
  // The pages the tests ask for exist (a missing one answers 404 and is never cached, issue 31 item 4).
  await t.db
    .insert(pages)
    .values(['about', 'faq', 'shipping'].map((handle) => ({ storeId: shop.id, handle, title: handle, bodyHtml: '' })));
  await t.db.insert(products).values({ storeId: shop.id, handle: 'tee', title: 'Tee' });
}, 60_000);
afterAll(async () => t?.close());

describe('storefront page cache', () => {
  it('renders a page once, then answers it from the cache with a nonce of its own per answer', async () => {
    const before = renders();
    const first = await get('/pages/about');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await get('/pages/about');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(before + 1);
    for (const res of [first, second]) {
      const nonce = nonceOf(res.headers['content-security-policy']);
      expect(res.body).toContain(
        `<div id="root"><p>Cached Shop /pages/about render ${before + 1}</p><script nonce="${nonce}">1</script></div>`,
      );
      expect(res.body).toContain('<link rel="preload" as="font" href="/assets/f.woff2"></head>');
      expect(res.body).toContain(`<script id="sf-state" type="application/json">{"queries":[{"n":${before + 1}}]}</script>`);
      expect(res.body).not.toContain('sfNonceSlot');
    }
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(nonceOf(second.headers['content-security-policy']));
  });

  it("never caches the shopper's own pages, the preview frame or a previewed theme", async () => {
    for (const url of ['/cart', '/checkout', '/thank-you/abc?token=x', '/checkouts/abc/recover', `/?preview_theme_id=${themeId}`]) {
      const before = renders();
      for (let i = 0; i < 2; i++) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-page-cache'], url).toBe('bypass');
      }
      expect(renders(), url).toBe(before + 2);
    }
    const before = renders();
    const preview = await get('/?preview=1');
    expect(preview.headers['x-page-cache']).toBe('bypass');
    expect(preview.body).toContain('<div id="root"></div>');
    expect(renders()).toBe(before);
  });

  it('keeps shops and query strings apart', async () => {
    expect((await get('/collections/all')).headers['x-page-cache']).toBe('miss');
    expect((await get('/collections/all?sort=price')).headers['x-page-cache']).toBe('miss');
    const theirs = await get('/collections/all', other.handle);
    expect(theirs.headers['x-page-cache']).toBe('miss');
    expect(theirs.body).toContain('<p>Other Shop /collections/all');
    expect((await get('/collections/all')).headers['x-page-cache']).toBe('hit');
  });

  it('renders again after a purge of the URL, and only that URL', async () => {
    await get('/pages/faq');
    await get('/pages/shipping');
    expect((await get('/pages/faq')).headers['x-page-cache']).toBe('hit');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cache/purge',
      headers: owner,
      payload: { urls: [`http://${shop.handle}.localhost/pages/faq`] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ purged: 1, urls: ['/pages/faq'] });
    expect((await get('/pages/faq')).headers['x-page-cache']).toBe('miss');
    expect((await get('/pages/shipping')).headers['x-page-cache']).toBe('hit');
  });

  it('renders again under a new theme version (a newer saved config) without any purge', async () => {
    await get('/products/tee');
    expect((await get('/products/tee')).headers['x-page-cache']).toBe('hit');
    const config = emptyConfig('newchick', ['featured-collection', 'image_with_text']);
    await t.db.insert(themeConfigs).values({ themeId, storeId: shop.id, version: 2, config, schemaVersion: 2 });
    expect((await get('/products/tee')).headers['x-page-cache']).toBe('miss');
    expect((await get('/products/tee')).headers['x-page-cache']).toBe('hit');
  });
});
