import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, resize, seriousA11yViolations, signIn, startServer } from './harness.js';

/**
 * Catalog management in Chromium (issue 13, the products / bulk-edit / bulk-updates / collections / inventory / feeds
 * half): the owner edits a price in the bulk-edit grid with the keyboard and saves once, then copies it with Ctrl+C,
 * pastes it with Ctrl+V and fills it down with Ctrl+D (Chromium's own clipboard events); makes the automated collection
 * "Under $30" (Price is less than 30), which the storefront shows; adjusts a variant's stock with a reason and sees
 * it in the history; raises every price of "Under $30" by 5 % as a bulk update and watches it complete; and finds
 * the Google Merchant feed's address, whose XML the storefront origin serves; creates the hoodie (rich-text
 * description, two pictures reordered by keyboard drag, Size × Colour = 12 variants with prices, compare-at, cost,
 * SKU, barcode and stock, SEO) as a draft, then makes it active and sees it on the storefront; and a "deny" variant out
 * of stock shows Sold out on its product page. Each screen is screenshot at desktop
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
  await resize(page, { width: 375, height: 667 });
  await page.screenshot({ path: join(SHOTS, `catalog-${name}-375.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A PNG of `w`×`h` drawn by the browser's canvas in `colour` (a product picture to upload). */
async function picture(name: string, colour: string, w = 600, h = 600) {
  const b64 = await page.evaluate(
    ([w, h, colour]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      g.fillStyle = colour;
      g.fillRect(0, 0, w, h);
      return c.toDataURL('image/png').split(',')[1]!;
    },
    [w, h, colour] as const,
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
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

  it('bulk edit: a price copied with Ctrl+C, pasted with Ctrl+V and filled down with Ctrl+D, saved in one go', async () => {
    // Chromium's own clipboard shortcuts (not synthetic events): the grid's copy and paste handlers must receive them.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/admin/products/bulk-edit`);
    const grid = page.getByRole('grid', { name: 'Products and variants' });
    await grid.getByRole('gridcell').nth(3).waitFor();
    const priceCell = (row: number) => grid.locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="4"]`);
    const before = await Promise.all([0, 1, 2].map(async (r) => (await priceCell(r).textContent())!.trim()));
    // The first test saved 123.45 on the first row; the next two rows hold other prices.
    expect(before[0]).toBe('123.45');
    expect(before.slice(1)).not.toContain('123.45');
    await grid.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await priceCell(1).textContent())!.trim()).toBe('123.45');
    // Rows 2 and 3 selected, filled down from row 2.
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+d');
    await expect.poll(async () => (await priceCell(2).textContent())!.trim()).toBe('123.45');
    await page.getByRole('button', { name: 'Save 2 changes' }).click();
    await page.getByText(/^Saved \d+ products? and 2 variants\.$/).waitFor();
    const [n] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from product_variants v join products p on p.id = v.product_id
          where p.store_id = ${storeId} and v.price_cents = 12345`,
    );
    expect(n!.n).toBe(3);
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

  it('products: the hoodie with Size × Colour = 12 variants, two pictures reordered, saved as draft, then active', async () => {
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await page.waitForURL('**/admin/products/create');
    const form = page.getByRole('form', { name: 'Add product' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Heavyweight Hoodie');
    await form.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type('Brushed fleece inside, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('warm');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' all winter.');
    // Two pictures dropped in (the Dropzone's file input), the second moved first with the keyboard (dnd-kit).
    await form.locator('input[type="file"]').setInputFiles([await picture('front.png', '#1f3a5f'), await picture('back.png', '#b33939')]);
    // Each picture is uploaded and resized (sharp) in turn: seconds on a loaded machine.
    await expect.poll(() => form.getByTestId('media-tile').count(), { timeout: 30_000 }).toBe(2);
    await form.getByRole('textbox', { name: 'Alt text of image 1', exact: true }).fill('Hoodie, front');
    await form.getByRole('textbox', { name: 'Alt text of image 2', exact: true }).fill('Hoodie, back');
    // dnd-kit names each tile by its picture's address; each step waits for its screen-reader announcement.
    const [front, back] = await Promise.all([0, 1].map((i) => form.getByTestId('media-tile').nth(i).locator('img').getAttribute('src')));
    const live = page.locator('[id^="DndLiveRegion"]');
    const said = (text: string) => expect.poll(async () => (await live.allTextContents()).join(' ')).toContain(text);
    await form.getByRole('button', { name: 'Drag image 2 to reorder' }).focus();
    await page.keyboard.press('Space');
    await said(`Draggable item ${back}`);
    await page.keyboard.press('ArrowLeft');
    await said(`was moved over droppable area ${front}`);
    await page.keyboard.press('Space');
    await said(`was dropped over droppable area ${front}`);
    await expect.poll(() => form.getByRole('textbox', { name: 'Alt text of image 1', exact: true }).inputValue()).toBe('Hoodie, back');
    // Price, compare-at and cost of the first variant: every combination starts from them.
    await form.getByRole('textbox', { name: 'Price', exact: true }).fill('49');
    await form.getByRole('textbox', { name: 'Compare-at price', exact: true }).fill('65');
    await form.getByRole('textbox', { name: 'Cost per item', exact: true }).fill('21.5');
    await form.getByRole('button', { name: 'Add options like size or color' }).click();
    const values = async (label: string, list: string[]) => {
      // The TagsInput's visible field (it also keeps a hidden input with the joined values).
      const input = form.getByLabel(label, { exact: true }).and(form.locator('input:not([type="hidden"])'));
      for (const v of list) {
        await input.fill(v);
        await input.press('Enter');
      }
    };
    await values('Size values', ['S', 'M', 'L', 'XL']);
    await form.getByRole('button', { name: 'Add another option' }).click();
    await form.getByRole('textbox', { name: 'Option 2 name', exact: true }).fill('Colour');
    await values('Colour values', ['Black', 'Grey', 'Green']);
    const variants = form.getByRole('table', { name: 'Variants' });
    await expect.poll(() => variants.getByRole('row').count()).toBe(1 + 12);
    await form.getByRole('textbox', { name: 'Price of XL / Green', exact: true }).fill('52');
    await form.getByRole('textbox', { name: 'SKU of M / Black', exact: true }).fill('HW-HOOD-M-BLK');
    await form.getByRole('textbox', { name: 'Barcode of M / Black', exact: true }).fill('0123456789012');
    await form.getByRole('textbox', { name: 'Available of M / Black', exact: true }).fill('7');
    await form.getByLabel('Page title').fill('Heavyweight hoodie for winter');
    await form.getByLabel('URL handle').fill('heavyweight-hoodie');
    await expect.poll(() => form.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Draft');
    await shoot('product-create');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const productId = new URL(page.url()).pathname.split('/').pop()!;

    const [p] = await rows<{ status: string; handle: string; body_html: string; seo_title: string; option_names: string[] }>(
      server.db,
      sql`select status, handle, body_html, seo_title, option_names from products where id = ${productId} and store_id = ${storeId}`,
    );
    expect(p).toEqual({
      status: 'draft',
      handle: 'heavyweight-hoodie',
      body_html: '<p>Brushed fleece inside, <strong>warm</strong> all winter.</p>',
      seo_title: 'Heavyweight hoodie for winter',
      option_names: ['Size', 'Colour'],
    });
    const vs = await rows<{
      title: string;
      price_cents: number;
      compare_at_cents: number | null;
      cost_cents: number | null;
      sku: string;
      barcode: string;
      inventory_qty: number;
    }>(
      server.db,
      sql`select concat_ws(' / ', option1, option2) as title, price_cents, compare_at_price_cents as compare_at_cents, cost_cents, sku, barcode, inventory_qty
          from product_variants where product_id = ${productId} order by position`,
    );
    expect(vs.map((v) => v.title)).toEqual(['S', 'M', 'L', 'XL'].flatMap((s) => ['Black', 'Grey', 'Green'].map((c) => `${s} / ${c}`)));
    expect(vs.map((v) => v.price_cents)).toEqual([...Array(11).fill(4900), 5200]);
    expect(new Set(vs.map((v) => `${v.compare_at_cents}/${v.cost_cents}`))).toEqual(new Set(['6500/2150']));
    expect(vs[3]).toMatchObject({ title: 'M / Black', sku: 'HW-HOOD-M-BLK', barcode: '0123456789012', inventory_qty: 7 });
    const images = await rows<{ alt: string }>(
      server.db,
      sql`select alt from product_images where product_id = ${productId} order by position`,
    );
    expect(images.map((i) => i.alt)).toEqual(['Hoodie, back', 'Hoodie, front']);

    // Draft → active: the storefront sells it, at its first variant's price.
    await choose('Status', 'Active');
    await page.getByRole('form', { name: 'Edit product' }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await rows<{ status: string }>(server.db, sql`select status from products where id = ${productId}`))[0]!.status, {
        timeout: 15_000,
      })
      .toBe('active');
    const shop = await browser.newPage();
    await shop.goto(`${server.storefront('demo')}/products/heavyweight-hoodie`);
    await shop.getByRole('heading', { name: 'Heavyweight Hoodie', level: 1 }).waitFor();
    await shop.getByText('$49.00').first().waitFor();
    await shop.close();
  });

  it('storefront: a "deny" variant out of stock is Sold out on its product page and cannot be added', async () => {
    // A published single-variant product no earlier test opened on the storefront (so no cached page), emptied.
    const [p] = await rows<{ id: string; handle: string; title: string }>(
      server.db,
      sql`select p.id, p.handle, p.title from products p where p.store_id = ${storeId} and p.status = 'active' and p.published
            and (select count(*) from product_variants v where v.product_id = p.id) = 1
          order by p.title desc limit 1`,
    );
    await server.db.execute(sql`update product_variants set inventory_qty = 0, inventory_policy = 'deny' where product_id = ${p!.id}`);
    const shop = await browser.newPage();
    await shop.goto(`${server.storefront('demo')}/products/${p!.handle}`);
    await shop.getByRole('heading', { name: p!.title, level: 1 }).waitFor();
    const buy = shop.locator('.sf-pdp__buttons .sf-btn--cart');
    await expect.poll(() => buy.textContent(), { timeout: 10_000 }).toBe('Sold out');
    expect(await buy.isDisabled()).toBe(true);
    // Back in stock: the same page sells it again.
    await server.db.execute(sql`update product_variants set inventory_qty = 4 where product_id = ${p!.id}`);
    await server.app.pageCache.purge(storeId, ['/products/*']);
    await shop.reload();
    await expect.poll(() => buy.textContent(), { timeout: 10_000 }).toBe('Add to cart');
    expect(await buy.isDisabled()).toBe(false);
    await shop.close();
  });
});
