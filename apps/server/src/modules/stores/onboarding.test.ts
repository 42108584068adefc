import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ONBOARDING_BUTTON_MAX } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * Onboarding guide and subscription (spec admin-dashboard §3 Onboarding status, §4, §7 GET /stores/config/status and
 * PUT /stores/config/skip; issue 10 items 1 and 2): steps derived from the shop's real state, in order, done ones
 * dropping out, skips recorded; the trial from the shop's creation and the plan choice.
 */

let t: TestContext;
let shop: { id: string };
let owner: Record<string, string>;
let foreign: Record<string, string>;
let clerk: Record<string, string>;

const status = async (h = owner) => (await t.app.inject({ method: 'GET', url: '/api/stores/config/status', headers: h })).json();
const skip = (field: string, h = owner) => t.app.inject({ method: 'PUT', url: '/api/stores/config/skip', headers: h, payload: { field } });

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: o.id });
  owner = (await login(t.app, o.email, o.password, shop.id)).headers;
  const s = await makeUser(t.db);
  const theirs = await makeStore(t.db, t.config, { ownerId: s.id });
  foreign = (await login(t.app, s.email, s.password, theirs.id)).headers;
  const c = await makeUser(t.db);
  await addMember(t.db, shop.id, c.id, ['orders']);
  clerk = (await login(t.app, c.email, c.password, shop.id)).headers;
});
afterAll(() => t.close());

describe('onboarding status', () => {
  it('starts with the first step, its description holding {domain}, every button at most 50 characters', async () => {
    const s = await status();
    expect(s).toEqual({
      currentConfig: {
        field: 'add_product',
        name: 'Add your first product',
        description: 'Add what you sell: a title, pictures, a price and the variants shoppers can choose from.',
        button: 'Add product',
        path: '/admin/products/create',
      },
      remaining: 6,
      done: 0,
      skipped: 0,
      total: 6,
      steps: [
        { field: 'add_product', name: 'Add your first product', state: 'todo' },
        { field: 'customize_theme', name: 'Customize your theme', state: 'todo' },
        { field: 'connect_domain', name: 'Connect a domain', state: 'todo' },
        { field: 'payment_gateway', name: 'Get a payment gateway', state: 'todo' },
        { field: 'set_up_payouts', name: 'Set up payouts', state: 'todo' },
        { field: 'test_order', name: 'Place a test order', state: 'todo' },
      ],
    });
  });

  it('drops a step once the shop has done it (a product), and moves on when a step is skipped', async () => {
    await rows(t.db, sql`insert into products (store_id, title, handle) values (${shop.id}::uuid, 'Mug', 'mug')`);
    let s = await status();
    expect(s.currentConfig).toMatchObject({ field: 'customize_theme', button: 'Customize theme', path: '/admin/themes' });
    expect(s.currentConfig.description).toContain('{domain}');
    expect(s.remaining).toBe(5);
    const r = await skip('customize_theme');
    expect(r.statusCode).toBe(200);
    expect(r.json().currentConfig.field).toBe('connect_domain');
    // A skipped step is shown as skipped and is not done: 1 of 6 done (the product), 1 skipped, 4 left.
    expect(r.json()).toMatchObject({ remaining: 4, done: 1, skipped: 1, total: 6 });
    expect(
      r
        .json()
        .steps.slice(0, 3)
        .map((x: { state: string }) => x.state),
    ).toEqual(['done', 'skipped', 'todo']);
    expect((await skip('customize_theme')).json().currentConfig.field).toBe('connect_domain');
    // A staff member of the shop sees the same guide; another shop its own.
    expect((await status(clerk)).currentConfig.field).toBe('connect_domain');
    expect((await status(foreign)).currentConfig.field).toBe('add_product');
    s = (await skip('connect_domain')).json();
    expect(s.currentConfig.field).toBe('payment_gateway');
    for (const f of ['payment_gateway', 'set_up_payouts', 'test_order']) {
      expect(s.currentConfig.button.length).toBeLessThanOrEqual(ONBOARDING_BUTTON_MAX);
      s = (await skip(f)).json();
    }
    // Nothing left to do, but five steps were skipped, not done: the closing card says so.
    expect(s).toMatchObject({
      currentConfig: {
        field: 'done',
        name: 'Setup finished',
        description: 'You skipped some setup steps of {domain}: they stay in the list below whenever you want to come back to them.',
        button: 'Back to Home',
        path: '/admin',
      },
      remaining: 0,
      done: 1,
      skipped: 5,
      total: 6,
    });
    expect(s.steps.map((x: { state: string }) => x.state)).toEqual(['done', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
  });

  it('a skipped step done later counts as done, not skipped', async () => {
    const o = await makeUser(t.db);
    const mine = await makeStore(t.db, t.config, { ownerId: o.id });
    const h = (await login(t.app, o.email, o.password, mine.id)).headers;
    expect((await skip('add_product', h)).json()).toMatchObject({ done: 0, skipped: 1, remaining: 5 });
    await rows(t.db, sql`insert into products (store_id, title, handle) values (${mine.id}::uuid, 'Mug', 'mug')`);
    const s = await status(h);
    expect(s).toMatchObject({ done: 1, skipped: 0, remaining: 5 });
    expect(s.steps[0]).toEqual({ field: 'add_product', name: 'Add your first product', state: 'done' });
  });

  it('derives every step from the shop’s real state: theme saved, domain verified (not merely added), gateway, payouts, an order', async () => {
    const o = await makeUser(t.db);
    const mine = await makeStore(t.db, t.config, { ownerId: o.id });
    const h = (await login(t.app, o.email, o.password, mine.id)).headers;
    const state = async () => (await status(h)).steps.map((x: { field: string; state: string }) => `${x.field}:${x.state}`);
    await rows(t.db, sql`insert into products (store_id, title, handle) values (${mine.id}::uuid, 'Mug', 'mug')`);
    // The theme: a seeded version does not count, a saved one does.
    const [theme] = await rows<{ id: string }>(
      t.db,
      sql`insert into themes (store_id, name, type) values (${mine.id}::uuid, 'Hydro', 'hydro') returning id`,
    );
    await rows(
      t.db,
      sql`insert into theme_configs (theme_id, store_id, version, config, schema_version, note)
          values (${theme!.id}::uuid, ${mine.id}::uuid, 1, '{}'::jsonb, 1, 'seed')`,
    );
    expect((await status(h)).currentConfig.field).toBe('customize_theme');
    await rows(
      t.db,
      sql`insert into theme_configs (theme_id, store_id, version, config, schema_version, note)
          values (${theme!.id}::uuid, ${mine.id}::uuid, 2, '{}'::jsonb, 1, 'save')`,
    );
    // A domain added but not verified is not connected yet; once verified it is.
    await rows(
      t.db,
      sql`insert into domains (store_id, host, domain_type, status) values (${mine.id}::uuid, ${`shop-${mine.id.slice(0, 8)}.example.com`}, 'Custom', 'pending')`,
    );
    expect((await status(h)).currentConfig.field).toBe('connect_domain');
    expect(await state()).toEqual([
      'add_product:done',
      'customize_theme:done',
      'connect_domain:todo',
      'payment_gateway:todo',
      'set_up_payouts:todo',
      'test_order:todo',
    ]);
    await rows(t.db, sql`update domains set status = 'verified' where store_id = ${mine.id}::uuid and domain_type = 'Custom'`);
    expect((await status(h)).currentConfig.field).toBe('payment_gateway');
    const [p] = await rows<{ id: string }>(
      t.db,
      sql`insert into payment_proxies (provider, display_name, account_id, credentials_enc)
          values ('stripe', 'Stripe X', ${`acct_${mine.id}`}, 'x') returning id`,
    );
    await rows(t.db, sql`insert into store_proxies (store_id, proxy_id) values (${mine.id}::uuid, ${p!.id}::uuid)`);
    expect((await status(h)).currentConfig.field).toBe('set_up_payouts');
    const cfg = await t.app.inject({
      method: 'POST',
      url: '/api/stores/payout/config',
      headers: h,
      payload: { method: 'paypal', paypalEmail: 'me@example.com' },
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    expect((await status(h)).currentConfig.field).toBe('test_order');
    await rows(
      t.db,
      sql`insert into orders (store_id, order_number, order_name, customer_info, subtotal_cents, discount_cents, shipping_cents, grand_total_cents,
                              financial_status, payment_name, line_items)
          values (${mine.id}::uuid, 1001, '#1001', '[]'::jsonb, 100, 0, 0, 100, 'paid', 'Stripe', '[]'::jsonb)`,
    );
    const s = await status(h);
    expect(s).toMatchObject({
      currentConfig: { field: 'done', name: 'Your shop is ready', button: 'Back to Home' },
      remaining: 0,
      done: 6,
    });
  });

  it('every step’s button opens a screen the admin has (its path is an admin route)', async () => {
    const routes = readFileSync(join(import.meta.dirname, '../../../../admin/src/routes.ts'), 'utf8');
    const adminPaths = new Set([...routes.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]));
    expect(adminPaths.has('/admin/orders')).toBe(true);
    const o = await makeUser(t.db);
    const mine = await makeStore(t.db, t.config, { ownerId: o.id });
    const h = (await login(t.app, o.email, o.password, mine.id)).headers;
    const paths: string[] = [];
    let s = await status(h);
    while (s.currentConfig.field !== 'done') {
      paths.push(s.currentConfig.path);
      s = (await skip(s.currentConfig.field, h)).json();
    }
    paths.push(s.currentConfig.path);
    expect(paths).toHaveLength(7);
    expect(paths.filter((p) => !adminPaths.has(p))).toEqual([]);
  });

  it('refuses an unknown step and a call without a session', async () => {
    const r = await skip('become_famous');
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['body.field: field must be an onboarding step']);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/config/status' })).statusCode).toBe(401);
  });
});

describe('subscription', () => {
  it('a new shop is on its 14-day trial; choosing a plan records it and keeps the trial end', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/stores/subscription', headers: owner });
    const s = (await get()).json();
    expect(s).toMatchObject({ plan: null, status: 'trial', daysLeft: 14 });
    expect(s.plans.map((p: { id: string }) => p.id)).toEqual(['basic', 'growth', 'pro']);
    const chosen = await t.app.inject({ method: 'PUT', url: '/api/stores/subscription', headers: owner, payload: { plan: 'growth' } });
    expect(chosen.json()).toMatchObject({ plan: 'growth', status: 'active', trialEndsAt: s.trialEndsAt });
    expect((await get()).json().plan).toBe('growth');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/stores/subscription', headers: owner, payload: { plan: 'gold' } });
    expect(bad.json().messages).toEqual(['body.plan: plan must be basic, growth or pro']);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/stores/subscription', headers: clerk, payload: { plan: 'pro' } })).statusCode,
    ).toBe(403);
  });

  it('counts days left rounded up, and an old shop without a plan has an expired trial', async () => {
    await rows(t.db, sql`update stores set created_at = now() - interval '13 days 1 hour' where id = ${shop.id}::uuid`);
    await rows(t.db, sql`delete from store_subscriptions where store_id = ${shop.id}::uuid`);
    const s = (await t.app.inject({ method: 'GET', url: '/api/stores/subscription', headers: owner })).json();
    expect(s).toMatchObject({ status: 'trial', daysLeft: 1 });
    await rows(t.db, sql`update stores set created_at = now() - interval '15 days' where id = ${shop.id}::uuid`);
    const e = (await t.app.inject({ method: 'GET', url: '/api/stores/subscription', headers: owner })).json();
    expect(e).toMatchObject({ plan: null, status: 'expired', daysLeft: 0 });
  });
});
