import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, launchBrowser, newShopperPage, startServer } from './harness';

/**
 * Real 404s (issue 31 item 4): a storefront page that does not exist answers 404 to the browser itself (the status
 * of `page.goto`'s response), server-rendered with the theme's "Page not found" page, `noindex` in its head and in
 * `X-Robots-Tag`, at 1440 and 375 px; a live product page stays 200 and indexable.
 */
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ demoOrders: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('storefront not-found pages (issue 31 item 4)', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 667 },
  ]) {
    it(`answers 404 with noindex in Chromium at ${viewport.width} px`, async () => {
      const { context, page } = await newShopperPage(browser, viewport);
      try {
        for (const path of ['/products/does-not-exist', '/pages/nope', '/collections/nope', '/nonexistent-page']) {
          const res = await page.goto(`${server.storefront('demo')}${path}`);
          expect(res!.status(), path).toBe(404);
          expect(res!.headers()['x-robots-tag'], path).toBe('noindex');
          // Server-rendered: the not-found page is in the HTML the server sent, before any script.
          expect(await res!.text(), path).toContain('Page not found');
          await expect.poll(() => page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
          await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        }
        const host = new URL(server.storefront('demo')).host;
        const api = (await server.app.inject({ method: 'GET', url: '/api/storefront/products?limit=1', headers: { host } })).json() as {
          products: { handle: string }[];
        };
        const live = await page.goto(`${server.storefront('demo')}/products/${api.products[0]!.handle}`);
        expect(live!.status()).toBe(200);
        expect(live!.headers()['x-robots-tag']).toBeUndefined();
        expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
