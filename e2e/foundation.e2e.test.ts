import { describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, newPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser({ demoOrders: 1500 });

/** The greeting the spec gives for an hour of the day (admin-dashboard §1: boundaries 12 and 17). */
function expectedGreeting(timezone: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return hour < 12 ? 'Good Morning' : hour < 17 ? 'Good Afternoon' : 'Good Evening';
}

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('login screen (spec §2, §5)', () => {
  it('shows the exact messages only after a submit attempt', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/auth/login`);
    await page.getByRole('heading', { name: 'Sign in to Dashboard' }).waitFor();
    await expect.poll(() => page.getByText('Email is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email').fill('abc');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid Email').waitFor();
    await page.getByText('Password must have at least 5 letters.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the server message in an error notification for a wrong password, and Enter submits', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/auth/login`);
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Email or password is incorrect').waitFor();
    await context.close();
  });
});

describe('sign in, pick a shop, see the home dashboard', () => {
  it('greets the owner and shows figures equal to the database', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, '  owner@demo.test ', 'backroom-demo', 'Demo Fashion');
    const [store] = await rows<{ id: string; tz: string }>(
      e2e.server.db,
      sql`select s.id, p.standard_timezone as tz from stores s join store_preferences p on p.store_id = s.id where s.handle = 'demo'`,
    );
    const tz = store!.tz;
    // Today's figures as modules/metrics defines them (issue 30): captured orders placed today, total sales = their
    // gross − discounts + shipping + taxes − refunds made today (of any order).
    const dayStart = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
    const [today] = await rows<{ cents: number; n: number }>(
      e2e.server.db,
      sql`select ((select coalesce(sum(subtotal_cents - discount_cents + shipping_cents + tax_cents), 0) from orders
                    where store_id = ${store!.id} and financial_status in ('paid', 'partially_refunded', 'refunded') and created_at >= ${dayStart})
                  - (select coalesce(sum(amount_cents), 0) from order_refunds where store_id = ${store!.id} and created_at >= ${dayStart}))::bigint as cents,
                 (select count(*) from orders where store_id = ${store!.id} and financial_status in ('paid', 'partially_refunded', 'refunded')
                    and created_at >= ${dayStart})::bigint as n`,
    );
    const [open] = await rows<{ n: number }>(
      e2e.server.db,
      // Open orders: unfulfilled or partially fulfilled, not cancelled, not archived (the Unfulfilled tab).
      sql`select count(*)::bigint as n from orders where store_id = ${store!.id} and closed_at is null and cancelled_at is null
            and fulfillment_status in ('unfulfilled', 'partial')`,
    );
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await expect.poll(() => heading.textContent()).toBe(`${expectedGreeting(tz)}, Olivia Owner`);

    const sales = page.getByRole('region', { name: 'Total sales today' });
    await expect.poll(() => sales.textContent()).toContain(money(today!.cents / 100));
    const orders = page.getByRole('region', { name: 'Total orders today' });
    await expect.poll(() => orders.textContent()).toContain(today!.n.toLocaleString('en-US'));
    const openCard = page.getByRole('region', { name: 'Open orders' });
    await expect.poll(() => openCard.textContent()).toContain(open!.n.toLocaleString('en-US'));
    await page.getByRole('region', { name: 'From your store' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await openCard.getByRole('link').click();
    await page.waitForURL('**/admin/orders?tab=unfulfilled');
    await context.close();
  });

  it('logs out from the user menu, clearing local storage', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.getByRole('button', { name: /owner@demo.test/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await context.close();
  });
});
