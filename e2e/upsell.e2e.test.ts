import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StorefrontOrderLine } from '@backroom/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { type E2eServer, launchBrowser, newPage, newShopperPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * Boost UpSell in Chromium (issue 18 item 1): the merchant creates a "Frequently bought together" bundle in the admin
 * of Demo Home (hydro); a shopper takes the bundle and then the post-purchase offer on the thank-you page in Demo
 * Home and in Demo Fashion (newchick, whose demo data has the story's three offers), and the order's totals are the
 * server's to the cent; the offers screen then counts the orders. Screenshots go to e2e/.screenshots/.
 */
let server: E2eServer;
let browser: Browser;
const SHOTS = join(import.meta.dirname, '.screenshots');
beforeAll(async () => {
  server = await startServer({ demoOrders: 200 });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Published single-variant products of Demo Home that can be sold, A→Z: the bundle's two and the post-purchase one. */
async function homeProducts(): Promise<{ id: string; handle: string; title: string }[]> {
  return rows(
    server.db,
    sql`select p.id, p.handle, p.title from products p join stores s on s.id = p.store_id
        where s.handle = 'demo-home' and p.published
          and (select count(*) from product_variants v where v.product_id = p.id) = 1
          and exists (select 1 from product_variants v where v.product_id = p.id
                       and (v.inventory_policy = 'continue' or v.inventory_qty > 5))
        order by p.title limit 3`,
  );
}

/** Chooses `title` in the product picker labelled `label` (a searchable MultiSelect). */
async function pick(page: import('playwright-core').Page, label: string, title: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(title.slice(0, 12));
  await page.getByRole('option', { name: title }).click();
  await input.press('Escape');
}

/**
 * The shopper: the trigger product's page → "Add bundle to cart" → the cart shows the bundle's reduction → checkout →
 * thank-you → "Add to my order". Checks every figure against the order the server stored.
 */
async function takeBundleAndPostPurchase(shopHandle: string, o: { productHandle: string; bundleTitle: string; postTitle: string }) {
  const { context, page } = await newShopperPage(browser, { width: 1280, height: 900 });
  const origin = server.storefront(shopHandle);
  await page.goto(`${origin}/products/${o.productHandle}`);
  const box = page.getByRole('region', { name: o.bundleTitle });
  await box.waitFor();
  await page.screenshot({ path: join(SHOTS, `upsell-bundle-${shopHandle}.png`) });
  expect(await seriousA11yViolations(page, { include: ['.sf-offers'] })).toEqual([]);
  await box.getByRole('button', { name: 'Add bundle to cart' }).click();
  await box.getByRole('button', { name: 'Bundle added to cart' }).waitFor();
  await page.goto(`${origin}/cart`);
  await page.getByRole('heading', { name: 'Your cart' }).waitFor();
  const row = page.locator('.sf-cart__summary .sf-row--discount', { hasText: o.bundleTitle });
  await row.waitFor();
  const cartRow = await row.textContent();
  await page.screenshot({ path: join(SHOTS, `upsell-cart-${shopHandle}.png`) });
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel('Email').fill(`${shopHandle}.upsell@example.test`);
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Address').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  for (let i = 0; i < 3; i++) {
    const cont = page.getByRole('button', { name: /^Continue to/ });
    if (!(await cont.isVisible().catch(() => false))) break;
    await cont.click();
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/thank-you\//);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const read = async () =>
    (
      await rows<{ subtotal_cents: number; discount_cents: number; grand_total_cents: number; line_items: StorefrontOrderLine[] }>(
        server.db,
        sql`select subtotal_cents, discount_cents, grand_total_cents, line_items from orders where id = ${orderId}`,
      )
    )[0]!;
  const placed = await read();
  // 10 % off each bundled line, rounded per line (both shops' bundles are 10 %).
  const bundleCents = placed.line_items.reduce((s, l) => s + Math.round((l.priceCents * l.quantity) / 10), 0);
  expect(placed.discount_cents).toBe(bundleCents);
  expect(placed.grand_total_cents).toBe(placed.subtotal_cents - bundleCents);
  expect(cartRow).toBe(`${o.bundleTitle}−${money(bundleCents)}`);

  const offer = page.getByRole('region', { name: o.postTitle });
  await offer.waitFor();
  await page.screenshot({ path: join(SHOTS, `upsell-thank-you-${shopHandle}.png`) });
  expect(await seriousA11yViolations(page, { include: ['.sf-offer--post'] })).toEqual([]);
  await offer.getByRole('button', { name: 'Add to my order' }).click();
  await page.getByText('was added to your order').waitFor();
  const after = await read();
  const added = after.line_items.at(-1)!;
  expect(after.line_items).toHaveLength(placed.line_items.length + 1);
  expect(added.offerId).toBeTruthy();
  // 20 % off the one unit taken, rounded half up; charged on top of what was paid.
  const charged = added.priceCents - Math.round(added.priceCents / 5);
  expect(after.grand_total_cents).toBe(placed.grand_total_cents + charged);
  expect(after.subtotal_cents).toBe(placed.subtotal_cents + added.priceCents);
  await page.locator('.sf-row--total', { hasText: money(after.grand_total_cents) }).waitFor();
  await context.close();
}

/** The quantity break of Demo Fashion's Tops & Tees: "Buy 2" on a tee's page → 5 % off its line in the cart. */
async function takeQuantityBreak() {
  const { context, page } = await newShopperPage(browser, { width: 1280, height: 900 });
  const origin = server.storefront('demo');
  await page.goto(`${origin}/products/organic-cotton-tee`);
  const box = page.getByRole('region', { name: 'Buy more, save more' });
  await box.getByRole('button', { name: /Buy 3/ }).waitFor();
  await page.screenshot({ path: join(SHOTS, 'upsell-tiers-demo.png') });
  expect(await seriousA11yViolations(page, { include: ['.sf-offers'] })).toEqual([]);
  await box.getByRole('button', { name: /Buy 2/ }).click();
  await box.getByRole('status').waitFor();
  // The cart as the storefront keeps it (`sf-cart:{shopId}`): the line the tier added, at the variant's price.
  const cart = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /^sf-cart:[^:]+$/.test(k))?.[1] ?? '[]');
  const first = (JSON.parse(cart) as { priceCents: number; quantity: number }[])[0]!;
  expect(first.quantity).toBe(2);
  await page.goto(`${origin}/cart`);
  const row = page.locator('.sf-cart__summary .sf-row--discount', { hasText: 'Buy more, save more' });
  await row.waitFor();
  await expect.poll(() => row.textContent()).toBe(`Buy more, save more−${money(Math.round((first.priceCents * 2) / 20))}`);
  await context.close();
}

describe('Boost UpSell', () => {
  it('the merchant creates a bundle; shoppers take a bundle and a post-purchase offer in both themes', async () => {
    const [a, b, c] = await homeProducts();
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Home');
    await page.goto(`${server.url}/admin/upsell`);
    await page.getByRole('link', { name: 'Create offer' }).click();
    await page.waitForURL('**/admin/upsell/new');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Better together');
    await pick(page, 'Main products', a!.title);
    await pick(page, 'Bundled with', b!.title);
    await page.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
    await page.screenshot({ path: join(SHOTS, 'upsell-form.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save offer' }).click();
    await page.waitForURL(/\/admin\/upsell\/[0-9a-f-]{36}$/);
    const [saved] = await rows<{ product_ids: string[]; offer_product_ids: string[]; discount_value: number }>(
      server.db,
      sql`select product_ids, offer_product_ids, discount_value from upsell_offers where title = 'Better together'`,
    );
    expect(saved).toEqual({ product_ids: [a!.id], offer_product_ids: [b!.id], discount_value: 1000 });
    // The post-purchase offer of Demo Home, straight into its table (the form was driven above).
    await server.db.execute(sql`
      insert into upsell_offers (store_id, title, type, product_ids, offer_product_ids, discount_type, discount_value)
      select s.id, 'One more for you', 'post_purchase', ${`{${a!.id}}`}::uuid[], ${`{${c!.id}}`}::uuid[], 'percentage', 2000
      from stores s where s.handle = 'demo-home'`);

    await takeBundleAndPostPurchase('demo-home', {
      productHandle: a!.handle,
      bundleTitle: 'Better together',
      postTitle: 'One more for you',
    });
    await takeBundleAndPostPurchase('demo', {
      productHandle: 'waffle-knit-hoodie',
      bundleTitle: 'Frequently bought together',
      postTitle: 'Add a matching tee',
    });

    await takeQuantityBreak();

    await page.goto(`${server.url}/admin/upsell`);
    const table = page.getByRole('table', { name: 'Offers' });
    const offerRow = table.getByRole('row').filter({ hasText: 'Better together' });
    await offerRow.waitFor();
    // One view at least, one add and one order counted for the bundle.
    await expect.poll(async () => offerRow.getByRole('cell').nth(4).textContent()).toBe('1');
    await page.screenshot({ path: join(SHOTS, 'upsell-list.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByText('Better together').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'upsell-list-375.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
