/**
 * Business constants and limits of spec admin-dashboard §9, in one place. Durations are milliseconds, widths
 * CSS pixels. Nothing else in the admin spells these numbers.
 */

/** Session re-check: every 23 hours (§4 "The check is repeated every 23 hours", §9). */
export const SESSION_RECHECK_MS = 82_800_000;
/** Default currency: sign $ and code USD, kept in local storage with the account info (§9). */
export const DEFAULT_CURRENCY = { sign: '$', code: 'USD' } as const;
/** The sidebar is hidden under 768 px (§2 Layout behaviour, §9); the top bar hides under it too. */
export const SIDEBAR_HIDDEN_BELOW_PX = 768;
/** Greeting boundaries: hours 12 and 17 in the store's timezone (§1, §9). */
export const GREETING_AFTERNOON_HOUR = 12;
export const GREETING_EVENING_HOUR = 17;
/** Overview auto refresh: every 300,000 ms (§9). */
export const OVERVIEW_AUTO_REFRESH_MS = 300_000;

/**
 * How long before the access token's expiry the session renews it (§4 "renew shortly before expiry"): 60 s,
 * so a request in flight never carries a token that expires on the way. Our decision; the spec gives none.
 */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Local-storage keys of the account info (§3 Account info: storeId, accessToken, refreshToken, storeDomain, rDomain). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  storeId: 'storeId',
  /** The store's system domain `{handle}.{suffix}`. */
  storeDomain: 'storeDomain',
  /** The store's public domain (a connected custom domain, else the system domain). */
  rDomain: 'rDomain',
  /** JSON of {@link AccountInfo} in session.ts: the chosen store's name, url and currency. */
  accountInfo: 'accountInfo',
} as const;

/** Texts of the error catalogue (§8), used exactly as written. */
export const TEXTS = {
  unknownError: 'Oops! Unknown error!',
  success: 'Success',
} as const;
