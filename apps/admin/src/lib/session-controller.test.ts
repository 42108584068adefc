import { OkResponse, RefreshResponse, SurveyCheckResponse, User } from '@backroom/contracts';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user as fixtureUser } from '../test/fixtures';
import { fail, reply, server, urls } from '../test/msw';
import { accessToken, refreshToken } from '../test/tokens';
import { SESSION_RECHECK_MS } from './constants';
import { readAccount, writeLogin, writeStore } from './session';
import { LOGIN_HREF, SessionController, surveyHref } from './session-controller';

const user = (o: Partial<User> = {}): User => fixtureUser({ scopes: ['homes', 'orders'], ...o });

/** Answers by path through MSW (test/msw.ts); a path not listed gets the API's 404. */
type Routes = Record<string, (request: Request) => Response | Promise<Response>>;
function serve(routes: Routes) {
  server.use(
    http.all('/api/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      const h = routes[path];
      return h ? h(request) : fail(404, 'NOT_FOUND', [`Route ${path} not found`]);
    }),
  );
}
/** The URLs the controller called, as written. */
const hits = () => urls();
const refreshed = (access: string, refresh: string) => () => reply(RefreshResponse, { accessToken: access, refreshToken: refresh });
const loggedOut = () => reply(OkResponse, { ok: true });

const later = (ms: number) => Date.now() + ms;
function signIn(o: { access?: string | null; refresh?: string | null; store?: boolean; storeName?: string } = {}) {
  writeLogin({
    accessToken: o.access === undefined ? accessToken(later(15 * 60_000)) : (o.access ?? ''),
    refreshToken: o.refresh === undefined ? refreshToken(later(30 * 86400_000)) : (o.refresh ?? ''),
    storeId: 'S1',
  });
  if (o.store !== false) {
    writeStore({
      storeId: 'S1',
      storeDomain: 'demo.localhost',
      rDomain: 'demo.localhost',
      info: { storeName: o.storeName ?? 'Demo Fashion', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
    });
  }
}

const ok: Routes = { '/api/auth/survey': () => reply(SurveyCheckResponse, { done: true }), '/api/users/me': () => reply(User, user()) };

describe('SessionController.ensure (spec §4 Session, §8)', () => {
  let s: SessionController;
  beforeEach(() => {
    localStorage.clear();
    s = new SessionController();
    s.navigate = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores a session with both tokens valid and loads the user', async () => {
    signIn();
    serve(ok);
    await expect(s.ensure()).resolves.toEqual({ ok: true, user: user() });
    expect(s.getUser()?.email).toBe('owner@demo.test');
    expect(hits().some((h) => h.startsWith('/api/auth/refresh'))).toBe(false);
  });

  it('sends the survey check with register, storeId and defaultSystemDomain', async () => {
    signIn();
    serve(ok);
    await s.ensure();
    expect(hits()).toContain('/api/auth/survey?register=false&storeId=S1&defaultSystemDomain=demo.localhost');
  });

  it('an expired access token is removed and renewed before anything else', async () => {
    signIn({ access: accessToken(Date.now() - 1000) });
    const fresh = accessToken(later(15 * 60_000));
    serve({ ...ok, '/api/auth/refresh': refreshed(fresh, refreshToken(later(86400_000))) });
    await expect(s.ensure()).resolves.toMatchObject({ ok: true });
    expect(hits()[0]).toBe('/api/auth/refresh');
    expect(readAccount().accessToken).toBe(fresh);
  });

  it('a failed renewal logs out: storage cleared, go to login', async () => {
    signIn({ access: accessToken(Date.now() - 1000) });
    serve({ ...ok, '/api/auth/refresh': () => fail(401, 'UNAUTHORIZED', ['Session revoked']) });
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
    expect(localStorage.length).toBe(0);
  });

  it.each([
    ['missing', null],
    ['expired', refreshToken(Date.now() - 1000)],
    ['invalid', 'not-a-token'],
  ])('a %s refresh token logs out without calling the API', async (_l, refresh) => {
    signIn({ refresh: refresh as string | null });
    serve(ok);
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
    expect(hits()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('no store chosen (no store domain) → login', async () => {
    signIn({ store: false });
    serve(ok);
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
  });

  it('a non-200 survey check → the survey screen when the store name is known', async () => {
    signIn();
    serve({ ...ok, '/api/auth/survey': () => fail(409, 'SURVEY_REQUIRED', ['x']) });
    const r = await s.ensure();
    expect(r).toEqual({ ok: false, to: surveyHref({ storeId: 'S1', storeDomain: 'demo.localhost' }) });
    expect(r.ok === false && r.to).toBe('/auth/survey?register=false&storeId=S1&defaultSystemDomain=demo.localhost');
  });

  it('a non-200 survey check → login when no store name is known', async () => {
    signIn({ storeName: '' });
    serve({ ...ok, '/api/auth/survey': () => fail(409, 'SURVEY_REQUIRED') });
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
  });

  it('a failed user-info fetch re-runs authentication once, then succeeds', async () => {
    signIn();
    let n = 0;
    serve({ ...ok, '/api/users/me': () => (++n === 1 ? fail(500, 'INTERNAL_SERVER_ERROR') : reply(User, user())) });
    await expect(s.ensure()).resolves.toMatchObject({ ok: true });
    expect(hits().filter((h) => h === '/api/users/me')).toHaveLength(2);
  });

  it('a user-info fetch failing twice logs out', async () => {
    signIn();
    serve({
      ...ok,
      '/api/users/me': () => fail(404, 'NOT_FOUND', ['Store not found']),
      '/api/auth/logout': loggedOut,
    });
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
    expect(hits()).toContain('/api/auth/logout');
    expect(localStorage.length).toBe(0);
  });

  it('a user with no scopes is logged out', async () => {
    signIn();
    serve({ ...ok, '/api/users/me': () => reply(User, user({ scopes: [] })), '/api/auth/logout': loggedOut });
    await expect(s.ensure()).resolves.toEqual({ ok: false, to: LOGIN_HREF });
    expect(s.getUser()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('concurrent checks share one run', async () => {
    signIn();
    serve(ok);
    await Promise.all([s.ensure(), s.ensure(), s.ensure()]);
    expect(hits().filter((h) => h === '/api/users/me')).toHaveLength(1);
  });

  it('repeats the check every 23 hours (82,800,000 ms)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    signIn({ access: accessToken(later(48 * 3600_000)) });
    serve(ok);
    const recheck = vi.fn();
    s.onRecheck = recheck;
    await s.ensure();
    vi.advanceTimersByTime(SESSION_RECHECK_MS - 1);
    expect(recheck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(s.getUser()).toBeNull(); // the next ensure() runs the whole check again
  });

  it('renews 60 s before the access token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    signIn({ access: accessToken(later(10 * 60_000)) });
    const fresh = accessToken(later(25 * 60_000));
    serve({ ...ok, '/api/auth/refresh': refreshed(fresh, refreshToken(later(86400_000))) });
    await s.ensure();
    vi.advanceTimersByTime(8 * 60_000);
    expect(hits()).not.toContain('/api/auth/refresh');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(hits()).toContain('/api/auth/refresh');
    expect(readAccount().accessToken).toBe(fresh);
  });

  it('logout posts the refresh token, clears storage and goes to login', async () => {
    signIn();
    const bodies: unknown[] = [];
    serve({
      ...ok,
      '/api/auth/logout': async (request) => {
        bodies.push(await request.json());
        return reply(OkResponse, { ok: true });
      },
    });
    const refresh = readAccount().refreshToken;
    await s.ensure();
    await s.logout();
    expect(bodies).toEqual([{ refreshToken: refresh }]);
    expect(localStorage.length).toBe(0);
    expect(s.navigate).toHaveBeenCalledWith('/auth/login');
  });
});
