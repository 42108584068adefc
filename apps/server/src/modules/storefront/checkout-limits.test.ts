import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { CHECKOUT_FAILURES_PER_IP, CHECKOUT_LIMIT_PER_SHOP } from './routes.js';

/**
 * The checkout limits (issue 29 item 2): the shop-wide limit counts orders PLACED only, failed attempts are bounded
 * per address, and the fake-order protection of issue 14 item 5 (30 orders a minute per shop, whatever the IPs)
 * still holds, racing checkouts included. PGlite and PostgreSQL.
 */
let t: TestContext;

/** A fresh shop with one in-stock variant (1,000 units) and one sold-out 'deny' variant. */
async function shop() {
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  const [p] = await t.db.insert(products).values({ storeId: s.id, handle: 'tee', title: 'Tee', published: true }).returning();
  const [inStock, soldOut] = await t.db
    .insert(productVariants)
    .values([
      { storeId: s.id, productId: p!.id, position: 1, option1: 'S', priceCents: 1250, inventoryQty: 1000 },
      { storeId: s.id, productId: p!.id, position: 2, option1: 'M', priceCents: 1250, inventoryQty: 0, inventoryPolicy: 'deny' },
    ])
    .returning();
  return { id: s.id, host: `${s.handle}.${t.config.storefrontSuffix}`, inStock: inStock!.id, soldOut: soldOut!.id };
}
type Shop = Awaited<ReturnType<typeof shop>>;

let seq = 0;
/** POST /api/storefront/checkout of one unit of `variantId` from `ip`. */
const checkout = (s: Shop, variantId: string, ip: string) => {
  seq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    headers: { host: s.host },
    remoteAddress: ip,
    payload: {
      lines: [{ variantId, quantity: 1 }],
      customer: { email: `s${seq}@example.test`, firstName: 'A', lastName: 'B', address1: '1 St', city: 'X', zip: '1', country: 'US' },
      visitorSessionId: `visitor-limits-${seq}`,
    },
  });
};
const orderCount = async (storeId: string) =>
  (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from orders where store_id = ${storeId}::uuid`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('checkout limits (issue 29 item 2)', () => {
  it('a flood of failing checkouts from several addresses does not refuse a real shopper', async () => {
    const s = await shop();
    const codes: number[] = [];
    // The sequence (20 + 12 from two addresses), then two more addresses: 52 attempts, none places an order.
    const flood: [string, number][] = [
      ['10.60.0.1', 20],
      ['10.60.0.2', 12],
      ['10.60.0.3', 10],
      ['10.60.0.4', 10],
    ];
    for (const [ip, n] of flood) for (let i = 0; i < n; i++) codes.push((await checkout(s, s.soldOut, ip)).statusCode);
    const shopper = await checkout(s, s.inStock, '10.60.1.1');
    expect(shopper.statusCode, shopper.body).toBe(200);
    expect(await orderCount(s.id)).toBe(1);
    // More failures than the shop's limit were answered 409; the rest were the addresses' own 429s.
    expect(codes.filter((c) => c === 409).length).toBeGreaterThan(CHECKOUT_LIMIT_PER_SHOP.points);
    expect(codes.every((c) => c === 409 || c === 429)).toBe(true);
  }, 120_000);

  it('bounds failed checkouts per address; a placed order is not a failure', async () => {
    const s = await shop();
    const ip = '10.61.0.1';
    expect((await checkout(s, s.inStock, ip)).statusCode).toBe(200);
    for (let i = 0; i < CHECKOUT_FAILURES_PER_IP.points; i++) expect((await checkout(s, s.soldOut, ip)).statusCode).toBe(409);
    const refused = await checkout(s, s.inStock, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messages[0]).toMatch(/^Too many failed checkouts from your network, please try again in \d+ seconds$/);
    // Another address of the same shop is not affected.
    expect((await checkout(s, s.inStock, '10.61.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('still bounds orders per shop whatever the IPs, racing checkouts included', async () => {
    const s = await shop();
    const before = CHECKOUT_LIMIT_PER_SHOP.points - 5;
    for (let i = 0; i < before; i++) expect((await checkout(s, s.inStock, `10.62.0.${i}`)).statusCode).toBe(200);
    // Ten shoppers race for the last five orders of the minute (ten at once: the test database's pool stays ample).
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => checkout(s, s.inStock, `10.62.1.${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(5);
    expect(codes.filter((c) => c === 429).length).toBe(5);
    expect(answers.find((r) => r.statusCode === 429)!.json().messages[0]).toMatch(
      /^This shop is taking too many orders right now, please try again in \d+ seconds$/,
    );
    expect(await orderCount(s.id)).toBe(CHECKOUT_LIMIT_PER_SHOP.points);
  }, 120_000);
});
