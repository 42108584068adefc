import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, server } from '../test/msw';
import { accessToken, refreshToken } from '../test/tokens';
import { ApiError, api, buildUrl, errorText, onApiEvent, setLogoutHandler, successText } from './api';
import { readAccount, writeLogin, writeStore } from './session';

// The api client's own tests: what it sends and how it reads raw answers (MSW answers them; test/msw.ts records
// the calls as the client made them).
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers every `/api/…` request with `handler(url as the client wrote it, request)`. */
function answer(handler: (url: string, request: Request) => Response | Promise<Response>) {
  server.use(
    http.all('/api/*', ({ request }) => {
      const u = new URL(request.url);
      return handler(u.pathname + u.search, request);
    }),
  );
}
const header = (i: number, name: string) => (calls()[i]?.init?.headers as Record<string, string> | undefined)?.[name];
const urls = () => calls().map((c) => c.url);

/** The ApiError a call rejects with (fails the test when it resolves). */
const failure = (p: Promise<unknown>): Promise<ApiError> =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: ApiError) => e,
  );
const soon = () => Date.now() + 10 * 60_000;

describe('notification texts (spec §8, exact)', () => {
  it('an error joins the messages, or says exactly Oops! Unknown error!', () => {
    expect(errorText(['Email is required', 'Password is required'])).toBe('Email is required, Password is required');
    expect(errorText([])).toBe('Oops! Unknown error!');
    expect(errorText(undefined)).toBe('Oops! Unknown error!');
    expect(errorText(['  '])).toBe('Oops! Unknown error!');
  });
  it('a success joins the messages, or says exactly Success', () => {
    expect(successText(['Saved', 'Published'])).toBe('Saved, Published');
    expect(successText([])).toBe('Success');
    expect(successText(null)).toBe('Success');
  });
});

describe('buildUrl', () => {
  it('prefixes /api and drops empty values', () => {
    expect(buildUrl('/reports/total-sales', { fromTime: '2025-01-01', stores: ['a', 'b'], x: undefined, y: null })).toBe(
      '/api/reports/total-sales?fromTime=2025-01-01&stores=a%2Cb',
    );
    expect(buildUrl('stores')).toBe('/api/stores');
  });
});

describe('request', () => {
  let loggedOut = 0;
  beforeEach(() => {
    localStorage.clear();
    loggedOut = 0;
    setLogoutHandler(() => {
      loggedOut += 1;
    });
  });
  afterEach(() => setLogoutHandler(() => {}));

  it('sends the Bearer token and X-Store-Id of the account', async () => {
    writeLogin({ accessToken: 'AT', refreshToken: refreshToken(soon()), storeId: 'S1' });
    answer(() => json(200, { ok: true }));
    await expect(api.get('/users/me')).resolves.toEqual({ ok: true });
    expect(urls()[0]).toBe('/api/users/me');
    expect(header(0, 'authorization')).toBe('Bearer AT');
    expect(header(0, 'x-store-id')).toBe('S1');
  });

  it('auth: false sends neither', async () => {
    writeLogin({ accessToken: 'AT', refreshToken: 'R', storeId: 'S1' });
    answer(() => json(200, {}));
    await api.post('/auth/login', { email: 'a@b.co', password: 'x' }, { auth: false });
    expect(header(0, 'authorization')).toBeUndefined();
    expect(header(0, 'x-store-id')).toBeUndefined();
    expect(calls()[0]?.init?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
  });

  it('on 401 renews ONCE, stores the new pair and retries with it', async () => {
    const oldRefresh = refreshToken(soon());
    writeLogin({ accessToken: 'OLD', refreshToken: oldRefresh, storeId: 'S1' });
    const fresh = accessToken(soon());
    answer(async (url, request) => {
      if (url === '/api/auth/refresh') {
        expect(await request.json()).toEqual({ refreshToken: oldRefresh });
        return json(200, { accessToken: fresh, refreshToken: 'NEW-R' });
      }
      const auth = request.headers.get('authorization');
      return auth === `Bearer ${fresh}` ? json(200, { n: 1 }) : json(401, { statusCode: 401, code: 'UNAUTHORIZED', messages: ['expired'] });
    });
    await expect(api.get('/orders/count')).resolves.toEqual({ n: 1 });
    expect(urls()).toEqual(['/api/orders/count', '/api/auth/refresh', '/api/orders/count']);
    expect(readAccount()).toMatchObject({ accessToken: fresh, refreshToken: 'NEW-R' });
    expect(loggedOut).toBe(0);
  });

  it('concurrent 401s share one renewal (a refresh token is spent only once)', async () => {
    writeLogin({ accessToken: 'OLD', refreshToken: refreshToken(soon()), storeId: 'S1' });
    const fresh = accessToken(soon());
    answer(async (url, request) => {
      if (url === '/api/auth/refresh') {
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { accessToken: fresh, refreshToken: 'NEW-R' });
      }
      const auth = request.headers.get('authorization');
      return auth === `Bearer ${fresh}` ? json(200, {}) : json(401, { messages: [] });
    });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(urls().filter((u) => u === '/api/auth/refresh')).toHaveLength(1);
  });

  it('a refused renewal logs out: storage cleared, logout handler run, the call rejects', async () => {
    writeLogin({ accessToken: 'OLD', refreshToken: refreshToken(soon()), storeId: 'S1' });
    writeStore({
      storeId: 'S1',
      storeDomain: 'd',
      rDomain: 'd',
      info: { storeName: 'n', storeUrl: 'u', currency: { sign: '$', code: 'USD' } },
    });
    answer((url) =>
      url === '/api/auth/refresh'
        ? json(401, { statusCode: 401, code: 'UNAUTHORIZED', messages: ['revoked'] })
        : json(401, { statusCode: 401, code: 'UNAUTHORIZED', messages: ['Your session has ended, please sign in again'] }),
    );
    const err = await failure(api.get('/users/me', { silent: true }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.messages).toEqual(['Your session has ended, please sign in again']);
    expect(loggedOut).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(urls().filter((u) => u === '/api/users/me')).toHaveLength(1);
  });

  it('a 401 STORE_SIGNED_OUT (signed out of this shop only) logs out locally at once, without a renewal or a server logout', async () => {
    writeLogin({ accessToken: 'AT', refreshToken: refreshToken(soon()), storeId: 'S1' });
    const msg = 'You were signed out of this shop, please sign in again';
    answer(() => json(401, { statusCode: 401, code: 'STORE_SIGNED_OUT', messages: [msg] }));
    const err = await failure(api.get('/orders/count', { silent: true }));
    expect(err).toMatchObject({ status: 401, code: 'STORE_SIGNED_OUT', messages: [msg] });
    expect(urls()).toEqual(['/api/orders/count']);
    expect(loggedOut).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  it('a 401 without a refresh token logs out without trying to renew', async () => {
    localStorage.setItem('accessToken', 'AT');
    answer(() => json(401, { messages: ['no'] }));
    await expect(api.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(urls()).toEqual(['/api/x']);
    expect(loggedOut).toBe(1);
  });

  it('an error raises api-error with the server messages; silent calls do not', async () => {
    writeLogin({ accessToken: 'AT', refreshToken: refreshToken(soon()), storeId: 'S1' });
    const seen: string[][] = [];
    const off = onApiEvent('api-error', (d) => seen.push(d.messages));
    answer(() => json(400, { statusCode: 400, code: 'BAD_REQUEST', messages: ['query.stores: stores is required'] }));
    const err = await failure(api.get('/reports/total-sales'));
    expect(err.messages).toEqual(['query.stores: stores is required']);
    expect(err.message).toBe('query.stores: stores is required');
    await api.get('/reports/total-sales', { silent: true }).catch(() => {});
    off();
    expect(seen).toEqual([['query.stores: stores is required']]);
  });

  it('an error body without messages becomes an ApiError with none (shown as Oops! Unknown error!)', async () => {
    answer(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const err = await failure(api.get('/x', { silent: true, auth: false }));
    expect(err.status).toBe(502);
    expect(err.messages).toEqual([]);
    expect(err.message).toBe('Oops! Unknown error!');
  });

  it('notifySuccess raises api-success with the answer messages', async () => {
    const seen: string[][] = [];
    const off = onApiEvent('api-success', (d) => seen.push(d.messages));
    answer(() => json(200, { ok: true, messages: ['Signed out'] }));
    await api.post('/auth/logout', {}, { auth: false, notifySuccess: true });
    answer(() => json(200, { ok: true }));
    await api.post('/auth/logout', {}, { auth: false, notifySuccess: true });
    off();
    expect(seen).toEqual([['Signed out'], []]);
  });

  it('a network failure rejects with status 0 and does not log out', async () => {
    writeLogin({ accessToken: 'AT', refreshToken: refreshToken(soon()), storeId: 'S1' });
    answer(() => HttpResponse.error());
    const err = await failure(api.get('/x', { silent: true }));
    expect(err.status).toBe(0);
    expect(loggedOut).toBe(0);
    expect(readAccount().accessToken).toBe('AT');
  });
});
