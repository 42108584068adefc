import { hourInZone } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { waitForJob } from '../jobs/index.js';
import { type BotStub, startBotStub } from './bot-stub.js';
import { dueSummaries } from './service.js';
import { webhookSecrets } from './telegram.js';

/**
 * Telegram notifications (issue 18 item 4) against a local stub of the Bot API: settings and their validation, the
 * scope and a foreign shop, the connect deep link from getMe, `/start {code}` through the webhook (secret path and
 * secret_token), a new order → one message with its name and total (HTML-escaped), order paid and payout status
 * messages, the daily summary, a 5xx retried, a 403 disabling the link with a visible reason; and without an https
 * PUBLIC_URL, the same `/start {code}` received by long polling (`getUpdates`).
 */
let t: TestContext;
let stub: BotStub;
let h: Record<string, string>;
let ordersOnly: Record<string, string>;
let foreign: Record<string, string>;
let host: string;
let variantId: string;
let storeId: string;
let orderId: string;
let shopName: string;
let hook: { path: string; token: string };
const CHAT = 987654;

beforeAll(async () => {
  stub = await startBotStub();
  t = await createTestApp({
    publicUrl: 'https://admin.example.test',
    telegram: { botToken: '123456:TEST', apiUrl: stub.url, retryLimit: 3, retryDelaySeconds: 1 },
  });
  await t.app.ready();
  hook = webhookSecrets(t.config);
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  storeId = s.id;
  shopName = s.name;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  const m = await makeUser(t.db);
  await addMember(t.db, s.id, m.id, ['orders']);
  ordersOnly = (await login(t.app, m.email, m.password, s.id)).headers;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  // The first shop's member asking with the other shop's id: not a member there → 404.
  foreign = { ...h, 'x-store-id': s2.id };
  const p = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: { title: 'Tee <Limited> & Co', variants: [{ price: 12.5, inventoryQuantity: 6 }] },
  });
  variantId = p.json().variants[0].id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, headers, payload });
const webhook = (update: object, path = hook.path, token = hook.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/telegram/webhook/${path}`,
    headers: { 'x-telegram-bot-api-secret-token': token },
    payload: { update_id: 1, ...update },
  });
const sent = () => stub.calls.filter((c) => c.method === 'sendMessage');

describe('Telegram settings', () => {
  it('registers the webhook with its secret_token and answers defaults with the bot from getMe', async () => {
    const set = await stub.waitFor((c) => c.method === 'setWebhook');
    expect(set.params).toMatchObject({ url: `https://admin.example.test/api/telegram/webhook/${hook.path}`, secret_token: hook.token });
    const res = await api('GET', '/api/notifications/telegram');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ configured: true, transport: 'webhook', botUsername: 'backroom_test_bot', connected: false });
  });

  it('validates the body, naming the field', async () => {
    const good = { events: ['new_order', 'low_stock'], lowStockThreshold: 5, dailySummaryHour: 9 };
    const cases: [object, string][] = [
      [{ events: ['sms'] }, 'body.events.0: events must be new_order, order_paid, refund, payout_status, low_stock or daily_summary'],
      [{ events: ['refund', 'refund'] }, 'body.events: each event once'],
      [{ dailySummaryHour: 24 }, 'body.dailySummaryHour: dailySummaryHour must be an hour from 0 to 23'],
      [{ lowStockThreshold: -1 }, 'body.lowStockThreshold: lowStockThreshold must be 0 or more'],
    ];
    for (const [over, message] of cases) {
      const res = await api('PUT', '/api/notifications/telegram', { ...good, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().messages).toEqual([message]);
    }
    const ok = await api('PUT', '/api/notifications/telegram', good);
    expect(ok.json()).toMatchObject(good);
  });

  it('refuses a member without `settings` (403) and another shop (404)', async () => {
    expect((await api('GET', '/api/notifications/telegram', undefined, ordersOnly)).statusCode).toBe(403);
    expect((await api('POST', '/api/notifications/telegram/connect', undefined, ordersOnly)).statusCode).toBe(403);
    expect((await api('GET', '/api/notifications/telegram', undefined, foreign)).statusCode).toBe(404);
    expect((await api('PUT', '/api/notifications/telegram', {}, foreign)).statusCode).toBe(404);
  });

  it('refuses the test message before a chat is connected', async () => {
    const res = await api('POST', '/api/notifications/telegram/test');
    expect(res.json()).toMatchObject({ statusCode: 400, messages: ['Connect a Telegram chat first'] });
  });
});

describe('connecting a chat and the messages', () => {
  let code = '';
  it('answers a t.me deep link with a one-time code', async () => {
    const res = await api('POST', '/api/notifications/telegram/connect');
    expect(res.statusCode, res.body).toBe(200);
    const m = /^https:\/\/t\.me\/backroom_test_bot\?start=([A-Za-z0-9_-]{22})$/.exec(res.json().url);
    expect(m).not.toBeNull();
    code = m![1]!;
  });

  it('refuses a webhook call without the secrets', async () => {
    const update = { message: { text: `/start ${code}`, chat: { id: CHAT, type: 'private' } } };
    expect((await webhook(update, 'wrong')).statusCode).toBe(404);
    expect((await webhook(update, hook.path, 'wrong')).statusCode).toBe(404);
    expect((await api('GET', '/api/notifications/telegram')).json().connected).toBe(false);
  });

  it('binds the chat that sends /start {code} and welcomes it; the code is spent', async () => {
    const res = await webhook({ message: { text: `/start ${code}`, chat: { id: CHAT, type: 'private', first_name: 'Ann' } } });
    expect(res.statusCode, res.body).toBe(200);
    const got = await api('GET', '/api/notifications/telegram');
    expect(got.json()).toMatchObject({ connected: true, chatTitle: 'Ann', disabledReason: null });
    const welcome = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).startsWith('✅ Connected'));
    expect(welcome.params).toMatchObject({ chat_id: String(CHAT), parse_mode: 'HTML' });
    await webhook({ message: { text: `/start ${code}`, chat: { id: 5, type: 'private' } } });
    await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.chat_id) === '5' && /expired/.test(String(c.params.text)));
    expect((await api('GET', '/api/notifications/telegram')).json().chatTitle).toBe('Ann');
  });

  it('sends one message per new order with its name and total, escaped for HTML, and a low-stock alert', async () => {
    const before = sent().length;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      headers: { host },
      payload: {
        lines: [{ variantId, quantity: 2 }],
        customer: { email: 'bo@example.test', firstName: 'Bo', lastName: '<Lee>', address1: '1 St', city: 'X', country: 'US' },
        visitorSessionId: 'visitor-telegram-1',
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const name = order.json().orderName as string;
    orderId = order.json().id as string;
    const msg = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).includes(`New order ${name}`));
    const total = order.json().grandTotalCents as number;
    expect(String(msg.params.text)).toContain(`$${(total / 100).toFixed(2)}`);
    expect(String(msg.params.text)).toContain('Bo &lt;Lee&gt;');
    // 6 in stock, 2 sold → 4, below the threshold 5: one alert naming the product (escaped).
    const low = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).includes('Low stock'));
    expect(String(low.params.text)).toContain('Tee &lt;Limited&gt; &amp; Co');
    expect(
      sent()
        .slice(before)
        .filter((c) => String(c.params.text).includes('New order')),
    ).toHaveLength(1);
  });

  it('order paid and payout status changes arrive once chosen; the daily summary at its local hour, once a day', async () => {
    const all = ['new_order', 'order_paid', 'refund', 'payout_status', 'low_stock', 'daily_summary'];
    // One instant for every check below (an hour that turns mid-test changes nothing).
    const now = new Date();
    const hour = hourInZone(now.getTime(), 'America/Los_Angeles');
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: all, lowStockThreshold: 5, dailySummaryHour: hour })).statusCode,
    ).toBe(200);
    const [order] = await rows<{ order_name: string; grand_total_cents: number }>(
      t.db,
      sql`select order_name, grand_total_cents from orders where id = ${orderId}`,
    );
    t.app.shopEvents.emit({ type: 'order.paid', storeId, orderId });
    const paid = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).includes('paid</b>'));
    expect(paid.params.text).toBe(`💰 <b>Order ${order!.order_name} paid</b> — $${(order!.grand_total_cents / 100).toFixed(2)}`);
    t.app.shopEvents.emit({ type: 'payout.status', storeId, requestId: crypto.randomUUID(), status: 'approved' });
    const payout = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).includes('Payout request'));
    expect(String(payout.params.text)).toContain('is now <b>approved</b>');
    // Not chosen → not sent.
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: ['new_order'], lowStockThreshold: 5, dailySummaryHour: hour })).statusCode,
    ).toBe(200);
    const before = sent().length;
    t.app.shopEvents.emit({ type: 'payout.status', storeId, requestId: crypto.randomUUID(), status: 'paid' });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      sent()
        .slice(before)
        .filter((c) => String(c.params.text).includes('Payout request')),
    ).toHaveLength(0);

    // The summary is due at the chosen local hour only, and claimed once for the day.
    expect(
      (
        await api('PUT', '/api/notifications/telegram', {
          events: ['daily_summary'],
          lowStockThreshold: 5,
          dailySummaryHour: (hour + 1) % 24,
        })
      ).statusCode,
    ).toBe(200);
    expect((await dueSummaries(t.db, now)).filter((d) => d.storeId === storeId)).toEqual([]);
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: ['daily_summary'], lowStockThreshold: 5, dailySummaryHour: hour }))
        .statusCode,
    ).toBe(200);
    const due = (await dueSummaries(t.db, now)).filter((d) => d.storeId === storeId);
    expect(due).toHaveLength(1);
    // Yesterday's figures: the order placed today is not in them.
    expect(due[0]!.text).toMatch(new RegExp(`^📊 <b>${shopName}</b> — \\d{4}-\\d{2}-\\d{2}\nOrders: 0\nSales: \\$0\\.00$`));
    expect((await dueSummaries(t.db, now)).filter((d) => d.storeId === storeId)).toEqual([]);
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: ['new_order', 'low_stock'], lowStockThreshold: 5, dailySummaryHour: 9 }))
        .statusCode,
    ).toBe(200);
  });

  it('a refund on the order sends the refund message only once the merchant chose `refund`', async () => {
    const [order] = await rows<{ order_name: string }>(t.db, sql`select order_name from orders where id = ${orderId}`);
    const refunds = () =>
      sent()
        .map((c) => String(c.params.text))
        .filter((text) => text.includes('Refund on order'));
    const before = refunds().length;
    const refund = (amount: number) =>
      api('POST', `/api/orders/${orderId}/refunds`, { amount, reason: 'Damaged' }).then((res) => {
        expect(res.statusCode, res.body).toBe(201);
      });
    // Not chosen (the previous test left new_order + low_stock): a $3.25 refund sends nothing.
    expect((await api('GET', '/api/notifications/telegram')).json().events).toEqual(['new_order', 'low_stock']);
    await refund(3.25);
    await new Promise((r) => setTimeout(r, 500));
    expect(refunds()).toHaveLength(before);
    // Chosen: a $4.00 refund sends exactly its message (the latest refund's amount, the order's name).
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: ['new_order', 'refund'], lowStockThreshold: 5, dailySummaryHour: 9 }))
        .statusCode,
    ).toBe(200);
    await refund(4);
    const msg = await stub.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).includes('Refund on order'));
    expect(msg.params).toMatchObject({ chat_id: String(CHAT), parse_mode: 'HTML' });
    expect(msg.params.text).toBe(`↩️ <b>Refund on order ${order!.order_name}</b> — $4.00`);
    expect(refunds().slice(before)).toEqual([`↩️ <b>Refund on order ${order!.order_name}</b> — $4.00`]);
    expect(
      (await api('PUT', '/api/notifications/telegram', { events: ['new_order', 'low_stock'], lowStockThreshold: 5, dailySummaryHour: 9 }))
        .statusCode,
    ).toBe(200);
  });

  it('retries a message the Bot API answered with a 5xx', async () => {
    stub.failNext('sendMessage', 502, 'Bad Gateway');
    const res = await api('POST', '/api/notifications/telegram/test');
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(t.app, h, res.json().jobId);
    expect(job).toMatchObject({ state: 'completed', attempts: 2, result: { sent: true } });
  });

  it('disables the link with a visible reason when the bot is blocked (403)', async () => {
    stub.failNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    const res = await api('POST', '/api/notifications/telegram/test');
    const job = await waitForJob(t.app, h, res.json().jobId);
    expect(job).toMatchObject({ state: 'completed', attempts: 1, result: { sent: false } });
    const got = (await api('GET', '/api/notifications/telegram')).json();
    expect(got.connected).toBe(false);
    expect(got.disabledReason).toContain('bot was blocked by the user');
    expect((await api('POST', '/api/notifications/telegram/test')).statusCode).toBe(400);
  });

  it('disconnects', async () => {
    expect((await api('DELETE', '/api/notifications/telegram')).json()).toMatchObject({ ok: true });
    expect((await api('GET', '/api/notifications/telegram')).json()).toMatchObject({
      connected: false,
      chatTitle: null,
      disabledReason: null,
    });
  });
});

describe('long polling (no https PUBLIC_URL, development)', () => {
  it('drops any webhook, then binds the chat whose /start {code} arrives through getUpdates', async () => {
    const dev = await startBotStub();
    const app = await createTestApp({ telegram: { botToken: '123456:TEST', apiUrl: dev.url, retryLimit: 3, retryDelaySeconds: 1 } });
    try {
      await app.app.ready();
      const u = await makeUser(app.db);
      const s = await makeStore(app.db, app.config, { ownerId: u.id });
      const headers = (await login(app.app, u.email, u.password, s.id)).headers;
      expect((await app.app.inject({ method: 'GET', url: '/api/notifications/telegram', headers })).json()).toMatchObject({
        configured: true,
        transport: 'polling',
      });
      await dev.waitFor((c) => c.method === 'deleteWebhook');
      await dev.waitFor((c) => c.method === 'getUpdates');
      const url = (await app.app.inject({ method: 'POST', url: '/api/notifications/telegram/connect', headers })).json().url as string;
      const code = new URL(url).searchParams.get('start');
      dev.pushUpdate({ message: { text: `/start ${code}`, chat: { id: 555, type: 'private', first_name: 'Dev' } } });
      const welcome = await dev.waitFor((c) => c.method === 'sendMessage' && String(c.params.text).startsWith('✅ Connected'));
      expect(welcome.params.chat_id).toBe('555');
      expect((await app.app.inject({ method: 'GET', url: '/api/notifications/telegram', headers })).json()).toMatchObject({
        connected: true,
        chatTitle: 'Dev',
      });
      expect(dev.calls.some((c) => c.method === 'setWebhook')).toBe(false);
    } finally {
      await app.close();
      await dev.close();
    }
  });
});
