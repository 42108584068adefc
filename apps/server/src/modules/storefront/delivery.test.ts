import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deliveryPromise, deliveryTimesOf, localDate, offsetMinutes } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderFulfillments, products, productVariants } from '../../db/schema/index.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { publishedTheme } from './bootstrap.js';

// Issue 31 item 1: one order's delivery promise is the same on the thank-you page (its shop days) and in the
// order e-mail, from contracts' delivery.ts; "Shipped" only once a fulfilment exists; the boot carries the shop's
// UTC offset so the product page, cart and checkout date "today" on the shop's calendar.

let t: TestContext;
let store: { id: string; handle: string };
let host: string;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  store = await makeStore(t.db, t.config, { ownerId: u.id, name: 'Promise Shop' });
  host = `${store.handle}.localhost:3000`;
  const [p] = await t.db.insert(products).values({ storeId: store.id, handle: 'mug', title: 'Mug' }).returning();
  const [v] = await t.db
    .insert(productVariants)
    .values({ storeId: store.id, productId: p!.id, priceCents: 1800, inventoryQty: 100 })
    .returning();
  variantId = v!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('delivery promises (issue 31 item 1)', () => {
  it('the thank-you order and the e-mail state the same dates; "Shipped" appears only after a fulfilment', async () => {
    const boot = (await t.app.inject({ method: 'GET', url: '/api/storefront/shop', headers: { host } })).json();
    const zone = await storeTimezone(t.db, store.id);
    expect(boot.shop.utcOffsetMinutes).toBe(offsetMinutes(Date.now(), zone));

    const r = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      headers: { host },
      payload: {
        lines: [{ variantId, quantity: 1 }],
        customer: {
          email: 'pat@example.com',
          firstName: 'Pat',
          lastName: 'Lee',
          address1: '1 Main St',
          city: 'Austin',
          zip: '78701',
          country: 'United States',
        },
        visitorSessionId: 'visitor-promise',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const placed = r.json() as { id: string; token: string; createdAt: string; placedOn: string; shippedOn: string | null };
    expect(placed.placedOn).toBe(localDate(new Date(placed.createdAt), zone));
    expect(placed.shippedOn).toBeNull();

    const theme = await publishedTheme(t.db, store.id);
    const promise = deliveryPromise({ placedOn: placed.placedOn, times: deliveryTimesOf(theme?.config) });
    const dir = join(t.config.dataDir, 'outbox');
    const mail = await vi.waitFor(
      async () => {
        const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json'));
        const all = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))));
        const m = all.find((x) => x.to === 'pat@example.com');
        if (!m) throw new Error('not sent yet');
        return m as { text: string };
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(mail.text).toContain(`${promise.estimate}.`);
    expect(mail.text).not.toMatch(/Shipped/);

    // A fulfilment: the thank-you order now says when it shipped, and the window counts from that day.
    await t.db.insert(orderFulfillments).values({ storeId: store.id, orderId: placed.id, lines: [{ lineId: 1, quantity: 1 }] });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/orders/${placed.id}?token=${placed.token}`,
      headers: { host },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().shippedOn).toBe(localDate(new Date(), zone));
  });
});
