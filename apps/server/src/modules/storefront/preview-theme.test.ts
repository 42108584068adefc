/**
 * `?preview_theme_id=` (issue 9 item 1: the Themes screen's Preview and live thumbnails): the storefront shows a
 * theme of THAT shop that is not published; another shop's theme id, an unknown or malformed id shows the
 * published theme, in the inlined bootstrap and in GET /api/storefront/shop alike.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyConfig, previewUrl } from '@backroom/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeConfigs, themes } from '../../db/schema/index.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';

const dist = mkdtempSync(join(tmpdir(), 'sf-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');

let t: TestContext;
let host: string;
const ids = { published: '', draft: '', foreign: '' };

async function theme(storeId: string, name: string, published: boolean, heading: string) {
  const [row] = await t.db.insert(themes).values({ storeId, name, type: 'newchick', published }).returning();
  const config = emptyConfig('newchick', ['featured-collection']);
  (config.pages.homepage.sections[0]!.settings as { heading: string }).heading = heading;
  config.settings.checkout.customJs = `window.__ran = ${JSON.stringify(name)};`;
  await t.db.insert(themeConfigs).values({ themeId: row!.id, storeId, version: 1, config, schemaVersion: 2 });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const owner = await makeUser(t.db);
  const shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  const other = await makeStore(t.db, t.config, { ownerId: owner.id });
  host = `${shop.handle}.localhost:3000`;
  ids.published = await theme(shop.id, 'Live', true, 'Live heading');
  ids.draft = await theme(shop.id, 'Draft', false, 'Draft heading');
  ids.foreign = await theme(other.id, 'Foreign', false, 'Foreign heading');
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
/** The bootstrap inlined in the index.html of `path`. */
async function inlined(path: string) {
  const res = await get(path);
  expect(res.statusCode).toBe(200);
  const m = /<script id="sf-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(res.body);
  return JSON.parse(m![1]!) as {
    theme: { id: string; name: string; config: { pages: { homepage: { sections: { settings: { heading: string } }[] } } } };
    hasCustomJs: boolean;
  };
}
const heading = (b: Awaited<ReturnType<typeof inlined>>) => b.theme.config.pages.homepage.sections[0]!.settings.heading;

describe('storefront ?preview_theme_id=', () => {
  it('shows an unpublished theme of this shop, in the page and in the API, and runs no merchant script for it', async () => {
    const url = new URL(previewUrl(host, '/', { themeId: ids.draft, frame: false }));
    const boot = await inlined(url.pathname + url.search);
    expect(boot.theme.id).toBe(ids.draft);
    expect(heading(boot)).toBe('Draft heading');
    expect(boot.hasCustomJs).toBe(false);
    const framed = new URL(previewUrl(host, '/collections/all', { themeId: ids.draft }));
    expect((await inlined(framed.pathname + framed.search)).theme.id).toBe(ids.draft);
    const api = (await get(`/api/storefront/shop?preview_theme_id=${ids.draft}`)).json();
    expect(api.theme.name).toBe('Draft');
  });

  it('shows the published theme without the parameter', async () => {
    const boot = await inlined('/');
    expect(boot.theme.id).toBe(ids.published);
    expect(heading(boot)).toBe('Live heading');
    expect(boot.hasCustomJs).toBe(true);
  });

  it.each([
    ['another shop’s theme', () => ids.foreign],
    ['an unknown theme', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => "x' or 1=1 --"],
    ['an empty id', () => ''],
  ])('ignores %s and shows the published theme', async (_name, id) => {
    const boot = await inlined(`/?preview_theme_id=${encodeURIComponent(id())}`);
    expect(boot.theme.id).toBe(ids.published);
    expect(JSON.stringify(boot)).not.toContain('Foreign heading');
    const api = await get(`/api/storefront/shop?preview_theme_id=${encodeURIComponent(id())}`);
    expect(api.statusCode).toBe(200);
    expect(api.json().theme.id).toBe(ids.published);
  });
});
