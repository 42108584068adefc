import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, seriousA11yViolations, signIn, startServer } from './harness.js';

/**
 * Catalog management in Chromium (issue 13, the bulk-edit / bulk-updates / collections / inventory / feeds half):
 * the owner edits a price in the bulk-edit grid with the keyboard and saves once; makes the automated collection
 * "Under $30" (Price is less than 30), which the storefront shows; adjusts a variant's stock with a reason and sees
 * it in the history; raises every price of "Under $30" by 5 % as a bulk update and watches it complete; and finds
 * the Google Merchant feed's address, whose XML the storefront origin serves. Each screen is screenshot at desktop
 * and 375 px (e2e/.screenshots/) and checked with axe.
 */

const SHOTS = join(import.meta.dirname, '.screenshots');
let server: E2eServer;
let browser: Browser;
let page: Page;
let storeId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ demoOrders: 5 });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  // An action that cannot happen fails with its locator instead of hanging until the test's timeout.
  page.setDefaultTimeout(20_000);
  await signIn(page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
  storeId = (await rows<{ id: string }>(server.db, sql`select id from stores where name = 'Demo Fashion'`))[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots the page at desktop size and at 375 px, then back to desktop. */
async function shoot(name: string) {
  await page.screenshot({ path: join(SHOTS, `catalog-${name}-desktop.png`) });
  await page.setViewportSize({ width: 375, height: 667 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `catalog-${name}-375.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('catalog management (issue 13)', () => {
  it('bulk edit: a price changed in the grid with the keyboard is saved in one go', async () => {
    await page.goto(`${server.url}/admin/products/bulk-edit`);
    const grid = page.getByRole('grid', { name: 'Products and variants' });
    await grid.getByRole('gridcell').nth(3).waitFor();
    const first = (await grid.getByRole('gridcell').first().textContent())!;
    await grid.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.type('123.45');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByText('Saved 1 product and 1 variant.').waitFor();
    const [v] = await rows<{ price_cents: number }>(
      server.db,
      sql`select v.price_cents from product_variants v join products p on p.id = v.product_id
          where p.store_id = ${storeId} and p.title = ${first} order by v.position limit 1`,
    );
    expect(v!.price_cents).toBe(12345);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot('bulk-edit');
  });

  it('collections: the automated "Under $30" collection is shown on the storefront', async () => {
    await page.goto(`${server.url}/admin/collections`);
    await page.getByRole('button', { name: 'Create collection' }).click();
    const form = page.getByRole('form', { name: 'Create collection' });
    await form.getByLabel('Title').fill('Under $30');
    await form.getByRole('radio', { name: /Automated/ }).check();
    await choose('Condition 1 field', 'Price');
    await choose('Condition 1 relation', 'is less than');
    await form.getByRole('textbox', { name: 'Condition 1 value' }).fill('30');
    expect(await seriousA11yViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Under $30' }).waitFor();
    const [c] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from collection_products cp join collections c on c.id = cp.collection_id
          where c.store_id = ${storeId} and c.handle = 'under-30'`,
    );
    expect(c!.n).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot('collections');
    const shop = await browser.newPage();
    await shop.goto(`${server.storefront('demo')}/collections/under-30`);
    await shop.getByText('Under $30').first().waitFor();
    await shop.locator('a[href^="/products/"]').first().waitFor();
    await shop.close();
  });

  it('inventory: an adjustment with a reason shows in the history', async () => {
    await page.goto(`${server.url}/admin/inventory`);
    const row = page.getByRole('table', { name: 'Inventory' }).getByRole('row').nth(1);
    await row.waitFor();
    await row.getByRole('button', { name: /^Adjust / }).click();
    const form = page.getByRole('form', { name: 'Adjust stock' });
    await form.getByRole('textbox', { name: /Adjust by/ }).fill('5');
    await form.getByLabel('Note').fill('Supplier delivery');
    await form.getByRole('button', { name: 'Save' }).click();
    const history = page.getByRole('table', { name: 'Stock history' });
    await history.getByText('Supplier delivery').waitFor();
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('+5');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot('inventory');
  });

  it('bulk updates: +5 % on every price of "Under $30" runs as a job to completion', async () => {
    const before = await rows<{ id: string; price_cents: number }>(
      server.db,
      sql`select v.id, v.price_cents from product_variants v join collection_products cp on cp.product_id = v.product_id
          join collections c on c.id = cp.collection_id where c.store_id = ${storeId} and c.handle = 'under-30' order by v.id`,
    );
    await page.goto(`${server.url}/admin/bulk-updates`);
    await page.getByRole('textbox', { name: /Percentage/ }).fill('5');
    await choose(/^Collection/, 'Under $30');
    await page.getByRole('button', { name: 'Start update' }).click();
    const row = page.getByTestId('bulk-update-row').first();
    try {
      await row.getByText('Price: increase by 5 % — collection under-30').waitFor({ timeout: 15_000 });
      await row.getByText('Completed', { exact: true }).waitFor({ timeout: 20_000 });
    } catch (e) {
      await page.screenshot({ path: join(SHOTS, 'catalog-bulk-updates-failure.png'), fullPage: true });
      throw e;
    }
    const after = await rows<{ id: string; price_cents: number }>(
      server.db,
      sql`select id, price_cents from product_variants where id in (${sql.join(
        before.map((b) => sql`${b.id}::uuid`),
        sql`, `,
      )}) order by id`,
    );
    expect(after.map((a) => a.price_cents)).toEqual(before.map((b) => Math.round((b.price_cents * 105) / 100)));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot('bulk-updates');
  });

  it('product feeds: the Google Merchant feed is served as XML on the storefront origin', async () => {
    await page.goto(`${server.url}/admin/product-feeds`);
    await page.getByRole('heading', { name: 'Google Merchant Center' }).waitFor();
    const url = await page.getByLabel('Feed address').inputValue();
    expect(url).toBe(`${server.storefront('demo')}/feeds/google.xml`);
    // The browser resolves *.localhost to this server (launchBrowser's host rules); Node's resolver may not.
    const shop = await browser.newPage();
    const res = (await shop.goto(url))!;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    await shop.close();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/);
    expect(xml).toContain('<g:price>');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot('product-feeds');
  });
});
