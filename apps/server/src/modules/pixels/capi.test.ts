import { createHash } from 'node:crypto';
import type { Job } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { waitForJob } from '../jobs/index.js';
import { capiPixels, countryCode, hashEmail, hashName, hashPhone, hashZip, purchaseEvent } from './capi.js';
import { type CapiStub, startCapiStub } from './capi-stub.js';

/**
 * Meta Conversions API (issue 17 item 6): Meta's normalisation and hashing rules, the Purchase event's payload
 * (event_id shared with the browser, value in major units, currency, content ids), and the delivery as a job
 * against a local stub of the Graph API — retried with backoff on a 5xx, failed at once on a 4xx, never sent for a
 * pixel without a token, sent for a pixel another shop of the owner shares, payload (IP, User-Agent) dropped.
 */
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('Meta normalisation rules', () => {
  it('hashes the e-mail trimmed and lower-cased, as lower-case hex SHA-256', () => {
    expect(hashEmail('  Joe@EG.com ')).toBe(sha('joe@eg.com'));
    expect(hashEmail('joe@eg.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashEmail('not-an-email')).toBeNull();
    expect(hashEmail('')).toBeNull();
  });

  it('keeps the phone’s digits only, names and cities lower case without punctuation or spaces', () => {
    expect(hashPhone('+1 (650) 555-1212')).toBe(sha('16505551212'));
    expect(hashPhone('')).toBeNull();
    expect(hashName(' Mary-Ann ')).toBe(sha('maryann'));
    expect(hashName('São Paulo')).toBe(sha('sãopaulo'));
    expect(hashName(' . ')).toBeNull();
  });

  it('cuts a US zip to 5 digits and reads the country as an ISO code, from a code or an English name', () => {
    expect(hashZip('78701-1234', 'us')).toBe(sha('78701'));
    expect(hashZip('SW1A 1AA', 'gb')).toBe(sha('sw1a1aa'));
    expect(countryCode('United States')).toBe('us');
    expect(countryCode('US')).toBe('us');
    expect(countryCode('germany')).toBe('de');
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode('XQ')).toBeNull();
  });

  it('builds the Purchase with event_id, value in major units, currency and content ids', () => {
    const e = purchaseEvent(
      {
        id: '6f1c1f7e-8d0a-4a57-9d1e-5a0b7b0f3c11',
        orderName: '#1042',
        currency: 'eur',
        grandTotalCents: 12_345,
        createdAt: new Date('2026-11-24T08:00:00Z'),
        lines: [
          { variantId: 'v1', quantity: 2, priceCents: 5000 },
          { variantId: 'v2', quantity: 1, priceCents: 2345 },
        ],
        email: 'Ann@Example.test',
        phone: '',
        firstName: 'Ann',
        lastName: 'Lee',
        city: 'Austin',
        zip: '78701',
        country: 'United States',
        customerId: 'c-1',
      },
      { ip: '203.0.113.9', userAgent: 'UA/1', fbp: 'fb.1.1.2', sourceUrl: 'https://shop.test/checkout' },
    );
    expect(e).toEqual({
      event_name: 'Purchase',
      event_time: Date.parse('2026-11-24T08:00:00Z') / 1000,
      event_id: 'purchase.6f1c1f7e-8d0a-4a57-9d1e-5a0b7b0f3c11',
      action_source: 'website',
      event_source_url: 'https://shop.test/checkout',
      user_data: {
        em: [sha('ann@example.test')],
        fn: [sha('ann')],
        ln: [sha('lee')],
        ct: [sha('austin')],
        zp: [sha('78701')],
        country: [sha('us')],
        external_id: [sha('c-1')],
        client_ip_address: '203.0.113.9',
        client_user_agent: 'UA/1',
        fbp: 'fb.1.1.2',
      },
      custom_data: {
        currency: 'EUR',
        value: 123.45,
        content_ids: ['v1', 'v2'],
        content_type: 'product',
        contents: [
          { id: 'v1', quantity: 2, item_price: 50 },
          { id: 'v2', quantity: 1, item_price: 23.45 },
        ],
        num_items: 3,
        order_id: '#1042',
      },
    });
  });
});

let t: TestContext;
let stub: CapiStub;
let h: Record<string, string>;
let host: string;
let secondHost: string;
let secondVariantId: string;
let strangerId: string;
let variantId: string;
const TOKEN = 'EAAB-capi-token-0123456789';
const PIXEL_ID = '123456789012345';

beforeAll(async () => {
  stub = await startCapiStub();
  t = await createTestApp({ metaCapi: { url: stub.url, retryLimit: 3, retryDelaySeconds: 1 } });
  const owner = await makeUser(t.db);
  const main = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Main shop' });
  const second = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Second shop' });
  const stranger = await makeStore(t.db, t.config, { ownerId: (await makeUser(t.db)).id });
  h = (await login(t.app, owner.email, owner.password, main.id)).headers;
  host = `${main.handle}.${t.config.storefrontSuffix}`;
  secondHost = `${second.handle}.${t.config.storefrontSuffix}`;
  strangerId = stranger.id;
  // The Meta pixel with a token, shared with the owner's second shop; a TikTok pixel (no server events).
  const meta = await t.app.inject({
    method: 'POST',
    url: '/api/pixels',
    headers: h,
    payload: { network: 'meta', pixelId: PIXEL_ID, accessToken: TOKEN, sharedWith: [second.id] },
  });
  expect(meta.statusCode, meta.body).toBe(201);
  await t.app.inject({ method: 'POST', url: '/api/pixels', headers: h, payload: { network: 'tiktok', pixelId: 'C1234567890ABCDEFGHI' } });
  const p = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: { title: 'Linen shirt', status: 'active', variants: [{ price: 24.5, inventoryQuantity: 50 }] },
  });
  expect(p.statusCode, p.body).toBe(201);
  variantId = p.json().variants[0].id;
  const p2 = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...h, 'x-store-id': second.id },
    payload: { title: 'Mug', status: 'active', variants: [{ price: 15, inventoryQuantity: 50 }] },
  });
  expect(p2.statusCode, p2.body).toBe(201);
  secondVariantId = p2.json().variants[0].id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** Places a storefront order on `shopHost` as a browser would (User-Agent, Meta's cookies, the checkout page). */
async function checkout(shopHost: string, lines: { variantId: string; quantity: number }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    headers: {
      host: shopHost,
      'user-agent': 'Mozilla/5.0 (pixels test)',
      cookie: '_fbp=fb.1.1732435200000.1234567890; _fbc=fb.1.1732435200000.AbCdEf; other=1',
      referer: `http://${shopHost}/checkout`,
    },
    payload: {
      lines,
      customer: {
        email: 'Ann.Lee@example.test',
        firstName: 'Ann',
        lastName: 'Lee',
        address1: '1 Main St',
        city: 'Austin',
        zip: '78701-1234',
        country: 'United States',
      },
      visitorSessionId: `visitor-capi-${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; grandTotalCents: number; currency: string };
}

/** The shop's Conversions API jobs, newest first. */
async function capiJobs(storeHeaders = h): Promise<Job[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/jobs?type=pixels.meta-capi&limit=50', headers: storeHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Job[] }).items;
}

describe('Purchase through the Conversions API (job pixels.meta-capi)', () => {
  it('retries a 5xx with backoff, then delivers the hashed Purchase with the browser’s event_id', async () => {
    stub.answer(500, 503);
    const order = await checkout(host, [{ variantId, quantity: 2 }]);
    const eventId = `purchase.${order.id}`;
    const delivered = await stub.waitFor(
      (c) => c.body.data?.[0]?.event_id === eventId && stub.calls.filter((x) => x.body.data?.[0]?.event_id === eventId).length === 3,
    );
    const tries = stub.calls.filter((c) => c.body.data?.[0]?.event_id === eventId);
    expect(tries).toHaveLength(3);
    expect(delivered.path).toBe(`/v25.0/${PIXEL_ID}/events`);
    expect(delivered.body.access_token).toBe(TOKEN);
    const [event] = delivered.body.data;
    expect(order.grandTotalCents).toBe(4900);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: eventId,
      action_source: 'website',
      event_source_url: `http://${host}/checkout`,
      custom_data: { currency: 'USD', value: 49, content_ids: [variantId], content_type: 'product', num_items: 2 },
      user_data: {
        em: [sha('ann.lee@example.test')],
        fn: [sha('ann')],
        ln: [sha('lee')],
        ct: [sha('austin')],
        zp: [sha('78701')],
        country: [sha('us')],
        client_user_agent: 'Mozilla/5.0 (pixels test)',
        fbp: 'fb.1.1732435200000.1234567890',
        fbc: 'fb.1.1732435200000.AbCdEf',
      },
    });
    expect(typeof (event!.user_data as { client_ip_address?: string }).client_ip_address).toBe('string');
    // The job: completed on its third try; its payload (IP, User-Agent) erased.
    const jobs = await capiJobs();
    expect(jobs).toHaveLength(1);
    const done = await waitForJob(t.app, h, jobs[0]!.id);
    expect(done).toMatchObject({ state: 'completed', attempts: 3, result: { sent: true, eventsReceived: 1 } });
    const [row] = await rows<{ payload: unknown }>(t.db, sql`select payload from jobs where id = ${done.id}::uuid`);
    expect(row!.payload).toBeNull();
  }, 60_000);

  it('fails at once when Meta refuses the event (4xx), without retrying', async () => {
    stub.answer(400);
    const [first] = await capiJobs();
    const order = await checkout(host, [{ variantId, quantity: 1 }]);
    await stub.waitFor((c) => c.body.data?.[0]?.event_id === `purchase.${order.id}`);
    const job = (await capiJobs()).find((j) => j.id !== first!.id)!;
    const done = await waitForJob(t.app, h, job.id);
    expect(done.state).toBe('failed');
    expect(done.attempts).toBe(1);
    expect(done.error).toBe('Meta refused the event (400: stub answered 400)');
    expect(stub.calls.filter((c) => c.body.data?.[0]?.event_id === `purchase.${order.id}`)).toHaveLength(1);
  }, 60_000);

  it('sends the shared pixel’s Purchase for the second shop with that order’s value', async () => {
    const order = await checkout(secondHost, [{ variantId: secondVariantId, quantity: 3 }]);
    const call = await stub.waitFor((c) => c.body.data?.[0]?.event_id === `purchase.${order.id}`);
    expect(call.path).toBe(`/v25.0/${PIXEL_ID}/events`);
    expect(call.body.data[0]!.custom_data).toMatchObject({ value: 45, currency: 'USD', content_ids: [secondVariantId] });
  }, 60_000);

  it('sends nothing for a Meta pixel without a token, nor to shops the pixel is not shared with', async () => {
    expect(await capiPixels(t.db, t.config.jwtSecret, strangerId)).toEqual([]);
    const meta = await t.app.inject({ method: 'POST', url: '/api/pixels', headers: h, payload: { network: 'meta', pixelId: '99999999' } });
    expect(meta.statusCode, meta.body).toBe(201);
    const main = await capiPixels(t.db, t.config.jwtSecret, meta.json().owner.id);
    expect(main.map((p) => [p.pixelId, p.token])).toEqual([[PIXEL_ID, TOKEN]]);
  });
});
