import type { Scope, StoreSummary } from '@backroom/contracts';
import { decodeJwt } from 'jose';
import { DEFAULT_CURRENCY, RENEW_BEFORE_EXPIRY_MS, STORAGE_KEYS } from './constants';

/**
 * Session state kept in local storage and the lifecycle decisions of spec admin-dashboard §4 "Session", as pure
 * functions (the controller in session-controller.ts runs them; unit tests check them one by one).
 */

/** Display details of the chosen store kept with the account info (§3, §9 "Default currency … stored locally"). */
export interface AccountInfo {
  storeName: string;
  /** Address that opens the storefront (Open your site), e.g. http://demo.localhost:3000. */
  storeUrl: string;
  currency: { sign: string; code: string };
}

/** The account info of §3: tokens, chosen store id, system domain (storeDomain) and public domain (rDomain). */
export interface Account {
  accessToken: string | null;
  refreshToken: string | null;
  storeId: string | null;
  storeDomain: string | null;
  rDomain: string | null;
  info: AccountInfo | null;
}

const tokenBus = new EventTarget();

/** Calls `listener` whenever this tab writes or clears the tokens (the controller re-plans its renewal timer). */
export function onTokensChanged(listener: () => void): () => void {
  tokenBus.addEventListener('change', listener);
  return () => tokenBus.removeEventListener('change', listener);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads the account from local storage; a missing or unreadable key is null. */
export function readAccount(): Account {
  const s = storage();
  const get = (k: string) => s?.getItem(k) || null;
  let info: AccountInfo | null = null;
  const raw = get(STORAGE_KEYS.accountInfo);
  if (raw) {
    try {
      const v = JSON.parse(raw) as Partial<AccountInfo>;
      info = {
        storeName: String(v.storeName ?? ''),
        storeUrl: String(v.storeUrl ?? ''),
        currency: {
          sign: String(v.currency?.sign ?? DEFAULT_CURRENCY.sign),
          code: String(v.currency?.code ?? DEFAULT_CURRENCY.code),
        },
      };
    } catch {
      info = null;
    }
  }
  return {
    accessToken: get(STORAGE_KEYS.accessToken),
    refreshToken: get(STORAGE_KEYS.refreshToken),
    storeId: get(STORAGE_KEYS.storeId),
    storeDomain: get(STORAGE_KEYS.storeDomain),
    rDomain: get(STORAGE_KEYS.rDomain),
    info,
  };
}

/** Stores a renewed token pair (rotation: both tokens are replaced). */
export function writeTokens(accessToken: string, refreshToken: string): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.accessToken, accessToken);
  s?.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  tokenBus.dispatchEvent(new Event('change'));
}

/** Removes only the access token (§4 "If the access token has expired, it is removed and renewed"). */
export function removeAccessToken(): void {
  storage()?.removeItem(STORAGE_KEYS.accessToken);
}

/**
 * Login success (§4): stores accessToken, refreshToken and storeId — after clearing whatever an earlier user left,
 * so no store domain of someone else survives.
 */
export function writeLogin(login: { accessToken: string; refreshToken: string; storeId: string | null }): void {
  const s = storage();
  s?.clear();
  s?.setItem(STORAGE_KEYS.accessToken, login.accessToken);
  s?.setItem(STORAGE_KEYS.refreshToken, login.refreshToken);
  if (login.storeId) s?.setItem(STORAGE_KEYS.storeId, login.storeId);
  tokenBus.dispatchEvent(new Event('change'));
}

/** Shop selection: stores storeId, storeDomain (system domain), rDomain (public domain) and the display info. */
export function writeStore(store: { storeId: string; storeDomain: string; rDomain: string; info: AccountInfo }): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.storeId, store.storeId);
  s?.setItem(STORAGE_KEYS.storeDomain, store.storeDomain);
  s?.setItem(STORAGE_KEYS.rDomain, store.rDomain);
  s?.setItem(STORAGE_KEYS.accountInfo, JSON.stringify(store.info));
}

/** Logout (§2 "clears local storage", §4 "storage is cleared"): the whole local storage of the admin origin. */
export function clearAccount(): void {
  storage()?.clear();
  tokenBus.dispatchEvent(new Event('change'));
}

/**
 * Expiry of a token in epoch ms read from its `exp` claim (decoded, not verified: the server verifies), or null
 * when the token is missing, not JWT-shaped or carries no `exp`. The refresh token is JWT-shaped too.
 */
export function tokenExpiryMs(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the token decodes and its expiry is later than `now` (epoch ms). */
export function isTokenValid(token: string | null | undefined, now: number): boolean {
  const exp = tokenExpiryMs(token);
  return exp !== null && exp > now;
}

/** What the session check does with the stored tokens (§4). */
export type TokenDecision = 'restore' | 'renew' | 'logout';

/**
 * §4: a missing or invalid (undecodable or expired) refresh token → 'logout' (storage cleared, go to login); both
 * valid → 'restore' the account info from storage; a valid refresh token with an expired, missing or invalid
 * access token → 'renew' (remove the access token and renew; a failed renewal logs out).
 */
export function decideTokens(accessToken: string | null, refreshToken: string | null, now: number): TokenDecision {
  if (!isTokenValid(refreshToken, now)) return 'logout';
  return isTokenValid(accessToken, now) ? 'restore' : 'renew';
}

/**
 * Delay in ms until the access token should be renewed: RENEW_BEFORE_EXPIRY_MS (60 s) before its expiry, never
 * negative; null when the token has no readable expiry (then nothing is scheduled; the 401 path renews).
 */
export function msUntilRenewal(accessToken: string | null, now: number): number | null {
  const exp = tokenExpiryMs(accessToken);
  if (exp === null) return null;
  return Math.max(0, exp - RENEW_BEFORE_EXPIRY_MS - now);
}

/**
 * §8 "A missing store domain, token or store id on the dashboard sends the user to login": true when the account
 * has all three (and a refresh token to keep the session going).
 */
export function hasDashboardAccount(a: Pick<Account, 'storeDomain' | 'accessToken' | 'refreshToken' | 'storeId'>): boolean {
  return !!(a.storeDomain && (a.accessToken || a.refreshToken) && a.storeId);
}

/**
 * §4 survey check: 200 → 'ok'; any other status → 'survey' when a store name is known, otherwise 'login'.
 */
export function decideSurvey(status: number, storeName: string | null | undefined): 'ok' | 'survey' | 'login' {
  if (status === 200) return 'ok';
  return storeName?.trim() ? 'survey' : 'login';
}

/**
 * §4 "After load, a user with no scopes is logged out. If the current route is not permitted, the user goes to
 * no-access." `routeScope` null = any signed-in member (e.g. Product Options, Profile).
 */
export function decideUser(scopes: readonly Scope[], routeScope: Scope | null): 'logout' | 'no-access' | 'ok' {
  if (scopes.length === 0) return 'logout';
  if (routeScope && !scopes.includes(routeScope)) return 'no-access';
  return 'ok';
}

/** Currency sign of an ISO 4217 code in en-US (USD → '$', EUR → '€'); the code itself when Intl has none. */
export function currencySign(code: string | null | undefined): string {
  const c = (code || DEFAULT_CURRENCY.code).toUpperCase();
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: c, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? c;
  } catch {
    return c;
  }
}

/**
 * Makes `store` the chosen shop (spec admin-dashboard §3 account info: storeId, storeDomain = system domain,
 * rDomain = public domain, plus name, address and currency for display) and lets the session forget the previous
 * store's user (`session.reset()`). Used by the shop screen, the sign-up and the survey.
 */
export function chooseStore(session: { reset(): void }, store: StoreSummary): void {
  writeStore({
    storeId: store.id,
    storeDomain: store.domain,
    rDomain: store.rDomain,
    info: { storeName: store.name, storeUrl: store.url, currency: { sign: currencySign(store.currency), code: store.currency } },
  });
  session.reset();
}
