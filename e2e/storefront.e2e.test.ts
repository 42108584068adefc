import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, storefrontEvents, stores } from '../apps/server/src/db/schema/index.js';
import { type E2eServer, launchBrowser, newPage, newShopperPage, seriousA11yViolations, settled, startServer } from './harness';

/**
 * The shopper's story (issue 5 "What users do", items 3–5): on each demo shop — demo (FASHION/newchick) on a phone,
 * demo-home (DEFAULT/hydro) on a laptop — home → category → product → add to cart → checkout (test mode) →
 * thank-you; the paid order shows in the merchant's dashboard figures and the funnel events are recorded. Then
 * the preview bridge: a config edited by hand and posted from the admin origin changes the page with no reload;
 * one posted from another origin changes nothing.
 */
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ demoOrders: 300 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };
const TZ = 'America/Los_Angeles';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());

async function ownerToken(): Promise<string> {
  const r = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { accessToken: string }).accessToken;
}

/** The home dashboard's figures for one store today (spec admin-dashboard §7 total sales / total orders). */
async function dashboard(token: string, storeId: string): Promise<{ orders: number; sales: number }> {
  const q = `fromTime=${today()}&toTime=${today()}&stores=${storeId}&timezone=${encodeURIComponent(TZ)}`;
  const h = { authorization: `Bearer ${token}` };
  const o = await fetch(`${server.url}/api/reports/total-orders?${q}`, { headers: h });
  const s = await fetch(`${server.url}/api/reports/total-sales?${q}`, { headers: h });
  expect(o.status).toBe(200);
  return {
    orders: ((await o.json()) as { total_orders: number }).total_orders,
    sales: ((await s.json()) as { total_sales: number }).total_sales,
  };
}

async function shop(page: Page, handle: string, viewport: { width: number; height: number }) {
  const [store] = await server.db.select().from(stores).where(eq(stores.handle, handle));
  const token = await ownerToken();
  const before = await dashboard(token, store!.id);

  await page.setViewportSize(viewport);
  await page.goto(server.storefront(handle));
  await page.locator('[data-section-key]').first().waitFor();
  expect(await page.title()).toBe(store!.name);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Home → a category.
  await page
    .locator('a[href^="/collections/"]')
    .filter({ has: page.locator('img') })
    .first()
    .click();
  await page.waitForURL(/\/collections\/[^/]+$/);
  await page.getByText(/\d+ products/).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Category → a product.
  await page.locator('.sf-grid .sf-card__title').first().click();
  await page.waitForURL(/\/products\//);
  const title = await page.getByRole('heading', { level: 1 }).filter({ visible: true }).first().textContent();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Add to cart → the cart (or wherever the theme's checkout step layout sends the shopper).
  await page.getByRole('button', { name: 'Add to cart' }).filter({ visible: true }).first().click();
  if (!/\/(cart|checkout)$/.test(new URL(page.url()).pathname)) await page.goto(`${server.storefront(handle)}/cart`);
  if (new URL(page.url()).pathname === '/cart') {
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await expect.poll(() => page.getByText(title!.trim()).first().isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Check out' }).click();
  }
  await page.waitForURL(/\/checkout$/);

  // Test-mode checkout.
  await page.getByLabel('Email').fill('ann.lee@example.test');
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Address').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  expect(await seriousA11yViolations(page)).toEqual([]);
  for (let i = 0; i < 3; i++) {
    const cont = page.getByRole('button', { name: /^Continue to/ });
    if (!(await cont.isVisible().catch(() => false))) break;
    await cont.click();
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/thank-you\//);
  await page.getByRole('heading', { name: 'Thank you, Ann!' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The order in the database: paid, test gateway, and the whole funnel of its visitor session.
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order).toMatchObject({ storeId: store!.id, financialStatus: 'paid', paymentName: 'Test gateway', sourceName: 'online_store' });
  const ev = await server.db.select().from(storefrontEvents).where(eq(storefrontEvents.visitorSessionId, order!.visitorSessionId!));
  expect(new Set(ev.map((e) => e.type))).toEqual(new Set(['view_store', 'add_to_cart', 'reached_checkout', 'purchased']));
  expect(new Set(ev.map((e) => e.storeId))).toEqual(new Set([store!.id]));

  // The merchant's dashboard figures moved by exactly this order.
  const after = await dashboard(token, store!.id);
  expect(after.orders).toBe(before.orders + 1);
  expect(Math.round((after.sales - before.sales) * 100)).toBe(order!.grandTotalCents);

  // A reload of the thank-you page shows the same order.
  await page.reload();
  await page.getByText(order!.orderName).waitFor();
}

describe('the shopper path', () => {
  // Issue 16's tests: the path on both themes at 375 and 1440 px (server-rendered pages, hydrated after load).
  it.each([
    ['FASHION (newchick)', 'a phone', 'demo', { width: 375, height: 667 }],
    ['DEFAULT (hydro)', 'a laptop', 'demo-home', { width: 1440, height: 900 }],
    ['FASHION (newchick)', 'a laptop', 'demo', { width: 1440, height: 900 }],
    ['DEFAULT (hydro)', 'a phone', 'demo-home', { width: 375, height: 667 }],
  ])(
    '%s on %s: home → category → product → cart → checkout → thank-you, order in the dashboard',
    async (_theme, _device, handle, viewport) => {
      const { page, context } = await newShopperPage(browser, viewport);
      await shop(page, handle, viewport);
      await context.close();
    },
  );
});

describe('host routing in the browser', () => {
  it('the storefront answers at its own origin only; the admin host never serves it', async () => {
    const { page, context } = await newPage(browser);
    expect((await page.goto(`${server.storefront('demo')}/admin`))!.status()).toBe(404);
    expect((await page.goto(`${server.storefront('demo')}/api/auth/me`))!.status()).toBe(404);
    expect((await page.goto(`${server.url}/api/storefront/shop`))!.status()).toBe(404);
    const home = (await page.goto(server.storefront('demo')))!;
    const headers = home.headers();
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).toContain(`frame-ancestors 'self' ${server.url}`);
    await context.close();
  });
});

describe('preview bridge (DESIGN.md "Preview protocol")', () => {
  /** Opens a page on `origin` that frames the demo storefront in preview mode and records the frame's messages. */
  async function editorPage(origin: string) {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    // A page of `origin` stands in for the editor: the API docs, an HTML page with the admin's header set (its CSP
    // lets it frame a shop); the JSON API's own answers allow framing nothing.
    await page.goto(`${origin}/api/docs/`);
    const src = `${server.storefront('demo')}/?preview=1`;
    await page.evaluate((s) => {
      const w = window as unknown as { readyCount: number };
      w.readyCount = 0;
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string })?.type === 'ready') w.readyCount++;
      });
      document.body.innerHTML = `<iframe id="pv" src="${s}" style="width:375px;height:667px;border:0"></iframe>`;
    }, src);
    await page.waitForFunction(() => (window as unknown as { readyCount: number }).readyCount > 0);
    const frame = page.frameLocator('#pv');
    await frame.locator('[data-section-key]').first().waitFor();
    return { page, context, frame };
  }

  async function configOfShop(): Promise<Record<string, unknown>> {
    const r = await server.app.inject({
      method: 'GET',
      url: '/api/storefront/shop',
      headers: { host: new URL(server.storefront('demo')).host },
    });
    return (r.json() as { theme: { config: Record<string, unknown> } }).theme.config;
  }

  it('applies a hand-edited config posted from the admin origin with no reload, highlights and switches page', async () => {
    const { page, context, frame } = await editorPage(server.url);
    const f = page.frames().find((x) => x.url().includes('preview=1'))!;
    await f.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const config = (await configOfShop()) as {
      pages: { fixed: { header: { settings: { text_topbar: string } } }; homepage: { sections: { key: string }[] } };
      settings: { colors: { color_announcement_bar_background: string } };
    };
    config.pages.fixed.header.settings.text_topbar = 'Edited by hand in the editor';
    config.settings.colors.color_announcement_bar_background = '#FF0000';
    const key = config.pages.homepage.sections[1]!.key;
    await page.evaluate(
      ({ c, k, target }) => {
        (document.getElementById('pv') as HTMLIFrameElement).contentWindow!.postMessage(
          { type: 'config', config: c, domain: 'demo.localhost', section: k, scrollTo: k, page: 'home' },
          target,
        );
      },
      { c: config, k: key, target: server.storefront('demo') },
    );
    await frame.getByText('Edited by hand in the editor').waitFor();
    expect(await frame.locator('.sf-announcement').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 0)');
    await expect.poll(() => frame.locator(`[data-section-key="${key}"]`).getAttribute('class')).toContain('sf-selected');
    expect(await f.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // Switching the page: the cart page renders, still without a reload.
    await page.evaluate(
      ({ c, target }) => {
        (document.getElementById('pv') as HTMLIFrameElement).contentWindow!.postMessage(
          { type: 'config', config: c, domain: 'demo.localhost', section: null, scrollTo: null, page: 'cart' },
          target,
        );
      },
      { c: config, target: server.storefront('demo') },
    );
    await frame.getByRole('heading', { name: 'Your cart' }).waitFor();
    expect(await f.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await context.close();
  });

  it('ignores a config posted from another origin (here: a script of the shop origin itself)', async () => {
    const { page, context, frame } = await editorPage(server.url);
    const f = page.frames().find((x) => x.url().includes('preview=1'))!;
    const config = (await configOfShop()) as { pages: { fixed: { header: { settings: { text_topbar: string } } } } };
    const original = config.pages.fixed.header.settings.text_topbar;
    config.pages.fixed.header.settings.text_topbar = 'Injected from elsewhere';
    await f.evaluate((c) => {
      window.postMessage({ type: 'config', config: c, domain: 'demo.localhost', section: null, scrollTo: null, page: 'home' }, '*');
    }, config);
    // The injected message (posted before) has been handled and any render painted by then.
    await settled(f);
    await expect.poll(() => frame.getByText('Injected from elsewhere').count()).toBe(0);
    await expect.poll(() => frame.getByText(original).count()).toBeGreaterThan(0);
    await context.close();
  });
});
