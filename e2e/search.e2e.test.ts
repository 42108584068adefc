import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, newPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness';

/**
 * Global search and the command palette in Chromium (issue 20 "Done when"): from an admin screen an order, a product
 * and a customer are found and opened with the keyboard alone, `g o` goes to Orders, staff with orders and products
 * see no customers (for a text that finds one for the owner), and the open palette passes axe.
 */
const e2e = useServerAndBrowser({ demoOrders: 40 });

/** The customer of Demo Fashion's order #1001: name and e-mail (a text that finds both her and her orders). */
async function customerOf1001() {
  const [c] = await rows<{ id: string; name: string; email: string }>(
    e2e.server.db,
    sql`select c.id, concat_ws(' ', c.first_name, c.last_name) as name, c.email from orders o
        join customers c on c.id = o.customer_id join stores s on s.id = o.store_id
        where s.handle = 'demo' and o.order_number = 1001`,
  );
  return c!;
}

/**
 * The palette's result group labelled `label` (Mantine draws a group's label from its `--spotlight-label` CSS
 * variable, so it is no text a `hasText` could match).
 */
const group = (page: Page, label: string) => page.locator(`.mantine-Spotlight-actionsGroup[style*="--spotlight-label: '${label}'"]`);

/** Moves the palette's selection to the first action whose text starts with `label` with the arrow keys, then opens it with Enter. */
async function openWithKeyboard(page: Page, label: string) {
  for (let i = 0; i < 10; i++) {
    const selected = await page
      .locator('.mantine-Spotlight-action[data-selected]')
      // Nothing may be selected yet: a short wait, not the default 30 s, before pressing ArrowDown.
      .textContent({ timeout: 500 })
      .catch(() => null);
    if (selected?.startsWith(label)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/**
 * Opens the first hit with Enter alone (issue 31 item 9): the palette has selected it by itself once the server's
 * hits arrived, no arrow key pressed.
 */
async function openFirstHit(page: Page, label: string) {
  await expect
    .poll(() =>
      page
        .locator('.mantine-Spotlight-action[data-selected]')
        .textContent({ timeout: 500 })
        .catch(() => null),
    )
    .toMatch(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await page.keyboard.press('Enter');
}

describe('search palette (issue 20)', () => {
  it('finds and opens an order with the keyboard, goes to Orders with g o, and passes axe open', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/profile`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('textbox', { name: 'Search', exact: true });
    await input.waitFor();
    await page.getByText('You can search').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Typed keys go to the field once it holds the focus (the palette focuses it as it opens).
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('#1001');
    const hit = page.locator('.mantine-Spotlight-action', { hasText: '#1001' }).first();
    await hit.waitFor();
    // A hit keeps Spotlight's own padding (7px × md), whatever order the lazy chunks' stylesheets arrived in.
    expect(await hit.evaluate((el) => getComputedStyle(el).padding)).toBe('7px 16px');
    await openFirstHit(page, '#1001');
    await page.waitForURL((u) => u.pathname.startsWith('/admin/orders/detail/'));
    await page.getByText('#1001').first().waitFor();
    // The palette has closed (its field no longer holds the focus) before the next shortcut.
    await input.waitFor({ state: 'hidden' });

    // `/` opens it too; Escape closes it; then g o goes to Orders.
    await page.keyboard.press('/');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await page.waitForURL((u) => u.pathname === '/admin/orders');
    await page.keyboard.press('Shift+?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Go to Products').waitFor();
    await context.close();
  });

  /**
   * Ctrl+K until the palette's field shows: a press that lands while the palette is still closing (after opening a
   * hit) toggles nothing visible, so it is pressed again once the field is hidden.
   */
  const openPalette = async (page: Page) => {
    const input = page.getByRole('textbox', { name: 'Search', exact: true });
    await expect
      .poll(
        async () => {
          if (await input.isVisible()) return true;
          await page.keyboard.press('Control+k');
          return input.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // Typed keys go to the field once it holds the focus (the palette focuses it as it opens).
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  };

  it('finds and opens a product and a customer with the keyboard alone', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/orders`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    const [product] = await rows<{ id: string; title: string }>(
      e2e.server.db,
      sql`select p.id, p.title from products p join stores s on s.id = p.store_id where s.handle = 'demo' and p.title = 'Waffle Knit Hoodie'`,
    );
    await openPalette(page);
    await page.keyboard.type('waffle knit');
    await group(page, 'Products').getByText(product!.title, { exact: true }).first().waitFor();
    await openFirstHit(page, product!.title);
    await page.waitForURL((u) => u.pathname === `/admin/products/${product!.id}`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(product!.title);

    const customer = await customerOf1001();
    await openPalette(page);
    await page.keyboard.type(customer.email.slice(0, customer.email.indexOf('@') + 1));
    await group(page, 'Customers').getByText(customer.name, { exact: true }).waitFor();
    await openWithKeyboard(page, customer.name);
    await page.waitForURL((u) => u.pathname === `/admin/customers/${customer.id}`);
    await page.getByRole('heading', { name: customer.name, level: 2 }).waitFor();
    await context.close();
  });

  it('gives staff with orders and products no customers', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    const email = `search-staff-${Date.now()}@demo.test`;
    const status = await page.evaluate(async (email) => {
      const res = await fetch('/api/users/add-store-staff', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          'x-store-id': localStorage.getItem('storeId') ?? '',
        },
        body: JSON.stringify({ email, firstName: 'Sam', lastName: 'Staff', scopes: ['orders', 'products'], password: 'staff-pass-1' }),
      });
      return res.status;
    }, email);
    expect(status).toBe(200);
    await context.close();

    const staff = await newPage(e2e.browser);
    await signIn(staff.page, e2e.server.url, email, 'staff-pass-1', 'Demo Fashion');
    await staff.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await staff.page.keyboard.press('Control+k');
    await staff.page.getByRole('textbox', { name: 'Search', exact: true }).waitFor();
    await staff.page.getByText('Orders by order number, customer name or e-mail').waitFor();
    await expect.poll(() => staff.page.getByText(/^Customers by/).count()).toBe(0);
    // The e-mail of #1001's customer finds her and her orders for the owner; staff get her orders only.
    const customer = await customerOf1001();
    const field = staff.page.getByRole('textbox', { name: 'Search', exact: true });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await staff.page.keyboard.type(customer.email.slice(0, customer.email.indexOf('@') + 1));
    await staff.page.locator('.mantine-Spotlight-action', { hasText: '#1001' }).first().waitFor();
    await group(staff.page, 'Orders').waitFor();
    await expect.poll(() => group(staff.page, 'Customers').count()).toBe(0);
    await expect.poll(() => staff.page.locator('.mantine-Spotlight-action', { hasText: customer.name }).count()).toBeGreaterThan(0);
    await staff.context.close();
  });
});
