import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { type Database, sql } from '../db/client.js';
import { revokeSessions } from '../modules/auth/index.js';
import { addMember, freshDatabase, login, makeStore, makeUser } from '../test/harness.js';
import { registeredRoutes } from './guard.js';

/**
 * The guard (lib/guard.ts; issue 14 items 1 and 4): one database round trip per guarded request, revocation seen on
 * the next request by every app on the database, and authorisation before body/params/query validation on every
 * guarded route registered on the app.
 */

const statements: string[] = [];
let database: Database;
let a: App;
let b: App;
const config = testConfig();
let storeId: string;
let otherStoreId: string;
let owner: { email: string; password: string; id: string };
let member: { email: string; password: string; id: string };
let foreigner: { email: string; password: string; id: string };

/** A guarded probe route on a test app: answers what the guard put on `req.auth`. */
async function appWithProbe(): Promise<App> {
  const app = await buildApp({ config, database, logger: false, adminDist: '/nonexistent' });
  app.get('/test/store-probe', { preHandler: app.guard({ scope: 'orders' }) }, async (req) => ({
    userId: req.auth.userId,
    storeId: req.auth.storeId,
    scopes: req.auth.membership.scopes,
    user: req.auth.user,
  }));
  app.get('/test/session-probe', { preHandler: app.guard({ scope: null, store: false }) }, async (req) => ({ userId: req.auth.userId }));
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await freshDatabase({ onQuery: (q) => statements.push(q) });
  a = await appWithProbe();
  b = await appWithProbe();
  owner = await makeUser(database.db, { firstName: 'Olga', lastName: 'Owner' });
  member = await makeUser(database.db);
  foreigner = await makeUser(database.db);
  const store = await makeStore(database.db, config, { ownerId: owner.id });
  storeId = store.id;
  otherStoreId = (await makeStore(database.db, config, { ownerId: foreigner.id })).id;
  await addMember(database.db, storeId, member.id, []);
}, 180_000);

afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

/** Whether the tests run on the embedded database, whose guard remembers the rows it read (lib/guard.ts). */
const embedded = () => database.kind === 'pglite';

/** The statements a call sends to the database. */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  const from = statements.length;
  await call();
  return statements.slice(from);
}

describe('guard: one round trip', () => {
  it('reads session, user and membership of X-Store-Id in one statement', async () => {
    const s = await login(a, owner.email, owner.password, storeId);
    // The first request verifies the signature and reads the database once; so does every later request on
    // PostgreSQL, while the embedded database's guard answers them from the row it remembers (no statement).
    for (let i = 0; i < 3; i++) {
      let res: Awaited<ReturnType<App['inject']>> | undefined;
      const sent = await statementsOf(async () => {
        res = await a.inject({ method: 'GET', url: '/test/store-probe', headers: s.headers });
      });
      expect(res!.statusCode).toBe(200);
      expect(sent).toHaveLength(i > 0 && embedded() ? 0 : 1);
      if (i === 0) {
        expect(sent[0]).toMatch(/"sessions"/);
        expect(sent[0]).toMatch(/"users"/);
        expect(sent[0]).toMatch(/"store_memberships"/);
      }
      const body = res!.json();
      expect(body).toMatchObject({ userId: owner.id, storeId, user: { email: owner.email, firstName: 'Olga', lastName: 'Owner' } });
      expect(body.scopes).toContain('orders');
    }
  });

  it("GET /api/users/me answers from the guard's statement: one statement per request once the store is noted", async () => {
    const s = await login(a, owner.email, owner.password, storeId);
    // The first request of a session in a store also notes it (session_stores, once per session and store).
    expect((await a.inject({ method: 'GET', url: '/api/users/me', headers: s.headers })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      let res: Awaited<ReturnType<App['inject']>> | undefined;
      const sent = await statementsOf(async () => {
        res = await a.inject({ method: 'GET', url: '/api/users/me', headers: s.headers });
      });
      expect(res!.statusCode).toBe(200);
      expect(res!.json()).toMatchObject({ id: owner.id, email: owner.email, firstName: 'Olga', lastName: 'Owner', isStoreOwner: true });
      expect(sent).toHaveLength(embedded() ? 0 : 1);
    }
  });

  it("GET /api/products?limit=20 is the guard's statement plus ONE prepared statement (page, figures and total)", async () => {
    const s = await login(a, owner.email, owner.password, storeId);
    let res: Awaited<ReturnType<App['inject']>> | undefined;
    const sent = await statementsOf(async () => {
      res = await a.inject({ method: 'GET', url: '/api/products?limit=20', headers: s.headers });
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({ products: [], total: 0, page: 1, limit: 20 });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/with page as/);
  });

  it('the Overview call about the X-Store-Id shop is the guard statement plus its figures; other shops still checked', async () => {
    const s = await login(a, owner.email, owner.password, storeId);
    const q = `fromTime=2026-11-01&toTime=2026-11-07&timezone=UTC&stores=${storeId}`;
    let res: Awaited<ReturnType<App['inject']>> | undefined;
    await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${q}`, headers: s.headers }); // window remembered
    const sent = await statementsOf(async () => {
      res = await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${q}`, headers: s.headers });
    });
    expect(res!.statusCode).toBe(200);
    expect(sent).toHaveLength(embedded() ? 1 : 2);
    expect(sent.at(-1)).toMatch(/analytics_days/);
    // Another shop in `stores` (not theirs) is still refused, whatever X-Store-Id says.
    const both = `fromTime=2026-11-01&toTime=2026-11-07&timezone=UTC&stores=${storeId},${otherStoreId}`;
    expect((await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${both}`, headers: s.headers })).statusCode).toBe(404);
    const theirs = `fromTime=2026-11-01&toTime=2026-11-07&timezone=UTC&stores=${otherStoreId}`;
    expect((await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${theirs}`, headers: s.headers })).statusCode).toBe(404);
    // A member without the analytics scope gets 403 from the guard's reading as from the query.
    const m = await login(a, member.email, member.password, storeId);
    expect((await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${q}`, headers: m.headers })).statusCode).toBe(403);
    const noHeader = { authorization: m.headers.authorization };
    expect((await a.inject({ method: 'GET', url: `/api/analytics/dashboard?${q}`, headers: noHeader })).statusCode).toBe(403);
  });

  it('a route without a store reads the session and user in one statement too', async () => {
    const s = await login(a, member.email, member.password, storeId);
    const sent = await statementsOf(async () => {
      const res = await a.inject({ method: 'GET', url: '/test/session-probe', headers: { authorization: s.headers.authorization } });
      expect(res.statusCode).toBe(200);
    });
    expect(sent).toHaveLength(1);
  });

  it('answers 403 without the scope, 404 to a foreigner and for a malformed store id, 400 without X-Store-Id', async () => {
    const m = await login(a, member.email, member.password, storeId);
    expect((await a.inject({ method: 'GET', url: '/test/store-probe', headers: m.headers })).statusCode).toBe(403);
    const f = await login(a, foreigner.email, foreigner.password, storeId);
    expect((await a.inject({ method: 'GET', url: '/test/store-probe', headers: f.headers })).statusCode).toBe(404);
    const o = await login(a, owner.email, owner.password, storeId);
    const malformed = { ...o.headers, 'x-store-id': '------------------------------------' };
    expect((await a.inject({ method: 'GET', url: '/test/store-probe', headers: malformed })).statusCode).toBe(404);
    const none = { authorization: o.headers.authorization };
    const res = await a.inject({ method: 'GET', url: '/test/store-probe', headers: none });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(['X-Store-Id header is required']);
  });
});

describe('guard: revocation', () => {
  it('is seen on the next request, by this app and by another app on the same database', async () => {
    const s = await login(a, owner.email, owner.password, storeId);
    // Both apps have verified (and remember) the token before the revocation.
    expect((await a.inject({ method: 'GET', url: '/test/store-probe', headers: s.headers })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/test/store-probe', headers: s.headers })).statusCode).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers, payload: {} });
    expect(logout.statusCode).toBe(200);
    for (const app of [a, b]) {
      const res = await app.inject({ method: 'GET', url: '/test/store-probe', headers: s.headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().messages).toEqual(['Your session has ended, please sign in again']);
    }
  });

  it('a staff revocation written by the service is seen by the other app at once', async () => {
    const s = await login(b, member.email, member.password, storeId);
    expect((await b.inject({ method: 'GET', url: '/test/session-probe', headers: s.headers })).statusCode).toBe(200);
    await revokeSessions(database.db, member.id, 'test');
    expect((await b.inject({ method: 'GET', url: '/test/session-probe', headers: s.headers })).statusCode).toBe(401);
  });
});

describe('guard: rows remembered on the embedded database are forgotten by any write to them', () => {
  /** The probe answered by both apps for `headers`: status and body. */
  const probe = async (headers: Record<string, string>) =>
    Promise.all([a, b].map(async (app) => app.inject({ method: 'GET', url: '/test/store-probe', headers })));

  it('a revocation, a scope taken away and a new name written straight to the database show on the next request', async () => {
    const staff = await makeUser(database.db, { firstName: 'Sam' });
    await addMember(database.db, storeId, staff.id, ['orders']);
    const s = await login(a, staff.email, staff.password, storeId);
    for (const res of await probe(s.headers)) expect(res.json().user.firstName).toBe('Sam');
    // Remembered now (no statement on the embedded database): the next reads must still see each write at once.
    expect(await statementsOf(() => probe(s.headers))).toHaveLength(embedded() ? 0 : 2);
    await database.db.execute(sql`update users set first_name = 'Samira' where id = ${staff.id}::uuid`);
    for (const res of await probe(s.headers)) expect(res.json().user.firstName).toBe('Samira');
    await database.db.execute(sql`update store_memberships set scopes = '{}' where user_id = ${staff.id}::uuid`);
    for (const res of await probe(s.headers)) expect(res.statusCode).toBe(403);
    await database.db.execute(sql`update store_memberships set scopes = '{orders}' where user_id = ${staff.id}::uuid`);
    for (const res of await probe(s.headers)) expect(res.statusCode).toBe(200);
    await database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${staff.id}::uuid`);
    for (const res of await probe(s.headers)) expect(res.statusCode).toBe(401);
  });

  it('a write committed in a transaction is seen on the next request', async () => {
    const staff = await makeUser(database.db);
    await addMember(database.db, storeId, staff.id, ['orders']);
    const s = await login(a, staff.email, staff.password, storeId);
    for (const res of await probe(s.headers)) expect(res.statusCode).toBe(200);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from store_memberships where user_id = ${staff.id}::uuid and store_id = ${storeId}::uuid`);
    });
    for (const res of await probe(s.headers)) expect(res.statusCode).toBe(404);
  });
});

describe('guard: authorisation before validation (every guarded route of the app)', () => {
  /** Every guarded route of the real app with `:params` filled with a value its schema would refuse. */
  const guarded = () =>
    registeredRoutes(a)
      .filter((r) => r.guard && !r.url.startsWith('/test/'))
      .map((r) => ({ ...r, path: `${r.url.replace(/:[A-Za-z_]+/g, 'not-an-id')}?page=-7&limit=zz&fromTime=2020-02-31` }));
  const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';
  /** Bodies a validator would refuse: malformed JSON and a JSON of the wrong shape. */
  const badBodies = [
    { 'content-type': 'application/json', payload: '{"not json' },
    { 'content-type': 'application/json', payload: JSON.stringify({ bogus: [1, 2, 3], email: 42 }) },
  ];

  it('covers the routes of the app', () => {
    expect(guarded().length).toBeGreaterThan(30);
  });

  it('answers 401 without a session, whatever the body', async () => {
    for (const r of guarded()) {
      for (const body of hasBody(r.method) ? badBodies : [null]) {
        const res = await a.inject({
          method: r.method as 'GET',
          url: r.path,
          headers: { 'x-store-id': storeId, ...(body ? { 'content-type': body['content-type'] } : {}) },
          payload: body?.payload,
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    }
  });

  it('answers 403 to a member without the scope and 404 to a foreigner, whatever the body', async () => {
    const m = await login(a, member.email, member.password, storeId);
    const f = await login(a, foreigner.email, foreigner.password, otherStoreId);
    const foreign = { ...f.headers, 'x-store-id': storeId };
    let checked = 0;
    for (const r of guarded()) {
      if (r.guard!.store === false) continue;
      for (const body of hasBody(r.method) ? badBodies : [null]) {
        const send = (headers: Record<string, string>) =>
          a.inject({
            method: r.method as 'GET',
            url: r.path,
            headers: { ...headers, ...(body ? { 'content-type': body['content-type'] } : {}) },
            payload: body?.payload,
          });
        if (r.guard!.scope) {
          const res = await send(m.headers);
          expect(res.statusCode, `member: ${r.method} ${r.url}`).toBe(403);
          expect(res.json().messages).toEqual(['You do not have access to this page']);
        }
        const res = await send(foreign);
        expect(res.statusCode, `foreigner: ${r.method} ${r.url}`).toBe(404);
        expect(res.json().messages).toEqual(['Store not found']);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
