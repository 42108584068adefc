import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('rate limit', () => {
  it('limits login attempts per e-mail', async () => {
    const email = 'limited@example.test';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-pass' },
        remoteAddress: `10.0.0.${i}`,
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
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
