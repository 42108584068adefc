import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addDaysToDate, localParts } from '@backroom/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { type E2eServer, launchBrowser, newPage, newShopperPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * Discounts and abandoned checkouts in Chromium (issue 12 items 5 and 6): the merchant creates SUMMER10 (10 % off,
 * minimum $50, 100 uses, one per customer, ends Sunday night on the shop's clock) in the admin of Demo Home; a
 * shopper applies it in the cart of Demo Home (hydro theme) and of Demo Fashion (newchick theme, whose demo data has
 * the same SUMMER10) and the checkout total is the server's to the cent; the merchant copies a recovery link in
 * Abandoned checkouts and a new browser that opens it gets the cart back. Screenshots go to e2e/.screenshots/.
 */
let server: E2eServer;
let browser: Browser;
const SHOTS = join(import.meta.dirname, '.screenshots');
beforeAll(async () => {
  server = await startServer({ demoOrders: 300 });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };

/** A published product of the shop priced $60–$150 (over SUMMER10's $50 minimum), with its cheapest variant price. */
async function productOver50(handle: string): Promise<{ handle: string; title: string; priceCents: number }> {
  const [p] = await rows<{ handle: string; title: string; price: number }>(
    server.db,
    sql`select p.handle, p.title, min(v.price_cents)::int as price from products p join stores s on s.id = p.store_id
        join product_variants v on v.product_id = p.id
        where s.handle = ${handle} and p.published group by p.id having min(v.price_cents) between 6000 and 15000
        order by p.title limit 1`,
  );
  return { handle: p!.handle, title: p!.title, priceCents: p!.price };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The shopper: product → cart → SUMMER10 → checkout → thank-you; answers the order row. */
async function shopWithCode(shopHandle: string, email: string) {
  const product = await productOver50(shopHandle);
  const discount = Math.round(product.priceCents * 0.1);
  const { context, page } = await newShopperPage(browser, { width: 1280, height: 900 });
  const origin = server.storefront(shopHandle);
  await page.goto(`${origin}/products/${product.handle}`);
  await page.getByRole('button', { name: 'Add to cart' }).filter({ visible: true }).first().click();
  await page.goto(`${origin}/cart`);
  await page.getByRole('heading', { name: 'Your cart' }).waitFor();
  await page.getByLabel('Discount code').fill('summer10');
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.locator('.sf-cart__summary .sf-row--discount');
  await row.waitFor();
  await expect.poll(() => row.textContent()).toBe(`Discount (SUMMER10)−${money(discount)}`);
  await expect
    .poll(() => page.locator('.sf-cart__summary .sf-row--total').textContent())
    .toBe(`Total${money(product.priceCents - discount)}`);
  await page.screenshot({ path: join(SHOTS, `cart-${shopHandle}.png`) });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Address').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await summary.locator('.sf-row--discount').waitFor();
  await expect.poll(() => summary.locator('.sf-row--total').textContent()).toBe(`Total${money(product.priceCents - discount)}`);
  for (let i = 0; i < 3; i++) {
    const cont = page.getByRole('button', { name: /^Continue to/ });
    if (!(await cont.isVisible().catch(() => false))) break;
    await cont.click();
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/thank-you\//);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const [order] = await rows<{ subtotal_cents: number; discount_cents: number; grand_total_cents: number }>(
    server.db,
    sql`select subtotal_cents, discount_cents, grand_total_cents from orders where id = ${orderId}`,
  );
  expect(order).toEqual({ subtotal_cents: product.priceCents, discount_cents: discount, grand_total_cents: product.priceCents - discount });
  await context.close();
}

describe('discounts', () => {
  it('the merchant creates SUMMER10; a shopper applies it in the cart on both themes and pays the right total', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Home');
    await page.goto(`${server.url}/admin/discounts/codes`);
    await page.getByRole('link', { name: 'Create discount' }).click();
    await page.waitForURL('**/admin/discounts/codes/new');
    await page.getByRole('textbox', { name: /^Discount code/ }).fill('SUMMER10');
    await page.getByLabel('Percentage off').fill('10');
    await page.getByLabel(/Minimum purchase amount \(/).check();
    await page.getByRole('textbox', { name: 'Minimum purchase amount' }).fill('50');
    await page.getByLabel('Limit number of times this discount can be used in total').check();
    await page.getByLabel('Total uses').fill('100');
    await page.getByLabel('Limit to one use per customer').check();
    await page.getByLabel('Set end date').check();
    // Sunday night on the shop's clock (Asia/Kolkata for Demo Home).
    const today = localParts(Date.now(), 'Asia/Kolkata');
    const sunday = addDaysToDate(today.date, today.weekday === 0 ? 7 : 7 - today.weekday);
    await page.getByLabel('End date', { exact: true }).fill(sunday);
    await page.getByLabel('End time', { exact: true }).fill('23:59');
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('10% off entire order').waitFor();
    await summary.getByText('Minimum purchase of $50.00').waitFor();
    await summary.getByText('Limit of 100 uses, one use per customer').waitFor();
    await page.screenshot({ path: join(SHOTS, 'discount-form.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.waitForURL(/\/admin\/discounts\/[0-9a-f-]{36}$/);
    const [d] = await rows<{ value: number; minimum_value: number; usage_limit: number; once: boolean; local_end: string }>(
      server.db,
      sql`select d.value, d.minimum_value, d.usage_limit, d.once_per_customer as once,
                 to_char(d.ends_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as local_end
          from discounts d join stores s on s.id = d.store_id where s.handle = 'demo-home' and d.code = 'SUMMER10'`,
    );
    expect(d).toEqual({ value: 1000, minimum_value: 5000, usage_limit: 100, once: true, local_end: `${sunday} 23:59` });
    await page.goto(`${server.url}/admin/discounts/codes`);
    await page.getByRole('table', { name: 'Discount codes' }).getByText('SUMMER10').waitFor();
    await page.screenshot({ path: join(SHOTS, 'discount-list.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();

    await shopWithCode('demo-home', 'hydro.shopper@example.test');
    await shopWithCode('demo', 'newchick.shopper@example.test');
  });

  it('the merchant copies a recovery link of an abandoned checkout; opening it brings the cart back', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await page.goto(`${server.url}/admin/abandoned-checkouts`);
    const table = page.getByRole('table', { name: 'Abandoned checkouts' });
    await table.waitFor();
    await page.screenshot({ path: join(SHOTS, 'abandoned.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const first = table.locator('tbody tr').first();
    const name = (await first.locator('td').first().textContent())!.trim();
    await first.getByRole('button', { name: `Copy recovery link of checkout ${name}` }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/demo\.localhost:\d+\/checkouts\/[A-Za-z0-9_-]{32}\/recover$/);
    const token = link.split('/').at(-2)!;
    const [c] = await rows<{ lines: { title: string; quantity: number }[] }>(
      server.db,
      sql`select lines from checkouts where token = ${token}`,
    );
    await context.close();

    // A new browser (no cart) opens the link: the cart is back.
    const shopper = await newShopperPage(browser, { width: 375, height: 667 });
    await shopper.page.goto(link);
    await shopper.page.waitForURL(/\/cart$/);
    for (const l of c!.lines) {
      await shopper.page.locator('.sf-cart__lines').getByText(l.title).first().waitFor();
      // Two variants of one product share a title: their quantities are checked together.
      const same = c!.lines.filter((x) => x.title === l.title).map((x) => String(x.quantity));
      const shown = await shopper.page
        .getByLabel(`Quantity of ${l.title}`)
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(shown.sort()).toEqual(same.sort());
    }
    await shopper.page.screenshot({ path: join(SHOTS, 'recovered-cart.png') });
    await shopper.context.close();
  });
});
