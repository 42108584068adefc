import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('signs in and returns tokens and the first store', async () => {
    const u = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: u.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `  ${u.email.toUpperCase()} `, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.storeId).toBe(s.id);
    expect(body.accessToken.split('.')).toHaveLength(3);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.accessToken}`, 'x-store-id': s.id },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: u.email, isStoreOwner: true });
  });
  it('answers the same for a wrong e-mail and a wrong password', async () => {
    const u = await makeUser(t.db);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'whatever1' },
    });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'wrong-pass' } });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().messages).toEqual(['Email or password is incorrect']);
  });
  it('rejects a bad body with 400 and field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages.join(' ')).toMatch(/email/);
    expect(res.json().messages.join(' ')).toMatch(/password/);
  });
});

describe('refresh rotation', () => {
  it('rotates, and a reused token revokes the family', async () => {
    const u = await makeUser(t.db);
    await makeStore(t.db, t.config, { ownerId: u.id });
    const first = await login(t.app, u.email, u.password);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: second.refreshToken } });
    expect(afterReuse.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/stores', headers: { authorization: `Bearer ${second.accessToken}` } });
    expect(me.statusCode).toBe(401);
  });
});

/**
 * Sign-in limits (issue 29 item 1, OWASP Authentication Cheat Sheet; rules in limits.ts `signInLimits`): failures
 * count per (account, address), per address and per account; nobody can lock an owner out from another address.
 */
describe('sign-in limits', () => {
  const attempt = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('10 wrong passwords from one address do not refuse the right password from another address', async () => {
    const u = await makeUser(t.db);
    await makeStore(t.db, t.config, { ownerId: u.id });
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'wrong-pass', '10.1.0.1')).statusCode).toBe(401);
    const owner = await attempt(u.email, u.password, '10.1.0.2');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().accessToken).toBeTruthy();
  });

  it('a brute force from one address is refused after 10 failures, the right password too', async () => {
    const u = await makeUser(t.db);
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'wrong-pass', '10.2.0.1')).statusCode).toBe(401);
    const refused = await attempt(u.email, 'wrong-pass', '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messages[0]).toMatch(
      /^Too many failed sign-ins to this account from your network, please try again in \d+ seconds$/,
    );
    expect((await attempt(u.email, u.password, '10.2.0.1')).statusCode).toBe(429);
    // An unknown e-mail is limited the same way (no account enumeration).
    for (let i = 0; i < 10; i++) expect((await attempt('ghost@example.test', 'wrong-pass', '10.2.0.9')).statusCode).toBe(401);
    expect((await attempt('ghost@example.test', 'wrong-pass', '10.2.0.9')).statusCode).toBe(429);
  });

  it('a brute force spread over many addresses gets one guess per address once the account has 10 failures', async () => {
    const u = await makeUser(t.db);
    await makeStore(t.db, t.config, { ownerId: u.id });
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'wrong-pass', `10.3.0.${i}`)).statusCode).toBe(401);
    // Each address that has failed now waits, whatever it sends…
    for (let i = 0; i < 10; i++) {
      const again = await attempt(u.email, 'wrong-pass', `10.3.0.${i}`);
      expect(again.statusCode).toBe(429);
      expect(again.json().messages[0]).toMatch(/^This account has had many failed sign-ins, .* try again in \d+ seconds/);
    }
    // …a fresh address gets one guess, then waits too…
    expect((await attempt(u.email, 'wrong-pass', '10.3.1.1')).statusCode).toBe(401);
    expect((await attempt(u.email, 'wrong-pass', '10.3.1.1')).statusCode).toBe(429);
    // …and the owner, from an address with no failure, still signs in.
    expect((await attempt(u.email, u.password, '10.3.2.1')).statusCode).toBe(200);
  });

  it('one address failing over many accounts (password spraying) is refused after 50 failures', async () => {
    // 50 failures take three minutes of the per-minute limit (20 attempts): only the clock is moved on.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 50; i++) {
        if (i % 20 === 0) vi.setSystemTime(Date.now() + 61_000);
        const r = await attempt(`spray-${i}@example.test`, 'wrong-pass', '10.4.0.1');
        expect(r.statusCode).toBe(401);
      }
      const refused = await attempt('spray-x@example.test', 'wrong-pass', '10.4.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().messages[0]).toMatch(/^Too many failed sign-ins from your network, please try again in \d+ seconds$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a successful sign-in does not count as a failure', async () => {
    const u = await makeUser(t.db);
    await makeStore(t.db, t.config, { ownerId: u.id });
    for (let i = 0; i < 9; i++) expect((await attempt(u.email, 'wrong-pass', '10.5.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(u.email, u.password, '10.5.0.1')).statusCode).toBe(200);
    expect((await attempt(u.email, 'wrong-pass', '10.5.0.1')).statusCode).toBe(401);
  });
});

describe('store scoping', () => {
  it('answers 404 when a user of shop A asks for shop B', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const sa = await makeStore(t.db, t.config, { ownerId: a.id });
    const sb = await makeStore(t.db, t.config, { ownerId: b.id });
    const la = await login(t.app, a.email, a.password, sa.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { ...la.headers, 'x-store-id': sb.id } });
    expect(res.statusCode).toBe(404);
    const rep = await t.app.inject({
      method: 'GET',
      url: `/api/reports/total-sales?fromTime=2026-01-01&toTime=2026-01-02&stores=${sb.id}`,
      headers: la.headers,
    });
    expect(rep.statusCode).toBe(404);
  });
});
