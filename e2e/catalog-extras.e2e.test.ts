import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import {
  DEMO_OWNER,
  type E2eServer,
  launchBrowser,
  newPage,
  newShopperPage,
  resize,
  seriousA11yViolations,
  signIn,
  startServer,
} from './harness';

/**
 * Catalog extras in Chromium (issue 13 items 6, 7, 8, 10), on Demo Fashion: the merchant adds a Size filter on
 * Product Options and the storefront collection page filters by it; makes a size chart for a collection and its
 * product page shows it; a shopper submits a review, the merchant publishes it on Reviews and the product page shows
 * it with the average, then hides it again with the bulk moderation; the merchant adds a base product from the Catalog
 * as a draft (with its mockup picture); a manual collection reordered by keyboard drag (dnd-kit) shows its new order
 * on the storefront collection page. Each admin screen is
 * screenshot at 1440 px and 375 px (e2e/.screenshots/) and checked with axe.
 */
let server: E2eServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let shop: { context: BrowserContext; page: Page };
const SHOTS = join(import.meta.dirname, '.screenshots');
const SHOP = 'demo';
/** A collection of Demo Fashion and a published product in it whose variants have a Size option. */
let target: { collection: string; collectionTitle: string; product: string };

beforeAll(async () => {
  server = await startServer({ demoOrders: 40 });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  const [r] = await rows<{ collection: string; title: string; product: string }>(
    server.db,
    sql`select c.handle as collection, c.title, p.handle as product from collections c
        join stores s on s.id = c.store_id and s.handle = ${SHOP}
        join collection_products cp on cp.collection_id = c.id
        join products p on p.id = cp.product_id and p.published and p.option_names[1] = 'Size'
        order by c.title, p.title limit 1`,
  );
  target = { collection: r!.collection, collectionTitle: r!.title, product: r!.product };
  admin = await newPage(browser);
  await signIn(admin.page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
  shop = await newShopperPage(browser, { width: 1280, height: 900 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots the admin page at desktop and 375 px width, and asserts no serious/critical axe violation. */
async function look(name: string) {
  const page = admin.page;
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await resize(page, { width: 375, height: 740 });
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('catalog extras', () => {
  it('Product Options: a Size filter the storefront collection page filters by', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/product-options`);
    await page.getByRole('heading', { name: 'Product Options' }).waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitem', { name: 'Size' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await look('product-options');

    const sf = shop.page;
    await sf.goto(`${server.storefront(SHOP)}/collections/${target.collection}`);
    const filters = sf.getByRole('group', { name: 'Filters' });
    await filters.getByText('Size', { exact: true }).click();
    const first = filters.getByRole('checkbox').first();
    const label = ((await filters.locator('label').first().textContent()) ?? '').trim();
    const expected = Number(/\((\d+)\)/.exec(label)![1]);
    await first.check();
    await sf.waitForURL(/option=Size/);
    await expect.poll(async () => sf.getByText(/^\d+ products$/).textContent()).toBe(`${expected} products`);
  });

  it('Size chart: a chart for the collection shows on its product page', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/size-chart`);
    await page.getByRole('button', { name: 'Add size chart' }).click();
    const form = page.getByRole('form', { name: 'Add size chart' });
    await form.getByLabel('Title').fill('Fashion sizes');
    await form.getByLabel('Row 1, Bust').fill('84');
    await form.getByLabel('Collections').click();
    await page.getByRole('option', { name: target.collectionTitle }).click();
    await form.getByRole('button', { name: 'Save size chart' }).click();
    await page.getByRole('region', { name: 'Size chart Fashion sizes' }).waitFor();
    await look('size-chart');

    const sf = shop.page;
    await sf.goto(`${server.storefront(SHOP)}/products/${target.product}`);
    await sf.getByText('Size chart', { exact: true }).click();
    await expect.poll(async () => sf.locator('.sf-sizechart caption').textContent()).toBe('Fashion sizes (cm)');
    await expect.poll(() => sf.getByRole('cell', { name: '84' }).count()).toBe(1);
  });

  it('Reviews: a shopper submits one, the merchant publishes it, the product page shows it', async () => {
    const sf = shop.page;
    await sf.goto(`${server.storefront(SHOP)}/products/${target.product}`);
    await sf.getByRole('button', { name: 'Write a review' }).click();
    const form = sf.getByRole('form', { name: 'Write a review' });
    await form.getByLabel('4').check();
    await form.getByLabel('Name').fill('Erin Shopper');
    await form.getByLabel('E-mail').fill('erin@example.test');
    await form.getByLabel('Title').fill('Fits well');
    await form.getByLabel('Review').fill('True to size and soft.');
    await form.getByLabel('Size bought (optional)').fill('M');
    await form.getByLabel('True to size').check();
    await form.getByRole('button', { name: 'Submit review' }).click();
    await sf.getByRole('status').getByText('Thank you! Your review will appear once the shop has approved it.').waitFor();

    const page = admin.page;
    await page.goto(`${server.url}/admin/apps/product-reviews`);
    await page.getByRole('button', { name: 'Publish review by Erin Shopper' }).click();
    await page.getByRole('button', { name: 'Hide review by Erin Shopper' }).waitFor();
    await look('reviews');

    await sf.reload();
    await sf.getByText('True to size and soft.').waitFor();
    await expect.poll(() => sf.locator('.sf-reviews__summary').textContent()).toContain('4.0 out of 5 · 1 review');
    await sf.locator('.sf-reviews__fit').getByText('Size bought: M · Fit: True to size').waitFor();
    expect(await seriousA11yViolations(sf)).toEqual([]);
    await sf.screenshot({ path: join(SHOTS, 'storefront-reviews.png'), fullPage: true });
    // The theme's product setting hideReviewSizes (written straight into the published config) hides the size fit
    // line; the review itself stays.
    const setHideSizes = (on: boolean) =>
      server.db.execute(
        sql`update theme_configs c set config = jsonb_set(c.config, '{settings,product}', coalesce(c.config->'settings'->'product', '{}') || jsonb_build_object('hideReviewSizes', ${on}::boolean))
            where c.id = (select c2.id from theme_configs c2 join themes t on t.id = c2.theme_id join stores s on s.id = t.store_id
                          where s.handle = ${SHOP} and t.published order by c2.version desc limit 1)`,
      );
    await setHideSizes(true);
    await sf.reload();
    await sf.getByText('True to size and soft.').waitFor();
    expect(await sf.locator('.sf-reviews__fit').count()).toBe(0);
    await setHideSizes(false);

    // Bulk moderation: tick it on the Published tab (kept in the address) and hide the selection in one request.
    await page.goto(`${server.url}/admin/apps/product-reviews?status=published`);
    await page.getByRole('checkbox', { name: 'Select review by Erin Shopper' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Hide selected' }).click();
    await page.getByText('Review hidden').waitFor();
    const [hidden] = await rows<{ status: string }>(server.db, sql`select status from product_reviews where author = 'Erin Shopper'`);
    expect(hidden!.status).toBe('hidden');
    await sf.reload();
    await sf.locator('.sf-pdp').waitFor();
    await expect.poll(async () => sf.getByText('True to size and soft.').count()).toBe(0);
  });

  it('Catalog: a base product becomes a draft product of the shop', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/catalog`);
    const card = page.getByRole('article', { name: 'Unisex Heavy Blend Hoodie' });
    await card.waitFor();
    // Every card shows its mockup, a picture the browser could decode.
    await expect
      .poll(async () =>
        card.getByRole('img', { name: 'Unisex Heavy Blend Hoodie mockup' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBe(800);
    await look('catalog');
    await page.getByRole('button', { name: 'Add Unisex Heavy Blend Hoodie to store' }).click();
    await page.getByRole('form', { name: 'Add to store' }).getByRole('button', { name: 'Create draft product' }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const [p] = await rows<{ status: string; variants: number; cost: number }>(
      server.db,
      sql`select p.status, count(v.*)::int as variants, min(v.cost_cents)::int as cost from products p
          join product_variants v on v.product_id = p.id
          join stores s on s.id = p.store_id and s.handle = ${SHOP}
          where p.title = 'Unisex Heavy Blend Hoodie' group by p.id`,
    );
    expect(p).toEqual({ status: 'draft', variants: 48, cost: 2150 });
    // The draft carries the base item's mockup picture, stored in the shop's uploads; the product page shows it.
    const [img] = await rows<{ src: string }>(
      server.db,
      sql`select i.src from product_images i join products p on p.id = i.product_id
          join stores s on s.id = p.store_id and s.handle = ${SHOP} where p.title = 'Unisex Heavy Blend Hoodie'`,
    );
    expect(img!.src).toMatch(/^\/uploads\/.+\.webp$/);
    await page.locator(`img[src="${img!.src}"]`).first().waitFor();
  });

  it('Collections: a manual collection reordered by keyboard drag shows the new order on the storefront', async () => {
    const picks = await rows<{ id: string; title: string; handle: string }>(
      server.db,
      sql`select p.id, p.title, p.handle from products p join stores s on s.id = p.store_id and s.handle = ${SHOP}
          where p.published and p.title not like '%''%' order by p.title limit 2`,
    );
    const [a, b] = picks as [{ id: string; title: string; handle: string }, { id: string; title: string; handle: string }];
    const page = admin.page;
    await page.goto(`${server.url}/admin/collections`);
    await page.getByRole('button', { name: 'Create collection' }).click();
    const form = page.getByRole('form', { name: 'Create collection' });
    await form.getByLabel('Title').fill('Staff picks');
    for (const p of [a, b]) {
      await form.getByRole('textbox', { name: 'Add products' }).fill(p.title);
      await form.getByRole('button', { name: `Add ${p.title}`, exact: true }).click();
    }
    // Keyboard drag (dnd-kit's KeyboardSensor): Space picks the second row up, ArrowUp moves it, Space drops it.
    const handle = form.getByRole('button', { name: `Drag ${b.title} to reorder (position 2)` });
    // Each step waits for dnd-kit's screen-reader announcement (its live region), so a key never races the sensor.
    const live = page.locator('[id^="DndLiveRegion"]');
    const said = (text: string) => expect.poll(async () => (await live.allTextContents()).join(' ')).toContain(text);
    await handle.focus();
    await page.keyboard.press('Space');
    await said(`Draggable item ${b.id}`);
    await page.keyboard.press('ArrowUp');
    await said(`was moved over droppable area ${a.id}`);
    await page.keyboard.press('Space');
    await said(`was dropped over droppable area ${a.id}`);
    await form.getByRole('button', { name: `Drag ${b.title} to reorder (position 1)` }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Staff picks' }).waitFor();
    const order = await rows<{ handle: string }>(
      server.db,
      sql`select p.handle from collection_products cp join collections c on c.id = cp.collection_id
          join products p on p.id = cp.product_id
          join stores s on s.id = c.store_id and s.handle = ${SHOP} where c.handle = 'staff-picks' order by cp.position`,
    );
    expect(order.map((r) => r.handle)).toEqual([b.handle, a.handle]);

    const sf = shop.page;
    await sf.goto(`${server.storefront(SHOP)}/collections/staff-picks`);
    const cards = sf.locator('main a[href^="/products/"]');
    await cards.first().waitFor();
    const hrefs = await cards.evaluateAll((els) => [...new Set(els.map((e) => (e.getAttribute('href') ?? '').split('?')[0]))]);
    expect(hrefs.slice(0, 2)).toEqual([`/products/${b.handle}`, `/products/${a.handle}`]);
  });
});
