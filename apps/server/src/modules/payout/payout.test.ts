import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client.js';
import { openSecret } from '../../lib/secrets.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * Payouts and payment gateways (spec admin-dashboard §7 "Proxies and gateway groups" and "Payout"; issue 10 items 3
 * and 4) on a fresh database: cards never keep the number, the payout config (IBAN checked, masked, encrypted), the
 * ledger balance against a direct SQL sum, refunds and payouts debiting, 20 racing payout requests never overdrawing,
 * a refund after a payout taking the balance below zero and one before settlement held from its order (issue 30),
 * status moves by provider staff, the gateway pool and its scoping.
 */

let t: TestContext;
let shop: { id: string };
let other: { id: string };
let owner: Record<string, string>;
let foreign: Record<string, string>;
let staffOrders: Record<string, string>;
let provider: Record<string, string>;
const DAY = 86_400_000;

/** A paid (or other) order of `totalCents`, placed `daysAgo` days ago; the one line costs the whole total. */
async function order(db: Db, storeId: string, totalCents: number, daysAgo: number, financial = 'paid') {
  const [m] = await rows<{ n: number }>(
    db,
    sql`select coalesce(max(order_number), 1000)::int + 1 as n from orders where store_id = ${storeId}::uuid`,
  );
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  const line = [
    {
      productId: null,
      variantId: null,
      handle: 'x',
      title: 'X',
      variantTitle: '',
      sku: '',
      quantity: 1,
      priceCents: totalCents,
      imageSrc: null,
      properties: [],
    },
  ];
  const [r] = await rows<{ id: string }>(
    db,
    sql`insert into orders (store_id, order_number, order_name, customer_info, subtotal_cents, discount_cents, shipping_cents, grand_total_cents,
                            financial_status, payment_name, line_items, captured_date, created_at)
        values (${storeId}::uuid, ${m!.n}, ${`#${m!.n}`}, '[]'::jsonb, ${totalCents}, 0, 0, ${totalCents}, ${financial}, 'Stripe',
                ${JSON.stringify(line)}::jsonb, ${at}::timestamptz, ${at}::timestamptz)
        returning id`,
  );
  return r!.id;
}

/**
 * The balance written as a direct SQL sum, independently of ledger.ts (fee 2.9 % + 30 c, 3 days to settle): settled
 * orders net of fees, minus refunds — a refund of an order still settling only for what exceeds that order's
 * unsettled net left by its earlier refunds (issue 30 item 6) — minus payouts not rejected.
 */
async function sqlAvailable(storeId: string): Promise<number> {
  const [r] = await rows<{ v: number }>(
    t.db,
    sql`select (
      (select coalesce(sum(grand_total_cents - least(grand_total_cents, (grand_total_cents * 290 + 5000) / 10000 + 30)), 0) from orders
        where store_id = ${storeId}::uuid and financial_status in ('paid', 'partially_refunded', 'refunded') and created_at <= now() - interval '3 days')
      - (select coalesce(sum(case when o.created_at <= now() - interval '3 days' then r.amount_cents
                                  else greatest(0, r.amount_cents - greatest(0,
                                         o.grand_total_cents - least(o.grand_total_cents, (o.grand_total_cents * 290 + 5000) / 10000 + 30)
                                         - (select coalesce(sum(e.amount_cents), 0) from order_refunds e
                                             where e.order_id = r.order_id and (e.created_at, e.id) < (r.created_at, r.id)))) end), 0)
           from order_refunds r join orders o on o.id = r.order_id where r.store_id = ${storeId}::uuid)
      - (select coalesce(sum(amount_cents), 0) from payout_requests where store_id = ${storeId}::uuid and status <> 'rejected'))::int as v`,
  );
  return Number(r!.v) / 100;
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object, h = owner) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: o.id });
  owner = (await login(t.app, o.email, o.password, shop.id)).headers;
  const stranger = await makeUser(t.db);
  other = await makeStore(t.db, t.config, { ownerId: stranger.id });
  foreign = (await login(t.app, stranger.email, stranger.password, other.id)).headers;
  const clerk = await makeUser(t.db);
  await addMember(t.db, shop.id, clerk.id, ['orders']);
  staffOrders = (await login(t.app, clerk.email, clerk.password, shop.id)).headers;
  const p = await makeUser(t.db, { email: `ops-${Date.now()}@${t.config.providerDomain}` });
  const pShop = await makeStore(t.db, t.config, { ownerId: p.id });
  provider = (await login(t.app, p.email, p.password, pShop.id)).headers;
});
afterAll(() => t.close());

describe('payout cards', () => {
  const number = '4242 4242 4242 4242';
  let cardId = '';

  it('keeps holder, brand, last 4 and expiry, never the number (in the answer or anywhere in the database)', async () => {
    const r = await call('POST', '/api/stores/payout/card/', { holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ holderName: 'Ada Lovelace', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(r.body).not.toContain('4242424242424242');
    cardId = r.json().id;
    const tables = await rows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [hit] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} x where x::text like '%4242424242424242%' or x::text like '%4242 4242 4242 4242%'`,
      );
      expect(Number(hit!.n), table_name).toBe(0);
    }
    const list = await call('GET', '/api/stores/payout/card/');
    expect(list.json().cards).toHaveLength(1);
    expect(list.body).not.toContain('4242424242424242');
  });

  it('refuses a number failing Luhn, an expired card and missing fields, naming the field and the rule', async () => {
    const bad = await call('POST', '/api/stores/payout/card/', {
      holderName: '',
      number: '4242 4242 4242 4241',
      expMonth: 13,
      expYear: 2030,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        'body.holderName: holderName is required',
        'body.number: number is not a valid card number',
        'body.expMonth: expMonth must be 1 to 12',
      ]),
    );
    const expired = await call('POST', '/api/stores/payout/card/', { holderName: 'Ada', number, expMonth: 1, expYear: 2020 });
    expect(expired.json().messages).toEqual(['body.expYear: the card has expired']);
    const short = await call('POST', '/api/stores/payout/card/', { holderName: 'Ada', number: '4242', expMonth: 1, expYear: 2030 });
    expect(short.json().messages).toEqual(['body.number: number must have 12 to 19 digits']);
  });

  it('changes holder and expiry; another shop gets 404; a staff member without settings 403', async () => {
    const r = await call('PATCH', `/api/stores/payout/card/${cardId}`, { holderName: 'Ada King', expMonth: 1, expYear: 2031 });
    expect(r.json()).toMatchObject({ holderName: 'Ada King', expMonth: 1, expYear: 2031, last4: '4242' });
    expect(
      (await call('PATCH', `/api/stores/payout/card/${cardId}`, { holderName: 'X', expMonth: 1, expYear: 2031 }, foreign)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/stores/payout/card/${cardId}`, undefined, foreign)).statusCode).toBe(404);
    expect((await call('GET', '/api/stores/payout/card/', undefined, staffOrders)).statusCode).toBe(403);
  });
});

describe('payout config', () => {
  it('checks the IBAN, keeps it encrypted and answers it masked', async () => {
    const bad = await call('POST', '/api/stores/payout/config', {
      method: 'bank',
      accountHolder: 'Ada',
      iban: 'DE89 3704 0044 0532 0130 01',
    });
    expect(bad.json().messages).toEqual(['body.iban: iban is not a valid IBAN']);
    const missing = await call('POST', '/api/stores/payout/config', { method: 'bank' });
    expect(missing.json().messages).toEqual([
      'body.iban: iban is required for bank payouts',
      'body.accountHolder: accountHolder is required for bank payouts',
    ]);
    const r = await call('POST', '/api/stores/payout/config', {
      method: 'bank',
      accountHolder: 'Ada Lovelace',
      iban: 'de89 3704 0044 0532 0130 00',
      minimumAmount: 10,
      schedule: 'weekly',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      method: 'bank',
      ibanMasked: 'DE89 **** **** **** **30 00',
      minimumAmount: 10,
      schedule: 'weekly',
      destination: 'Bank account DE89 **** **** **** **30 00 (Ada Lovelace)',
    });
    expect(r.body).not.toContain('370400440532');
    const [row] = await rows<{ iban_enc: string }>(t.db, sql`select iban_enc from payout_configs where store_id = ${shop.id}::uuid`);
    expect(row!.iban_enc).not.toContain('DE89');
    expect(openSecret(t.config.jwtSecret, 'payout-iban', row!.iban_enc)).toBe('DE89370400440532013000');
    expect((await call('GET', '/api/stores/payout/config')).json().config.id).toBe(r.json().id);
    expect((await call('GET', '/api/stores/payout/config', undefined, foreign)).json()).toEqual({ config: null });
    expect(
      (await call('PATCH', `/api/stores/payout/config/${r.json().id}`, { method: 'paypal', paypalEmail: 'x@example.com' }, foreign))
        .statusCode,
    ).toBe(404);
  });

  it('a card config needs one of the shop’s cards; the card in use cannot be removed', async () => {
    const cards = (await call('GET', '/api/stores/payout/card/')).json().cards;
    const cfg = (await call('GET', '/api/stores/payout/config')).json().config;
    const r = await call('PATCH', `/api/stores/payout/config/${cfg.id}`, { method: 'card', cardId: cards[0].id, minimumAmount: 10 });
    expect(r.json()).toMatchObject({ method: 'card', destination: 'Visa •••• 4242', ibanMasked: null });
    const gone = await call('DELETE', `/api/stores/payout/card/${cards[0].id}`);
    expect(gone.json().messages).toEqual(['This card receives your payouts: choose another payout method first']);
    const foreignCard = await call('POST', '/api/stores/payout/config', { method: 'card', cardId: cards[0].id }, foreign);
    expect(foreignCard.statusCode).toBe(404);
  });
});

describe('balance and payout requests', () => {
  it('sums the ledger exactly: settled paid orders net of fees, minus refunds and payouts; equal to a direct SQL sum', async () => {
    const a = await order(t.db, shop.id, 10_000, 5); // fee 290 + 30 → 9 680
    await order(t.db, shop.id, 2_599, 4); // fee 75 + 30 → 2 494
    await order(t.db, shop.id, 5_000, 1); // unsettled: 5 000 − 175 = 4 825
    await order(t.db, shop.id, 7_777, 10, 'pending'); // nothing captured
    await order(t.db, other.id, 50_000, 10); // another shop's
    let b = (await call('GET', '/api/stores/payout/v2/balance')).json();
    expect(b).toEqual({ availableToPayout: 121.74, unsettled: 48.25, pendingPayouts: 0, paidPayouts: 0, currency: 'USD' });
    expect(b.availableToPayout).toBe(await sqlAvailable(shop.id));
    const refund = await call('POST', `/api/orders/${a}/refunds`, { amount: 10, reason: 'damaged' });
    expect(refund.statusCode, refund.body).toBe(201);
    b = (await call('GET', '/api/stores/payout/v2/balance')).json();
    expect(b.availableToPayout).toBe(111.74);
    expect(b.availableToPayout).toBe(await sqlAvailable(shop.id));
  });

  it('refuses a request above the balance or below the minimum, with a message', async () => {
    const over = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 111.75 });
    expect(over.statusCode).toBe(400);
    expect(over.json().messages).toEqual(['body.amount: amount is more than your available balance of 111.74 USD']);
    const under = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 9.99 });
    expect(under.json().messages).toEqual(['body.amount: amount must be at least 10.00 USD']);
    const bad = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 10.001 });
    expect(bad.json().messages).toEqual(['body.amount: amount must have at most 2 decimals']);
    const none = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 10 }, foreign);
    expect(none.json().messages).toEqual(['Set up your payout method before requesting a payout']);
  });

  it('20 racing requests never overdraw: exactly as many as the balance covers succeed', async () => {
    const rs = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/stores/payout/v2/payout-request', { amount: 10 })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(rs.filter((r) => r.statusCode === 400)).toHaveLength(9);
    const b = (await call('GET', '/api/stores/payout/v2/balance')).json();
    expect(b).toMatchObject({ availableToPayout: 1.74, pendingPayouts: 110 });
    expect(b.availableToPayout).toBe(await sqlAvailable(shop.id));
    // Two requests over what is left: neither passes, the balance stays ≥ 0.
    const two = await Promise.all([1.74, 1.74].map(() => call('POST', '/api/stores/payout/v2/payout-request', { amount: 10 })));
    expect(two.map((r) => r.statusCode)).toEqual([400, 400]);
  });

  it('lists requests newest first with status and date filters; provider staff move them pending → approved → paid or reject', async () => {
    const list = (await call('GET', '/api/stores/payout/request-payouts?limit=5')).json();
    expect(list).toMatchObject({ total: 11, page: 1, limit: 5 });
    expect(list.requests[0]).toMatchObject({
      amount: 10,
      currency: 'USD',
      status: 'pending',
      method: 'card',
      destination: 'Visa •••• 4242',
    });
    const [first, second] = list.requests;
    expect((await call('PATCH', `/api/stores/payout/request-payouts/${first.id}`, { status: 'approved' })).statusCode).toBe(403);
    const ap = await call('PATCH', `/api/stores/payout/request-payouts/${first.id}`, { status: 'approved' }, provider);
    expect(ap.json().status).toBe('approved');
    const paid = await call('PATCH', `/api/stores/payout/request-payouts/${first.id}`, { status: 'paid' }, provider);
    expect(paid.json().status).toBe('paid');
    const back = await call('PATCH', `/api/stores/payout/request-payouts/${first.id}`, { status: 'rejected', reason: 'x' }, provider);
    expect(back.json().messages).toEqual(['body.status: a paid payout cannot become rejected']);
    const noReason = await call('PATCH', `/api/stores/payout/request-payouts/${second.id}`, { status: 'rejected' }, provider);
    expect(noReason.json().messages).toEqual(['body.reason: reason is required to reject a payout']);
    const rej = await call(
      'PATCH',
      `/api/stores/payout/request-payouts/${second.id}`,
      { status: 'rejected', reason: '=HYPERLINK("x"), Card declined' },
      provider,
    );
    expect(rej.json()).toMatchObject({ status: 'rejected', reason: '=HYPERLINK("x"), Card declined' });
    const b = (await call('GET', '/api/stores/payout/v2/balance')).json();
    expect(b).toMatchObject({ availableToPayout: 11.74, pendingPayouts: 90, paidPayouts: 10 });
    expect(b.availableToPayout).toBe(await sqlAvailable(shop.id));
    expect((await call('GET', '/api/stores/payout/request-payouts?status=paid')).json().total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    expect((await call('GET', `/api/stores/payout/request-payouts?fromDate=${tomorrow}`)).json().total).toBe(0);
    expect((await call('GET', `/api/stores/payout/request-payouts?toDate=${tomorrow}&fromDate=2020-01-01`)).json().total).toBe(11);
    expect((await call('GET', `/api/stores/payout/request-payouts?status=sent&fromDate=${today}x`)).json().messages).toEqual([
      'querystring.status: status must be pending, approved, paid or rejected',
      'querystring.fromDate: fromDate must be a date YYYY-MM-DD',
    ]);
    expect((await call('GET', `/api/stores/payout/request-payouts?storeId=${shop.id}`, undefined, foreign)).statusCode).toBe(404);
    expect((await call('GET', `/api/stores/payout/request-payouts?storeId=${shop.id}`, undefined, provider)).json().total).toBe(11);
  });

  it('exports the filtered history as CSV (every page, newest first, amounts in major units); foreign shops 404', async () => {
    const E = '/api/stores/payout/request-payouts/export';
    const all = await call('GET', `${E}?limit=1&page=3`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="payouts.csv"');
    const rows = parse(all.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Requested at', 'Amount', 'Currency', 'Status', 'Method', 'Destination', 'Reason']);
    expect(rows).toHaveLength(11);
    const listed = (await call('GET', '/api/stores/payout/request-payouts?limit=100')).json().requests;
    expect(rows.map((r) => r['Requested at'])).toEqual(listed.map((r: { createdAt: string }) => r.createdAt));
    expect(rows[0]).toMatchObject({ Amount: '10.00', Currency: 'USD', Method: 'card', Destination: 'Visa •••• 4242' });
    const rejected = parse((await call('GET', `${E}?status=rejected`)).body, { columns: true });
    // A reason that looks like a formula reaches the spreadsheet as text (leading quote), quoted per RFC 4180.
    expect(rejected).toEqual([expect.objectContaining({ Status: 'rejected', Reason: `'=HYPERLINK("x"), Card declined` })]);
    expect((await call('GET', `${E}?status=rejected`)).body).toContain(`"'=HYPERLINK(""x""), Card declined"`);
    expect((await call('GET', `${E}?fromDate=2020-13-01`)).json().messages).toEqual([
      'querystring.fromDate: fromDate must be a date YYYY-MM-DD',
    ]);
    expect((await call('GET', `${E}?storeId=${shop.id}`, undefined, foreign)).statusCode).toBe(404);
    expect(parse((await call('GET', `${E}?storeId=${shop.id}`, undefined, provider)).body, { columns: true })).toHaveLength(11);
  });
});

describe('refunds and a negative balance (issue 30 item 6; replaces issue 10’s "balance never negative")', () => {
  /** A fresh shop with its owner's headers and a bank payout config (minimum 10.00). */
  async function freshShop() {
    const u = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: u.id });
    const h = (await login(t.app, u.email, u.password, s.id)).headers;
    const cfg = await call(
      'POST',
      '/api/stores/payout/config',
      { method: 'bank', accountHolder: 'Ada', iban: 'DE89370400440532013000', minimumAmount: 10 },
      h,
    );
    expect(cfg.statusCode, cfg.body).toBe(200);
    return { id: s.id, h };
  }
  const balance = async (h: Record<string, string>) => (await call('GET', '/api/stores/payout/v2/balance', undefined, h)).json();

  it('refund after a payout: the refund is taken, the balance goes below zero, no payout until new sales make it positive', async () => {
    const s = await freshShop();
    const a = await order(t.db, s.id, 10_000, 5); // settled: 10 000 − 320 = 9 680
    expect((await balance(s.h)).availableToPayout).toBe(96.8);
    const out = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 96.8 }, s.h);
    expect(out.statusCode, out.body).toBe(200);
    expect((await balance(s.h)).availableToPayout).toBe(0);
    // Shopify Payments' rule: the refund is never refused for the balance; it takes it below zero.
    const refund = await call('POST', `/api/orders/${a}/refunds`, { amount: 0.97, reason: 'damaged' }, s.h);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await balance(s.h)).toMatchObject({ availableToPayout: -0.97, unsettled: 0, pendingPayouts: 96.8 });
    expect(await sqlAvailable(s.id)).toBe(-0.97);
    const refused = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 10 }, s.h);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([
      'Your available balance is -0.97 USD: refunds made after your last payout are deducted from your next payout, and a payout can be requested once the balance is positive again',
    ]);
    // New sales still settling do not help yet; once settled, the deficit is deducted from them.
    await order(t.db, s.id, 3_000, 1);
    expect((await balance(s.h)).availableToPayout).toBe(-0.97);
    await order(t.db, s.id, 2_000, 4); // settled: 2 000 − 88 = 1 912
    expect((await balance(s.h)).availableToPayout).toBe(18.15);
    expect(await sqlAvailable(s.id)).toBe(18.15);
    const over = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 18.16 }, s.h);
    expect(over.json().messages).toEqual(['body.amount: amount is more than your available balance of 18.15 USD']);
    const ok = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 18.15 }, s.h);
    expect(ok.statusCode, ok.body).toBe(200);
    const zero = await call('POST', '/api/stores/payout/v2/payout-request', { amount: 10 }, s.h);
    expect(zero.json().messages).toEqual(['Your available balance is 0.00 USD: a payout can be requested once it is positive']);
  });

  it('refund before settlement: taken from the order’s unsettled amount first, only the excess from the available balance', async () => {
    const s = await freshShop();
    await order(t.db, s.id, 10_000, 5); // settled: 9 680
    const young = await order(t.db, s.id, 5_000, 1); // settling: 5 000 − 175 = 4 825
    expect(await balance(s.h)).toMatchObject({ availableToPayout: 96.8, unsettled: 48.25 });
    const r1 = await call('POST', `/api/orders/${young}/refunds`, { amount: 40, reason: 'other' }, s.h);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(await balance(s.h)).toMatchObject({ availableToPayout: 96.8, unsettled: 8.25 });
    expect(await sqlAvailable(s.id)).toBe(96.8);
    // The rest of the order (10.00) exceeds its unsettled 8.25 by 1.75 (the fee): that part leaves the balance now.
    const r2 = await call('POST', `/api/orders/${young}/refunds`, { amount: 10, reason: 'other' }, s.h);
    expect(r2.statusCode, r2.body).toBe(201);
    expect(await balance(s.h)).toMatchObject({ availableToPayout: 95.05, unsettled: 0 });
    expect(await sqlAvailable(s.id)).toBe(95.05);
    // Once the order settles, its refunds are settled with it: the same total either way.
    await rows(t.db, sql`update orders set created_at = now() - interval '4 days' where id = ${young}::uuid`);
    expect(await balance(s.h)).toMatchObject({ availableToPayout: 95.05, unsettled: 0 });
    expect(await sqlAvailable(s.id)).toBe(95.05);
  });
});

describe('payment gateways (proxies and groups)', () => {
  const P = '/api/stores/payout/proxy/';
  const ids: string[] = [];
  let groupId = '';

  it('a new shop has no gateway; the pool is provider staff’s', async () => {
    expect((await call('GET', `${P}store-proxies?limit=10&page=1&storeId=${shop.id}`)).json()).toEqual({
      proxies: [],
      total: 0,
      page: 1,
      limit: 10,
    });
    expect(
      (await call('POST', `${P}proxies`, { provider: 'stripe', displayName: 'X', accountId: 'acct_1', credentials: 'sk' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `${P}list-groups`)).statusCode).toBe(403);
    for (let i = 1; i <= 12; i++) {
      const r = await call(
        'POST',
        `${P}proxies`,
        {
          provider: i % 2 ? 'stripe' : 'paypal',
          displayName: `Gateway ${String(i).padStart(2, '0')}`,
          accountId: `acct_${i}`,
          credentials: `secret-${i}`,
        },
        provider,
      );
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).not.toContain('secret-');
      ids.push(r.json().id);
    }
    const dup = await call(
      'POST',
      `${P}proxies`,
      { provider: 'paypal', displayName: 'Again', accountId: 'acct_2', credentials: 'x' },
      provider,
    );
    expect(dup.json().messages).toEqual(['paypal account acct_2 is already in the pool']);
    const [enc] = await rows<{ c: string }>(t.db, sql`select credentials_enc as c from payment_proxies where account_id = 'acct_1'`);
    expect(openSecret(t.config.jwtSecret, 'gateway-credentials', enc!.c)).toBe('secret-1');
    const pool = (await call('GET', `${P}list-proxies-groups?page=2`, undefined, provider)).json();
    expect(pool).toMatchObject({ total: 12, page: 2, limit: 10 });
    expect(pool.proxies.map((p: { displayName: string }) => p.displayName)).toEqual(['Gateway 11', 'Gateway 12']);
  });

  it('provider staff assign gateways directly and through a group; the merchant sees them and may only reorder', async () => {
    const save = await call('POST', `${P}save-store-proxies`, { storeId: shop.id, proxyIds: [ids[1], ids[0]] }, provider);
    expect(save.json().proxies.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    const g = await call('POST', `${P}group`, { name: 'EU' }, provider);
    groupId = g.json().id;
    expect((await call('POST', `${P}group`, { name: 'EU' }, provider)).statusCode).toBe(409);
    const sg = await call('POST', `${P}group/${groupId}`, { name: 'Europe', proxyIds: [ids[0], ids[2], ids[3]] }, provider);
    expect(sg.json()).toMatchObject({ name: 'Europe', proxyCount: 3, storeCount: 0 });
    const remainG = (await call('GET', `${P}remain-group-proxies?groupId=${groupId}`, undefined, provider)).json();
    expect(remainG.total).toBe(9);
    // The group editor's lists: its members (list-proxies-groups?groupId) and the rest (remain-group-proxies), paged.
    const members = (await call('GET', `${P}list-proxies-groups?groupId=${groupId}&limit=2&page=2`, undefined, provider)).json();
    expect(members).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(members.proxies.map((p: { id: string }) => p.id)).toEqual([ids[3]]);
    expect(members.proxies[0].groups).toEqual([{ id: groupId, name: 'Europe' }]);
    const unknownGroup = await call('GET', `${P}list-proxies-groups?groupId=00000000-0000-4000-8000-000000000000`, undefined, provider);
    expect(unknownGroup.statusCode).toBe(404);
    expect((await call('GET', `${P}list-proxies-groups?groupId=nope`, undefined, provider)).json().messages).toEqual([
      'querystring.groupId: groupId must be a uuid',
    ]);
    const add = await call('POST', `${P}add-store-group?storeId=${shop.id}&groupId=${groupId}`, undefined, provider);
    expect(add.json().groups.map((x: { name: string }) => x.name)).toEqual(['Europe']);
    const serving = (await call('GET', `${P}store-proxies?limit=10&page=1&storeId=${shop.id}`)).json();
    expect(serving.proxies.map((p: { id: string; via: string }) => [p.id, p.via])).toEqual([
      [ids[1], 'direct'],
      [ids[0], 'direct'],
      [ids[2], 'group'],
      [ids[3], 'group'],
    ]);
    expect((await call('GET', `${P}store-groups`)).json().groups).toHaveLength(1);
    expect((await call('GET', `${P}remain-proxies?storeId=${shop.id}`, undefined, provider)).json().total).toBe(10);
    // The merchant reorders their own list, but cannot add a gateway.
    const reorder = await call('POST', `${P}save-store-proxies`, { storeId: shop.id, proxyIds: [ids[0], ids[1]] });
    expect(reorder.json().proxies.map((p: { id: string }) => p.id)).toEqual([ids[0], ids[1]]);
    const grab = await call('POST', `${P}save-store-proxies`, { storeId: shop.id, proxyIds: [ids[0], ids[1], ids[5]] });
    expect(grab.json().messages).toEqual(['Only provider staff change which gateways serve a shop']);
    const direct = (await call('GET', `${P}get-store-proxies`)).json();
    expect(direct.proxies[0].groups).toEqual([{ id: groupId, name: 'Europe' }]);
  });

  it('another shop’s gateways answer 404 to a merchant; bad ids and unknown groups are refused', async () => {
    expect((await call('GET', `${P}store-proxies?storeId=${shop.id}`, undefined, foreign)).statusCode).toBe(404);
    expect((await call('POST', `${P}save-store-proxies`, { storeId: shop.id, proxyIds: [] }, foreign)).statusCode).toBe(404);
    expect((await call('GET', `${P}store-proxies?storeId=nope&limit=0`)).json().messages).toEqual([
      'querystring.limit: limit must be between 1 and 100',
      'querystring.storeId: storeId must be a uuid',
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `${P}add-store-group?storeId=${shop.id}&groupId=${unknown}`, undefined, provider)).statusCode).toBe(404);
    expect((await call('POST', `${P}save-store-proxies`, { storeId: shop.id, proxyIds: [unknown] }, provider)).json().messages).toEqual([
      `body.proxyIds: ${unknown} is not a proxy of the pool`,
    ]);
    expect((await call('GET', `${P}store-proxies?storeId=${unknown}`, undefined, provider)).statusCode).toBe(404);
    const stores = (await call('GET', `${P}stores?search=`, undefined, provider)).json().stores;
    expect(stores.find((s: { id: string }) => s.id === shop.id)).toMatchObject({ proxyCount: 2 });
    const rm = await call('POST', `${P}remove-store-group?storeId=${shop.id}&groupId=${groupId}`, undefined, provider);
    expect(rm.json().groups).toEqual([]);
    expect((await call('GET', `${P}list-groups`, undefined, provider)).json().groups[0]).toMatchObject({ name: 'Europe', storeCount: 0 });
    // The same two calls by GET, as spec §7 lists them; a merchant is refused either way.
    const byGet = await call('GET', `${P}add-store-group?storeId=${shop.id}&groupId=${groupId}`, undefined, provider);
    expect(byGet.json().groups.map((x: { name: string }) => x.name)).toEqual(['Europe']);
    expect((await call('GET', `${P}add-store-group?storeId=${shop.id}&groupId=${groupId}`)).statusCode).toBe(403);
    expect((await call('GET', `${P}remove-store-group?storeId=${shop.id}&groupId=${groupId}`, undefined, provider)).json().groups).toEqual(
      [],
    );
  });
});
