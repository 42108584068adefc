import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORGOT_MESSAGE, PASSWORD_COMMON_MESSAGE, RESET_DONE_MESSAGE, RESET_INVALID_MESSAGE } from '@backroom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, storePreferences, stores } from '../../db/schema/index.js';
import { outboxDir, readOutbox } from '../../lib/mail.js';
import { addMember, createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { SURVEY_REQUIRED_MESSAGE } from './routes.js';
import { handleFromName } from './service.js';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-extra-test-'));
  t = await createTestApp({ dataDir, registerPartnerKey: 'the-partner-key' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let ip = 0;
/** A fresh client address per call, so the per-IP limits of one test do not leak into another. */
const nextIp = () => {
  ip += 1;
  return `10.2.${Math.floor(ip / 250)}.${ip % 250}`;
};
const post = (url: string, payload: object, o: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: o.ip ?? nextIp(), headers: o.headers });
async function signIn(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}

/** Waits for the (asynchronously sent) mail to `to` in the outbox and returns its reset token. */
async function mailedToken(to: string): Promise<string> {
  const mail = await vi.waitFor(
    async () => {
      const m = (await readOutbox(outboxDir(t.config))).find((x) => x.to === to);
      if (!m) throw new Error('no mail yet');
      return m;
    },
    { timeout: 15_000, interval: 50 },
  );
  expect(mail.subject).toBe('Reset your Backroom password');
  const link = mail.links[0]!;
  expect(link).toMatch(new RegExp(`^${t.config.adminOrigin}/auth/reset\\?token=[A-Za-z0-9_-]{43}$`));
  return new URL(link).searchParams.get('token')!;
}

describe('forgot and reset', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const u = await makeUser(t.db);
    const known = await post('/api/auth/forgot', { email: ` ${u.email.toUpperCase()} ` });
    const unknown = await post('/api/auth/forgot', { email: 'nobody-here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, messages: [FORGOT_MESSAGE] });
    expect(unknown.json()).toEqual(known.json());
    await mailedToken(u.email);
    // The .eml is a real RFC 822 message next to its listing twin.
    const eml = readdirSync(outboxDir(t.config)).filter((f) => f.endsWith('.eml'));
    expect(eml.length).toBeGreaterThan(0);
    const raw = eml.map((f) => readFileSync(join(outboxDir(t.config), f), 'utf8')).find((r) => r.includes(`To: ${u.email}`))!;
    expect(raw).toMatch(/^Subject: Reset your Backroom password$/m);
    expect((await readOutbox(outboxDir(t.config))).some((m) => m.to === 'nobody-here@example.test')).toBe(false);
  });

  it('end to end: the mailed link sets a new password once and ends every session', async () => {
    const u = await makeUser(t.db);
    await makeStore(t.db, t.config, { ownerId: u.id });
    const before = (await signIn(u.email, u.password)).json();
    await post('/api/auth/forgot', { email: u.email });
    const token = await mailedToken(u.email);
    const res = await post('/api/auth/reset', { token, password: 'fresh-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([RESET_DONE_MESSAGE]);
    const old = await t.app.inject({ method: 'GET', url: '/api/stores', headers: { authorization: `Bearer ${before.accessToken}` } });
    expect(old.statusCode).toBe(401);
    expect((await signIn(u.email, u.password)).statusCode).toBe(401);
    expect((await signIn(u.email, 'fresh-pass')).statusCode).toBe(200);
    const reuse = await post('/api/auth/reset', { token, password: 'other-pass' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().messages).toEqual([`token: ${RESET_INVALID_MESSAGE}`]);
  });

  it('refuses an expired token, and a newer request voids the older link', async () => {
    const u = await makeUser(t.db);
    await post('/api/auth/forgot', { email: u.email });
    const first = await mailedToken(u.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));
    expect((await post('/api/auth/reset', { token: first, password: 'fresh-pass' })).statusCode).toBe(400);
    rmSync(outboxDir(t.config), { recursive: true, force: true });
    await post('/api/auth/forgot', { email: u.email });
    const second = await mailedToken(u.email);
    rmSync(outboxDir(t.config), { recursive: true, force: true });
    await post('/api/auth/forgot', { email: u.email });
    const third = await mailedToken(u.email);
    expect((await post('/api/auth/reset', { token: second, password: 'fresh-pass' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset', { token: third, password: 'fresh-pass' })).statusCode).toBe(200);
  });

  it('checks the new-password rule: 8 to 50, not a common one (issue 31 item 6)', async () => {
    const token = 'x'.repeat(43);
    const four = await post('/api/auth/reset', { token, password: '1234' });
    expect(four.statusCode).toBe(400);
    expect(four.json().messages).toEqual(['body.password: Password must have at least 8 letters.']);
    const common = await post('/api/auth/reset', { token, password: 'Sunshine' });
    expect(common.json().messages).toEqual([`body.password: ${PASSWORD_COMMON_MESSAGE}`]);
    const fiftyOne = await post('/api/auth/reset', { token, password: 'x'.repeat(51) });
    expect(fiftyOne.json().messages).toEqual(['body.password: Password must have at most 50 letters.']);
    // 8 and 50 pass validation and reach the token check.
    for (const password of ['12345678x', 'y'.repeat(50)])
      expect((await post('/api/auth/reset', { token, password })).json().messages).toEqual([`token: ${RESET_INVALID_MESSAGE}`]);
  });

  it('rate-limits forgot per IP (5 per 15 minutes) and per e-mail (3)', async () => {
    const addr = nextIp();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post('/api/auth/forgot', { email: `someone${i}@example.test` }, { ip: addr })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const same = [];
    for (let i = 0; i < 4; i++) same.push((await post('/api/auth/forgot', { email: 'same@example.test' })).statusCode);
    expect(same).toEqual([200, 200, 200, 429]);
  });
});

describe('register', () => {
  const body = (o: Partial<Record<string, string>> = {}) => ({
    sk: 'the-partner-key',
    email: `founder-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`,
    password: 'founder-pw',
    firstName: 'Fay',
    lastName: 'Founder',
    storeName: 'Café Ünicorn!',
    ...o,
  });

  it('register-check allows only the partner key', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/auth/register-check?sk=the-partner-key' });
    expect(ok.json()).toEqual({ allowed: true });
    for (const q of ['?sk=the-partner-kez', '?sk=', ''])
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/register-check${q}` })).json()).toEqual({ allowed: false });
  });

  it('without the key answers 403 and creates nothing', async () => {
    const b = body({ sk: 'wrong' });
    const res = await post('/api/auth/register', b);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual(['Sign-up needs a partner invitation link']);
    expect((await signIn(b.email!, b.password!)).statusCode).toBe(401);
  });

  it('with the key creates the user and the shop, signs in, and the survey comes next', async () => {
    const b = body();
    const res = await post('/api/auth/register', b);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ storeName: 'Café Ünicorn!', defaultSystemDomain: 'cafe-unicorn.localhost' });
    const headers = { authorization: `Bearer ${r.accessToken}`, 'x-store-id': r.storeId };
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json()).toMatchObject({ email: b.email, firstName: 'Fay', isStoreOwner: true });
    const shops = (await t.app.inject({ method: 'GET', url: '/api/stores', headers })).json().stores;
    expect(shops).toEqual([expect.objectContaining({ id: r.storeId, handle: 'cafe-unicorn', domain: 'cafe-unicorn.localhost' })]);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/auth/survey?register=true&storeId=${r.storeId}&defaultSystemDomain=cafe-unicorn.localhost`,
      headers: { authorization: headers.authorization },
    });
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({ statusCode: 409, code: 'SURVEY_REQUIRED', messages: [SURVEY_REQUIRED_MESSAGE] });
    const bad = await post('/api/auth/survey', { businessType: 'retail' }, { headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toBe('body.businessType: businessType must be dropship or other');
    const save = await post(
      '/api/auth/survey',
      { businessType: 'dropship', experience: 'just_starting', monthlyOrders: '0-50', productSource: 'dropship_suppliers' },
      { headers },
    );
    expect(save.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/survey', headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ done: true });
    const pref = await t.app.inject({ method: 'GET', url: '/api/stores/preference', headers });
    expect(pref.json().businessType).toBe('dropship');
    const [row] = await t.db.select().from(storePreferences).where(eq(storePreferences.storeId, r.storeId));
    expect(row!.survey).toMatchObject({ productSource: 'dropship_suppliers', monthlyOrders: '0-50' });
  });

  it('gives the same shop name a unique handle, refuses a taken e-mail (409) and bad fields (400)', async () => {
    const a = await post('/api/auth/register', body({ storeName: 'Twin Shop' }));
    const b = await post('/api/auth/register', body({ storeName: 'Twin Shop' }));
    expect(a.json().defaultSystemDomain).toBe('twin-shop.localhost');
    expect(b.json().defaultSystemDomain).toBe('twin-shop-2.localhost');
    const [s] = await t.db.select().from(stores).where(eq(stores.id, b.json().storeId));
    expect(s!.name).toBe('Twin Shop');
    const taken = body();
    await post('/api/auth/register', taken);
    const dup = await post('/api/auth/register', { ...taken, storeName: 'Another' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual(['An account with this e-mail already exists. Please sign in.']);
    const bad = await post('/api/auth/register', { ...body(), email: 'nope', password: '1234', storeName: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([
      'body.email: Invalid Email',
      'body.password: Password must have at least 8 letters.',
      'body.storeName: Store name is required',
    ]);
  });

  it('rate-limits sign-up to 5 an hour per IP', async () => {
    const addr = nextIp();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await post('/api/auth/register', body({ sk: 'wrong' }), { ip: addr })).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('makes handles from names', () => {
    expect(handleFromName('Café Ünicorn!')).toBe('cafe-unicorn');
    expect(handleFromName('  --  ')).toBe('shop');
    expect(handleFromName(`${'A'.repeat(39)} B`)).toBe('a'.repeat(39));
  });
});

describe('survey check', () => {
  it('answers 200 for a store whose survey is done, 404 for a store of someone else, 403 to answer for a plain member', async () => {
    const u = await makeUser(t.db);
    const mine = await makeStore(t.db, t.config, { ownerId: u.id });
    const other = await makeStore(t.db, t.config);
    const l = (await signIn(u.email, u.password)).json();
    const auth = { authorization: `Bearer ${l.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/survey?storeId=${mine.id}`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/survey?storeId=${other.id}`, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/survey' })).statusCode).toBe(401);
    const staff = await makeUser(t.db);
    await addMember(t.db, mine.id, staff.id, ['orders']);
    const sl = (await signIn(staff.email, staff.password)).json();
    const res = await post(
      '/api/auth/survey',
      { businessType: 'other', experience: 'already_selling', monthlyOrders: '5000+', productSource: 'own_products' },
      { headers: { authorization: `Bearer ${sl.accessToken}`, 'x-store-id': mine.id } },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('development outbox', () => {
  it('lists recent mails to this machine only, and does not exist in production', async () => {
    const u = await makeUser(t.db);
    await post('/api/auth/forgot', { email: u.email });
    await mailedToken(u.email);
    const list = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(list.statusCode).toBe(200);
    expect(list.json().mails[0]).toMatchObject({ to: u.email, subject: 'Reset your Backroom password' });
    const far = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(403);
    const prod = await createTestApp({ dataDir, production: true, env: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
