import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { type E2eServer, launchBrowser, newPage, seriousA11yViolations, signIn, startServer } from './harness.js';

/**
 * The Products screen and the Shopify CSV import in Chromium: the owner imports apparel.csv through the dropzone,
 * the report counts one created product per distinct Handle, the products are in the table, and the home
 * dashboard's Products figure grew by as many. Importing the same file again creates nothing (the server counts
 * unchanged products as skipped); a copy with every title changed updates them all. The Export button's CSV imports
 * into the owner's second shop with the same products, variants, prices and pictures (issue 13). The orders+products demo staff
 * member lands on Orders after picking the shop.
 */

const CSV = join(import.meta.dirname, '../fixtures/shopify-product-csvs/apparel.csv');
const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };
const STAFF = { email: 'staff@demo.test', password: 'backroom-demo' };

type Row = Record<string, string>;
const records = parse(readFileSync(CSV), { columns: true, skip_empty_lines: true, bom: true }) as Row[];
const handles = [...new Set(records.map((r) => r.Handle).filter(Boolean))];
const titles = records.filter((r) => r.Title).map((r) => r.Title!);
const VENDOR = 'partners-demo';

let server: E2eServer;
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  server = await startServer({ demoOrders: 40 });
  browser = await launchBrowser();
  tmp = await mkdtemp(join(tmpdir(), 'backroom-import-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The number shown in a figure card of the home dashboard (its second paragraph: label, value, footer), e.g. 84. */
async function figure(page: Page, name: string): Promise<number> {
  const value = (await page.getByRole('region', { name, exact: true }).locator('p').nth(1).textContent()) ?? '';
  if (!/^[\d,]+$/.test(value)) throw new Error(`the ${name} card shows no number: '${value}'`);
  return Number(value.replace(/,/g, ''));
}

/** Opens the import dialog, drops `file` on the dropzone's input and waits for the report; returns the dialog. */
async function importFile(page: Page, file: string) {
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByText('Drag a CSV file here or click to choose one').waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('region', { name: 'Import report' }).waitFor({ timeout: 60_000 });
  return dialog;
}

async function reportCounts(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  const read = async (name: string) => {
    const text = (await dialog.getByRole('region', { name, exact: true }).textContent()) ?? '';
    return Number(text.slice(name.length).replace(/,/g, ''));
  };
  return { created: await read('Created'), updated: await read('Updated'), skipped: await read('Skipped') };
}

/** Titles in the products table, in order. */
async function tableTitles(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Products' });
  // The Title column is found by its header: the table also has selection and image columns before it.
  const headers = await table.locator('thead th').allTextContents();
  const column = headers.findIndex((h) => h.trim() === 'Title') + 1;
  expect(column).toBeGreaterThan(0);
  return table.locator(`tbody tr td:nth-child(${column})`).allTextContents();
}

async function searchProducts(page: Page, text: string, expectedTotal: number) {
  await page.getByLabel('Search products').fill(text);
  await page.getByText(`${expectedTotal} ${expectedTotal === 1 ? 'product' : 'products'} matching “${text}”`).waitFor();
}

describe('Products screen and the Shopify CSV import', () => {
  it('the CSV holds products to import', () => {
    expect(handles.length).toBeGreaterThan(1);
    expect(titles).toHaveLength(handles.length);
  });

  it('owner imports apparel.csv: one product per Handle, listed in the table and counted on the home dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await page.waitForURL((u) => u.pathname === '/admin');
    const homeCard = page.getByRole('region', { name: 'Products', exact: true });
    await expect.poll(() => homeCard.textContent()).toMatch(/\d/);
    const before = await figure(page, 'Products');
    const [db] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from products p join stores s on s.id = p.store_id where s.handle = 'demo'`,
    );
    expect(before).toBe(db!.n);

    // Open Products from the sidebar.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Products', { exact: true }).first().click();
    await nav.getByRole('link', { name: 'All products' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/products');
    await page.getByRole('table', { name: 'Products' }).waitFor();
    await page.getByText(`${before.toLocaleString('en-US')} products`, { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Import through the dropzone.
    const dialog = await importFile(page, CSV);
    expect(await reportCounts(page)).toEqual({ created: handles.length, updated: 0, skipped: 0 });
    await expect.poll(() => dialog.getByRole('table', { name: /Rejected rows/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The list follows at once: the total grew and every imported title is listed.
    const after = before + handles.length;
    await page.getByText(`${after.toLocaleString('en-US')} products`, { exact: true }).waitFor();
    await searchProducts(page, VENDOR, handles.length);
    expect(await tableTitles(page)).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const shirt = page.getByRole('row').filter({ hasText: 'Ocean Blue Shirt' });
    await expect.poll(() => shirt.textContent()).toContain('$50.00');
    await expect.poll(() => shirt.textContent()).toContain('Active');

    // The home dashboard's Products figure grew by the number of handles.
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await expect.poll(() => figure(page, 'Products')).toBe(after);
    await context.close();
  });

  it('re-importing creates nothing: the same file leaves every product unchanged, a changed copy updates them all', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('table', { name: 'Products' }).waitFor();
    const [{ n: total } = { n: 0 }] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from products p join stores s on s.id = p.store_id where s.handle = 'demo'`,
    );

    const dialog = await importFile(page, CSV);
    expect(await reportCounts(page)).toEqual({ created: 0, updated: 0, skipped: handles.length });

    // Every product of the file changed (its title): all updated, none created.
    const changed = join(tmp, 'apparel-renamed.csv');
    const text = readFileSync(CSV, 'utf8');
    let renamed = text;
    for (const t of titles) renamed = renamed.replace(`,${t},`, `,${t} 2025,`);
    expect(renamed).not.toBe(text);
    writeFileSync(changed, renamed);
    await dialog.getByRole('button', { name: 'Import another file' }).click();
    await importFile(page, changed);
    expect(await reportCounts(page)).toEqual({ created: 0, updated: handles.length, skipped: 0 });
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByText(`${total.toLocaleString('en-US')} products`, { exact: true }).waitFor();
    await searchProducts(page, 'Ocean Blue Shirt 2025', 1);
    expect(await tableTitles(page)).toEqual(['Ocean Blue Shirt 2025']);
    await context.close();
  });

  it('the Export button downloads the catalog as a Shopify CSV that imports into the second shop: same products, variants, prices and pictures', async () => {
    /** Each product of a shop by handle: title, status, variants' options, prices and SKUs in order, pictures' alt texts in order. */
    const catalogOf = async (shop: string) =>
      new Map(
        (
          await rows<{ handle: string; title: string; status: string; variants: string[]; images: string[] }>(
            server.db,
            sql`select p.handle, p.title, p.status,
                  coalesce((select array_agg(concat_ws('|', v.option1, v.option2, v.option3, v.price_cents, v.compare_at_price_cents, v.sku) order by v.position)
                            from product_variants v where v.product_id = p.id), '{}') as variants,
                  coalesce((select array_agg(i.alt order by i.position) from product_images i where i.product_id = p.id), '{}') as images
                from products p join stores s on s.id = p.store_id where s.handle = ${shop}`,
          )
        ).map(({ handle, ...rest }) => [handle, rest]),
      );
    const fashion = await catalogOf('demo');
    const home = await catalogOf('demo-home');
    const clashes = [...fashion.keys()].filter((h) => home.has(h));

    const { context, page } = await newPage(browser);
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('table', { name: 'Products' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('products_export.csv');
    const file = join(tmp, 'products_export.csv');
    await download.saveAs(file);
    const exported = parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as Row[];
    expect(new Set(exported.map((r) => r.Handle))).toEqual(new Set(fashion.keys()));
    await context.close();

    const second = await newPage(browser);
    await signIn(second.page, server.url, OWNER.email, OWNER.password, 'Demo Home');
    await second.page.goto(`${server.url}/admin/products`);
    await second.page.getByRole('table', { name: 'Products' }).waitFor();
    await importFile(second.page, file);
    expect(await reportCounts(second.page)).toEqual({ created: fashion.size - clashes.length, updated: clashes.length, skipped: 0 });
    await expect
      .poll(() =>
        second.page
          .getByRole('dialog', { name: 'Import products' })
          .getByRole('table', { name: /Rejected rows/ })
          .count(),
      )
      .toBe(0);
    const copied = await catalogOf('demo-home');
    for (const [handle, product] of fashion) expect(copied.get(handle), handle).toEqual(product);
    await second.context.close();
  });

  it('at 375 px the products are cards, the import dialog fills the screen and shows the server’s error messages', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 667 });
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await page.goto(`${server.url}/admin/products`);
    const list = page.getByRole('list', { name: 'Products' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.getByText('Drag a CSV file here or click to choose one').waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An error answer: the server's message shows in the dialog.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('file: the CSV is empty');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('the orders+products staff member lands on Orders after picking the shop, not on no-access', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, STAFF.email, STAFF.password, 'Demo Fashion');
    await page.waitForURL((u) => u.pathname === '/admin/orders');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/orders');
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('table', { name: 'Products' }).waitFor();
    await context.close();
  });
});
