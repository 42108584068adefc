import { formatShopDateTime } from '@backroom/contracts';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { storeTimezone } from '../apps/server/src/lib/store-timezone.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, signIn, startServer } from './harness.js';

/**
 * Issue 30 item 4 ("dates and times in the shop's time zone, one way"; Tests: "dates of one order identical on the
 * order detail, the Orders list, the customer's page and the e-mail"): a shopper orders on the demo shop; the
 * merchant, whose browser is in Asia/Tokyo while the shop keeps America/Los_Angeles, reads the order's date on the
 * order detail, in the Orders list, on the customer's page, and the confirmation e-mail (dev outbox) says it too —
 * the same text everywhere, on the shop's clock with its zone name ('Dec 7, 2026, 5:34 AM PST').
 */

let server: E2eServer;
let browser: import('playwright-core').Browser;
/** Polls wait up to 15 s (first loads on PGlite compile the queries). */
const POLL = { timeout: 15_000 };
/** The merchant's browser zone: never the shop's (the demo shop keeps America/Los_Angeles). */
const BROWSER_ZONE = 'Asia/Tokyo';
const EMAIL = 'dana.tokyo@e2e.test';

let order: { id: string; name: string; customerId: string; createdAt: Date };
let shopZone: string;

beforeAll(async () => {
  server = await startServer({ demoOrders: 40 });
  browser = await launchBrowser();
  const [shop] = await rows<{ id: string }>(server.db, sql`select id from stores where handle = 'demo'`);
  shopZone = await storeTimezone(server.db, shop!.id);
  const [variant] = await rows<{ id: string }>(
    server.db,
    sql`select v.id from product_variants v join products p on p.id = v.product_id
         where p.store_id = ${shop!.id} and p.status = 'active' and v.inventory_qty > 5 order by v.id limit 1`,
  );
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    headers: { host: new URL(server.storefront('demo')).host },
    payload: {
      lines: [{ variantId: variant!.id, quantity: 1 }],
      visitorSessionId: 'e2e-dates-visit',
      customer: {
        email: EMAIL,
        firstName: 'Dana',
        lastName: 'Tokyo',
        address1: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
        country: 'United States',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await rows<{ id: string; order_name: string; customer_id: string; created_at: Date }>(
    server.db,
    sql`select id, order_name, customer_id, created_at from orders where id = ${(res.json() as { id: string }).id}`,
  );
  order = { id: row!.id, name: row!.order_name, customerId: row!.customer_id, createdAt: new Date(row!.created_at) };
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('one order, one date (issue 30 item 4)', () => {
  it('reads the same date on the order detail, the Orders list, the customer’s page and the e-mail, in the shop’s zone', async () => {
    const expected = formatShopDateTime(order.createdAt, shopZone);
    // The browser's own zone would write another text: reading `expected` proves the screens use the shop's zone.
    expect(expected).not.toBe(formatShopDateTime(order.createdAt, BROWSER_ZONE));
    expect(expected).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]/);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: BROWSER_ZONE });
    const page = await context.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    await signIn(page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    const dateIn = async (where: Locator) => {
      await expect.poll(() => where.textContent(), POLL).toContain(expected);
      return expected;
    };
    const seen: Record<string, string> = {};

    // The order detail: the date under the order's name.
    await page.goto(`${server.url}/admin/orders/detail/${order.id}`);
    await page
      .getByRole('heading', { name: new RegExp(order.name) })
      .first()
      .waitFor(POLL);
    seen.detail = await dateIn(page.locator('main'));

    // The Orders list: the order's row.
    await page.goto(`${server.url}/admin/orders?search=${encodeURIComponent(order.name)}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: order.name, exact: true }) });
    await row.first().waitFor(POLL);
    seen.list = await dateIn(row.first());

    // The customer's page: the order's row in its Orders card.
    await page.goto(`${server.url}/admin/customers/${order.customerId}`);
    const customerRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: order.name, exact: true }) });
    await customerRow.first().waitFor(POLL);
    seen.customer = await dateIn(customerRow.first());

    // The confirmation e-mail (development outbox).
    await expect
      .poll(async () => {
        const { mails } = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as {
          mails: { to: string; subject: string; text: string }[];
        };
        const mail = mails.find((m) => m.to.includes(EMAIL) && m.subject.includes(order.name));
        return /Order date: (.+)/.exec(mail?.text ?? '')?.[1]?.trim() ?? null;
      }, POLL)
      .toBe(expected);
    seen.email = expected;

    expect(new Set(Object.values(seen))).toEqual(new Set([expected]));
    await context.close();
  }, 180_000);
});
