import { request } from 'node:http';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMemberships, stores, themeConfigs, themes, users } from '../apps/server/src/db/schema/index.js';
import { makeStore } from '../apps/server/src/test/harness.js';
import { type E2eServer, launchBrowser, newPage, startServer } from './harness';

/**
 * Issue 14 item 5, High #2 ("one shop runs script on another shop's origin"), in Chromium: an SVG carrying a script
 * is refused by its content; a shop's uploads are served on its own host and not on another shop's; the storefront's
 * CSP blocks a script injected into the page from any https origin, while the merchant's customJs still runs on
 * the public site.
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

const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };

/** The demo owner's bearer headers for the demo shop, through the real login. */
async function ownerHeaders(): Promise<{ authorization: string; 'x-store-id': string }> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const body = (await res.json()) as { accessToken: string; storeId: string };
  return { authorization: `Bearer ${body.accessToken}`, 'x-store-id': body.storeId };
}

/** GET `path` of the server at 127.0.0.1:`port` with the given Host header: status, headers (joined) and body text. */
function getPage(port: number, host: string, path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && k !== 'content-length') headers[k] = [v].flat().join(', ');
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const upload = (headers: Record<string, string>, name: string, type: string, bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return fetch(`${server.url}/api/uploads`, { method: 'POST', headers, body: form });
};

describe("no shop runs script on another shop's origin", () => {
  it("refuses an SVG with a script by its content, and serves a shop's upload only on that shop's host", async () => {
    const headers = await ownerHeaders();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><script href="https://evil.example/x.js"/><script>alert(document.domain)</script></svg>',
    );
    for (const [name, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ] as const) {
      const refused = await upload(headers, name, type, svg);
      expect(refused.status, name).toBe(400);
      expect(((await refused.json()) as { messages: string[] }).messages.join(' ')).toMatch(/^file: /);
    }

    // A real 1 × 1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const ok = await upload(headers, 'square.png', 'image/png', png);
    expect(ok.status).toBe(200);
    const { src } = (await ok.json()) as { src: string };
    expect(src).toMatch(/^\/uploads\//);

    const [demo] = await server.db.select({ handle: stores.handle }).from(stores).where(eq(stores.id, headers['x-store-id']));
    const other = await makeStore(server.db, server.app.config, { name: 'Other Shop' });
    const { context, page } = await newPage(browser);
    const own = await page.goto(`${server.storefront(demo!.handle)}${src}`);
    expect(own?.status()).toBe(200);
    expect(own?.headers()['content-type']).toBe('image/webp');
    expect(own?.headers()['content-security-policy']).toContain("default-src 'none'");
    const foreign = await page.goto(`${server.storefront(other.handle)}${src}`);
    expect(foreign?.status()).toBe(404);
    await context.close();
  });

  it("blocks a script injected into the storefront page from any https origin; the merchant's customJs still runs", async () => {
    const [owner] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER.email));
    const [membership] = await server.db
      .select({ storeId: storeMemberships.storeId })
      .from(storeMemberships)
      .where(eq(storeMemberships.userId, owner!.id));
    const storeId = membership!.storeId;
    const [shop] = await server.db.select({ handle: stores.handle }).from(stores).where(eq(stores.id, storeId));
    // The merchant's customJs (theme settings → checkout), saved as a new version of the published theme.
    const [theme] = await server.db
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.storeId, storeId), eq(themes.published, true)));
    const [latest] = await server.db
      .select()
      .from(themeConfigs)
      .where(eq(themeConfigs.themeId, theme!.id))
      .orderBy(desc(themeConfigs.version))
      .limit(1);
    const config = structuredClone(latest!.config) as { settings: { checkout: { customJs: string } } };
    config.settings.checkout.customJs = 'window.__customJsRan = true;';
    await server.db.insert(themeConfigs).values({
      themeId: theme!.id,
      storeId,
      version: latest!.version + 1,
      config,
      schemaVersion: latest!.schemaVersion,
    });

    const { context, page } = await newPage(browser);
    const evil = 'https://cdn.evil.example/steal.js';
    let evilRequested = false;
    await page.route(evil, (route) => {
      evilRequested = true;
      return route.fulfill({ contentType: 'application/javascript', body: 'window.__evilRan = true;' });
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    // An injection into the served page (what a stored XSS would achieve): the real response, CSP header kept.
    // customJs is the checkout's (theme-editor §3 Checkout): it runs on the public /checkout page.
    const home = `${server.storefront(shop!.handle)}/checkout`;
    await page.route(home, async (route) => {
      // Node cannot resolve *.localhost as Chromium does: ask the server by address, with the shop's Host.
      const real = await getPage(server.port, new URL(home).host, '/checkout');
      const html = real.body.replace('</head>', `<script src="${evil}"></script><script>window.__inlineRan = true;</script></head>`);
      await route.fulfill({ status: real.status, headers: real.headers, body: html });
    });
    const res = await page.goto(home);
    expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*https:/);
    await page.waitForFunction(() => (window as unknown as { __customJsRan?: boolean }).__customJsRan === true, undefined, {
      timeout: 15_000,
    });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __evilRan?: boolean; __inlineRan?: boolean; __violations: string[] };
      return { evil: !!w.__evilRan, inline: !!w.__inlineRan, violations: w.__violations };
    });
    expect(seen.evil).toBe(false);
    expect(seen.inline).toBe(false);
    expect(evilRequested).toBe(false);
    expect(seen.violations).toContain(`script-src-elem ${evil}`);
    await context.close();
  });
});
