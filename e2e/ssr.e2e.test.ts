import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, launchBrowser, newShopperPage, startServer } from './harness';

/**
 * Server-rendered storefront (issue 16 item 1 and its tests): every page type of both demo themes — demo
 * (FASHION/newchick) and demo-home (DEFAULT/hydro) — is HTML with its content before any script runs (seen with
 * JavaScript off), carries the data it was rendered with, and hydrates in Chromium onto the server's DOM as it is
 * (HYDRATION_CHECK: no element added or removed, no attribute changed, the same text) with no error in the
 * console; the editor's preview frame (`?preview=1`) is still rendered in the browser. The page HTML is
 * compressed as the client asks (br, gzip, none).
 */
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ demoOrders: 40 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SHOPS = ['demo', 'demo-home'] as const;
const hostOf = (handle: string) => new URL(server.storefront(handle)).host;

/** The HTML the server answers for a storefront path (in-process, so `*.localhost` needs no resolver). */
async function serverHtml(handle: string, path: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: path, headers: { host: hostOf(handle), ...headers } });
}

/** The page types of a shop with a path each: home, collections, category, product, content page, cart, checkout. */
async function pagesOf(handle: string): Promise<[string, string][]> {
  const products = (await (await serverHtml(handle, '/api/storefront/products?limit=1')).json()) as { products: { handle: string }[] };
  const product = products.products[0]!.handle;
  return [
    ['home', '/'],
    ['collections', '/collections'],
    ['category', '/collections/all'],
    ['product', `/products/${product}`],
    ['missing product', '/products/no-such-product'],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
  ];
}

/** Console lines that mean a renderer reported a hydration problem (React's wording and error codes 418–425). */
const MISMATCH = /hydrat|did not match|Minified React error #4(1[89]|2[0-5])/i;

/**
 * Init script: records the DOM changes hydration makes to `#root`. The observer starts when the document is parsed
 * (readyState `interactive`, before the deferred module script runs) and its records are taken when the storefront
 * dispatches `sf:hydrated` (main.tsx, right after `hydrateRoot` returns, before any post-hydration update).
 * `window.__sfHydration` is then the list of changes that mean the browser's first render differed from the
 * server's: an element (or comment) added or removed, an attribute set, or `#root`'s text not the same. Splitting
 * one server text node into the client's adjacent text nodes ("Shop " + "the collection") changes no text and is
 * not a difference. Renderer-neutral: it holds for Preact (which adopts the nodes) and would for React (which
 * throws a mismatched subtree away and renders it again: elements removed and added).
 */
const HYDRATION_CHECK = `
  window.__sfHydration = null;
  document.addEventListener('readystatechange', () => {
    const root = document.getElementById('root');
    if (document.readyState !== 'interactive' || !root) return;
    const text = root.textContent;
    const mo = new MutationObserver(() => {});
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener('sf:hydrated', () => {
      const changes = [];
      const name = (n) => n.nodeType === 1 ? '<' + n.localName + ' class="' + n.getAttribute('class') + '">' : 'node type ' + n.nodeType;
      for (const m of mo.takeRecords()) {
        if (m.type === 'attributes') changes.push('attribute ' + m.attributeName + ' of ' + name(m.target));
        for (const n of m.addedNodes) if (n.nodeType !== 3) changes.push('added ' + name(n) + ' in ' + name(m.target));
        for (const n of m.removedNodes) if (n.nodeType !== 3) changes.push('removed ' + name(n) + ' from ' + name(m.target));
      }
      mo.disconnect();
      const now = root.textContent;
      if (now !== text) {
        let i = 0;
        while (i < text.length && text[i] === now[i]) i++;
        changes.push('text: server ' + JSON.stringify(text.slice(Math.max(0, i - 20), i + 40)) + ', browser ' + JSON.stringify(now.slice(Math.max(0, i - 20), i + 40)));
      }
      window.__sfHydration = changes;
    }, { once: true });
  });
`;

describe.each(SHOPS)('server rendering of %s', (handle) => {
  it('answers every page type as HTML with its content and data, and hydrates without a mismatch', async () => {
    const pages = await pagesOf(handle);
    const { context, page } = await newShopperPage(browser, { width: 375, height: 800 });
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const still = await noJs.newPage();
    const problems: string[] = [];
    await page.addInitScript(HYDRATION_CHECK);
    page.on('console', (m) => {
      if (MISMATCH.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    try {
      for (const [kind, path] of pages) {
        const res = await serverHtml(handle, path);
        expect(res.statusCode, kind).toBe(kind === 'missing product' ? 404 : 200); // issue 31 item 4: a real 404
        // The markup is in #root and the data it was made with follows it.
        expect(res.body, kind).toMatch(/<div id="root"><div [^>]*class="sf sf--/);
        expect(res.body, kind).toContain('<script id="sf-state" type="application/json">');

        // Painted before any script: the header's shop name and the page's own content are there with JS off.
        await still.goto(`${server.storefront(handle)}${path}`);
        await expect(still.locator('header').count()).resolves.toBe(1);
        if (kind === 'home') await expect.poll(() => still.locator('[data-section-key]').count()).toBeGreaterThan(1);
        if (kind === 'product') await still.locator('h1').first().waitFor();
        if (kind === 'category') await expect.poll(() => still.locator('.sf-card').count()).toBeGreaterThan(0);
        if (kind === 'missing product') await expect.poll(() => still.locator('main').textContent()).toMatch(/not found/i);

        await page.goto(`${server.storefront(handle)}${path}`);
        await page.locator('html[data-sf-ready]').waitFor({ state: 'attached' });
        // Hydrated (not rendered afresh), onto the server's DOM as it was.
        expect(await page.evaluate('window.__sfHydration'), kind).toEqual([]);
        // Loaded (first screen's pictures and fonts in) before its script was asked for (the plugin's
        // afterFirstPaint loader), and the script is no element of the server's HTML.
        expect(res.body, kind).not.toMatch(/<script[^>]* src="\/assets\//);
        // (Or, on a page slower to load than that, 2.5 s after parsing, so after the HTML's end + 2.5 s.)
        const order = (await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return {
            loaded: nav.loadEventEnd,
            parsed: nav.responseEnd,
            script: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name))?.startTime,
          };
        })) as { loaded: number; parsed: number; script?: number };
        expect(order.loaded, kind).toBeGreaterThan(0);
        expect(order.script, kind).toBeGreaterThanOrEqual(Math.min(order.loaded, order.parsed + 2500));
      }
      // Hydrated pages are live: the first product card navigates in-app.
      await page.goto(`${server.storefront(handle)}/collections/all`);
      await page.locator('html[data-sf-ready]').waitFor({ state: 'attached' });
      await page.locator('.sf-card__title').first().click();
      await page.waitForURL(/\/products\//);
      await page.locator('h1').first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await noJs.close();
      await context.close();
    }
  });
});

describe('preview frame and encodings', () => {
  it('serves the preview frame without server markup (it renders from posted configs in the browser)', async () => {
    const res = await serverHtml('demo', '/?preview=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="sf-state"');
    // Nothing to paint before its script: the built module script stays as it is.
    expect(res.body).toMatch(/<script nonce="[^"]+" type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
  });

  it('compresses every rendered page type as asked: br, gzip, and none for identity or no Accept-Encoding', async () => {
    // Pages other than `/` match no route (the storefront answers them from its onRequest hook): they went out
    // uncompressed while only `/` was checked here.
    for (const [name, path] of await pagesOf('demo')) {
      const br = await serverHtml('demo', path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], name).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), name).toContain('id="sf-bootstrap"');
      const gz = await serverHtml('demo', path, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], name).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), name).toContain('id="sf-bootstrap"');
      for (const headers of [{ 'accept-encoding': 'identity' }, {}] as Record<string, string>[]) {
        const plain = await serverHtml('demo', path, headers);
        expect(plain.headers['content-encoding'], name).toBeUndefined();
        expect(plain.body, name).toContain('id="sf-bootstrap"');
      }
    }
    const plainHome = await serverHtml('demo', '/');
    expect(plainHome.body).toContain('id="sf-state"');
  });
});
