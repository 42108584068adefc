import type { User } from '@backroom/contracts';
import { ApiError, api, forceLogout, renewTokens, setLogoutHandler } from './api';
import { SESSION_RECHECK_MS, STORAGE_KEYS } from './constants';
import {
  type Account,
  clearAccount,
  decideSurvey,
  decideTokens,
  hasDashboardAccount,
  msUntilRenewal,
  onTokensChanged,
  readAccount,
  removeAccessToken,
} from './session';

/** Outcome of the dashboard's session check: the signed-in user, or the address to send the browser to. */
export type EnsureResult = { ok: true; user: User } | { ok: false; to: string };

/** Login page address (§4 "the user goes to login"). */
export const LOGIN_HREF = '/auth/login';

/**
 * Address of the survey screen for an account (§2 "auth/survey: takes query values register, storeId and
 * defaultSystemDomain").
 */
export function surveyHref(a: Pick<Account, 'storeId' | 'storeDomain'>, register = false): string {
  const q = new URLSearchParams({ register: String(register), storeId: a.storeId ?? '', defaultSystemDomain: a.storeDomain ?? '' });
  return `/auth/survey?${q.toString()}`;
}

/**
 * Runs the session lifecycle of spec admin-dashboard §4 against local storage and the API, outside React so the
 * router's `beforeLoad` can await it:
 * - `authenticate()`: decode both tokens; restore when both are valid, renew an expired access token (a failed
 *   renewal logs out), log out on a missing/invalid refresh token; then plan a renewal 60 s before the access
 *   token expires.
 * - `ensure()` for dashboard screens: authenticate; require store domain, token and store id (§8); survey check
 *   (`GET /api/auth/survey`, non-200 → survey screen when the store name is known, else login); fetch the user
 *   (`GET /api/users/me`, a failure re-runs authentication once, a second failure logs out); a user with no scopes
 *   is logged out. Repeated every 23 h (82,800,000 ms).
 * - `logout()`: `POST /api/auth/logout`, clear local storage, go to login.
 * The current user is observable (`subscribe` / `getUser`) for React.
 */
export class SessionController {
  private user: User | null = null;
  private pending: Promise<EnsureResult> | null = null;
  private readonly listeners = new Set<() => void>();
  private renewTimer: ReturnType<typeof setTimeout> | null = null;
  private recheckTimer: ReturnType<typeof setInterval> | null = null;
  private started = false;
  /** Navigates the app (set by the router to a client-side navigation). */
  navigate: (href: string) => void = (href) => window.location.assign(href);
  /** Runs after any logout (the app clears its query cache). */
  onLoggedOut: () => void = () => {};
  /** Runs on the 23-hour re-check (the router re-runs its guards). */
  onRecheck: () => void = () => {};

  /** Hooks the controller into the api client and the other tabs. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    setLogoutHandler(() => this.afterLogout());
    onTokensChanged(() => this.scheduleRenewal());
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key !== null && e.key !== STORAGE_KEYS.refreshToken && e.key !== STORAGE_KEYS.accessToken) return;
        if (!readAccount().refreshToken && this.user) this.afterLogout();
        else this.scheduleRenewal();
      });
    }
  }

  /** The signed-in user of the chosen store, or null before `ensure()` succeeded. */
  getUser = (): User | null => this.user;

  /** Subscribes to user changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setUser(user: User | null): void {
    this.user = user;
    for (const l of this.listeners) l();
  }

  /**
   * The token check of §4. Resolves true when a valid access token is stored (restored or renewed), false after
   * logging out (storage cleared). `now` is epoch ms.
   */
  async authenticate(now: number = Date.now()): Promise<boolean> {
    const a = readAccount();
    const decision = decideTokens(a.accessToken, a.refreshToken, now);
    if (decision === 'logout') {
      this.localLogout();
      return false;
    }
    if (decision === 'renew') {
      removeAccessToken();
      let renewed = false;
      try {
        renewed = await renewTokens(a.accessToken);
      } catch {
        renewed = false;
      }
      if (!renewed) {
        this.localLogout();
        return false;
      }
    }
    this.scheduleRenewal();
    return true;
  }

  /** The dashboard check (see class doc); concurrent callers share one run, a known user answers at once. */
  ensure(): Promise<EnsureResult> {
    if (this.user && decideTokens(readAccount().accessToken, readAccount().refreshToken, Date.now()) !== 'logout') {
      return Promise.resolve({ ok: true, user: this.user });
    }
    if (!this.pending) {
      this.pending = this.bootstrap().finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  private async bootstrap(): Promise<EnsureResult> {
    if (!(await this.authenticate())) return { ok: false, to: LOGIN_HREF };
    const account = readAccount();
    if (!hasDashboardAccount(account)) return { ok: false, to: LOGIN_HREF };

    const surveyStatus = await this.surveyStatus(account);
    // The check itself may have logged out (401 STORE_SIGNED_OUT: signed out of this shop by its owner).
    if (!readAccount().refreshToken) return { ok: false, to: LOGIN_HREF };
    const survey = decideSurvey(surveyStatus, account.info?.storeName);
    if (survey === 'survey') return { ok: false, to: surveyHref(account) };
    if (survey === 'login') return { ok: false, to: LOGIN_HREF };

    let user = await this.fetchUser();
    if (!user) {
      // §8 "A failed user-info fetch re-runs authentication."
      if (!(await this.authenticate())) return { ok: false, to: LOGIN_HREF };
      user = await this.fetchUser();
      if (!user) {
        await this.logout({ navigate: false });
        return { ok: false, to: LOGIN_HREF };
      }
    }
    if (user.scopes.length === 0) {
      // §4 "After load, a user with no scopes is logged out."
      await this.logout({ navigate: false });
      return { ok: false, to: LOGIN_HREF };
    }
    this.setUser(user);
    this.startRecheck();
    return { ok: true, user };
  }

  /** HTTP status of the survey check (§4, §7 "Survey check with storeId and token"); 0 when unreachable. */
  private async surveyStatus(a: Account): Promise<number> {
    try {
      await api.get('/auth/survey', {
        query: { register: 'false', storeId: a.storeId, defaultSystemDomain: a.storeDomain },
        silent: true,
      });
      return 200;
    } catch (e) {
      return e instanceof ApiError ? e.status : 0;
    }
  }

  private async fetchUser(): Promise<User | null> {
    try {
      return await api.get<User>('/users/me', { silent: true });
    } catch {
      return null;
    }
  }

  /** Drops the known user so the next `ensure()` fetches it again (after a shop switch or a profile change). */
  reset(): void {
    this.setUser(null);
  }

  /**
   * Logout from the user menu (§2): `POST /api/auth/logout` with the refresh token (its failure is ignored), clear
   * local storage, go to login.
   */
  async logout(opts: { navigate?: boolean } = {}): Promise<void> {
    const { refreshToken } = readAccount();
    try {
      await api.post('/auth/logout', { refreshToken: refreshToken ?? undefined }, { silent: true, auth: !!refreshToken });
    } catch {
      // Logging out locally is what matters; the server session expires on its own.
    }
    this.localLogout();
    if (opts.navigate !== false) this.navigate(LOGIN_HREF);
  }

  private localLogout(): void {
    clearAccount();
    this.stopTimers();
    this.setUser(null);
    this.onLoggedOut();
  }

  /** After the api client logged out (failed renewal, missing refresh token): forget the user and go to login. */
  private afterLogout(): void {
    this.localLogout();
    this.navigate(LOGIN_HREF);
  }

  /** Plans the renewal shortly before the access token expires (§4); a refused renewal logs out. */
  private scheduleRenewal(): void {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = null;
    const { accessToken, refreshToken } = readAccount();
    if (!refreshToken) return;
    const delay = msUntilRenewal(accessToken, Date.now());
    if (delay === null) return;
    this.renewTimer = setTimeout(() => {
      renewTokens(accessToken)
        .then((ok) => {
          if (!ok) forceLogout();
        })
        .catch(() => {
          // Network failure: the next request's 401 path retries the renewal.
        });
    }, delay);
  }

  private startRecheck(): void {
    if (this.recheckTimer) return;
    this.recheckTimer = setInterval(() => {
      this.setUser(null);
      this.onRecheck();
    }, SESSION_RECHECK_MS);
  }

  private stopTimers(): void {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.renewTimer = null;
    this.recheckTimer = null;
  }
}

/** The app's one session. */
export const session = new SessionController();
