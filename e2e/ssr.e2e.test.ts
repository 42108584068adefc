import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, launchBrowser, newShopperPage, startServer } from './harness';

/**
 * Server-rendered storefront (issue 16 item 1 and its tests): every page type of both demo themes — demo
 * (FASHION/newchick) and demo-home (DEFAULT/hydro) — is HTML with its content before any script runs (seen with
 * JavaScript off), carries the data it was rendered with, and hydrates in Chromium with no mismatch reported in
 * the console; the editor's preview frame (`?preview=1`) is still rendered in the browser. The page HTML is
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

/** Console lines that mean React threw the server's HTML away (dev wording, production error codes 418–425). */
const MISMATCH = /hydrat|did not match|Minified React error #4(1[89]|2[0-5])/i;

describe.each(SHOPS)('server rendering of %s', (handle) => {
  it('answers every page type as HTML with its content and data, and hydrates without a mismatch', async () => {
    const pages = await pagesOf(handle);
    const { context, page } = await newShopperPage(browser, { width: 375, height: 800 });
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const still = await noJs.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (MISMATCH.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    try {
      for (const [kind, path] of pages) {
        const res = await serverHtml(handle, path);
        expect(res.statusCode, kind).toBe(200);
        // The markup is in #root and the data it was made with follows it.
        expect(res.body, kind).toMatch(/<div id="root">(<link [^>]*>)*<div class="sf sf--/);
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
  });

  it('compresses the rendered page as asked: br, gzip, and none for identity or no Accept-Encoding', async () => {
    const br = await serverHtml('demo', '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await serverHtml('demo', '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const headers of [{ 'accept-encoding': 'identity' }, {}] as Record<string, string>[]) {
      const plain = await serverHtml('demo', '/', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('id="sf-state"');
    }
  });
});
