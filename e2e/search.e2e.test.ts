import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, newPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness';

/**
 * Global search and the command palette in Chromium (issue 20 "Done when"): from an admin screen an order is found
 * and opened with the keyboard alone, `g o` goes to Orders, staff with orders and products see no customers, and
 * the open palette passes axe.
 */
const e2e = useServerAndBrowser({ demoOrders: 40 });

/** Moves the palette's selection to the action named `label` with the arrow keys, then opens it with Enter. */
async function openWithKeyboard(page: Page, label: string) {
  for (let i = 0; i < 10; i++) {
    const selected = await page
      .locator('.mantine-Spotlight-action[data-selected]')
      // Nothing may be selected yet: a short wait, not the default 30 s, before pressing ArrowDown.
      .textContent({ timeout: 500 })
      .catch(() => null);
    if (selected?.includes(label)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

describe('search palette (issue 20)', () => {
  it('finds and opens an order with the keyboard, goes to Orders with g o, and passes axe open', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/profile`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('textbox', { name: 'Search' });
    await input.waitFor();
    await page.getByText('You can search').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.type('#1001');
    const hit = page.locator('.mantine-Spotlight-action', { hasText: '#1001' }).first();
    await hit.waitFor();
    await openWithKeyboard(page, '#1001');
    await page.waitForURL((u) => u.pathname.startsWith('/admin/orders/detail/'));
    await page.getByText('#1001').first().waitFor();

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
    await staff.page.getByRole('textbox', { name: 'Search' }).waitFor();
    await staff.page.getByText('Orders by order number, customer name or e-mail').waitFor();
    await expect.poll(() => staff.page.getByText(/^Customers by/).count()).toBe(0);
    await staff.page.keyboard.type('#1001');
    await staff.page.locator('.mantine-Spotlight-action', { hasText: '#1001' }).first().waitFor();
    await expect.poll(() => staff.page.locator('.mantine-Spotlight-actionsGroup', { hasText: /^Customers/ }).count()).toBe(0);
    await staff.context.close();
  });
});
