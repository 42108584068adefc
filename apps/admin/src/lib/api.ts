import type { ErrorResponse, RefreshResponse } from '@backroom/contracts';
import { TEXTS } from './constants';
import { clearAccount, isTokenValid, readAccount, writeTokens } from './session';

/**
 * The admin's HTTP client (spec admin-dashboard §7 "All calls … carrying the access token and store id", §8).
 * Paths are given without the `/api` base, e.g. `api.get<StoresResponse>('/stores')`; response types come
 * from `@backroom/contracts` (type-only imports, so zod stays out of the bundle).
 */

/** An API call that failed: HTTP `status` (0 = network failure), the error `code` and the server's `messages`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  constructor(status: number, code: string, messages: string[]) {
    super(errorText(messages));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages;
  }
}

/** Base of every call (DESIGN.md: the API lives under `/api` on the admin's origin). */
export const API_BASE = '/api';

/** Text of an error notification (§8): the messages joined with ', ', or exactly 'Oops! Unknown error!' when none. */
export function errorText(messages: readonly string[] | undefined | null): string {
  const list = (messages ?? []).map((m) => String(m).trim()).filter(Boolean);
  return list.length ? list.join(', ') : TEXTS.unknownError;
}

/** Text of a success notification (§8): the messages joined with ', ', or exactly 'Success' when none. */
export function successText(messages: readonly string[] | undefined | null): string {
  const list = (messages ?? []).map((m) => String(m).trim()).filter(Boolean);
  return list.length ? list.join(', ') : TEXTS.success;
}

/** The global api-error / api-success events of §8; `detail.messages` is what the server said (maybe empty). */
export type ApiEventType = 'api-error' | 'api-success';
export interface ApiEventDetail {
  messages: string[];
}
const bus = new EventTarget();

/** Emits a global api-error or api-success event (§8). The notifications host turns it into a notification. */
export function emitApiEvent(type: ApiEventType, messages: readonly string[] | undefined | null): void {
  bus.dispatchEvent(new CustomEvent<ApiEventDetail>(type, { detail: { messages: [...(messages ?? [])] } }));
}

/** Subscribes to the global api-error / api-success events; returns the unsubscribe function. */
export function onApiEvent(type: ApiEventType, listener: (detail: ApiEventDetail) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<ApiEventDetail>).detail);
  bus.addEventListener(type, handler);
  return () => bus.removeEventListener(type, handler);
}

let onLoggedOut: () => void = () => {
  window.location.assign('/auth/login');
};

/** Sets what happens after the client logs the user out (a failed renewal): the session navigates to login. */
export function setLogoutHandler(handler: () => void): void {
  onLoggedOut = handler;
}

/** Logs out locally: clears local storage and runs the logout handler (§4 "storage is cleared and the user goes to login"). */
export function forceLogout(): void {
  clearAccount();
  onLoggedOut();
}

let renewal: Promise<boolean> | null = null;

/**
 * Renews the token pair with the stored refresh token (`POST /api/auth/refresh`, one use: the answer's new pair
 * replaces both tokens in storage). Concurrent callers share ONE request, and across tabs the renewal runs under a
 * Web Lock, re-reading storage first: if another tab already renewed (the stored access token differs from
 * `failedAccessToken` and is valid), that pair is used instead of spending the refresh token twice — a reused
 * refresh token revokes the whole session (DESIGN.md "Sessions").
 * Resolves true when a valid access token is stored afterwards, false when the server refused the refresh token
 * (or none is stored). A network failure rejects with an ApiError of status 0 (the user is not logged out for it).
 */
export function renewTokens(failedAccessToken?: string | null): Promise<boolean> {
  if (renewal) return renewal;
  const run = async (): Promise<boolean> => {
    const now = Date.now();
    const stored = readAccount();
    if (stored.accessToken && stored.accessToken !== failedAccessToken && isTokenValid(stored.accessToken, now)) return true;
    if (!stored.refreshToken) return false;
    let res: Response;
    try {
      res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken: stored.refreshToken }),
      });
    } catch {
      throw new ApiError(0, 'NETWORK', []);
    }
    if (!res.ok) {
      if (res.status >= 500) throw await toApiError(res);
      return false;
    }
    const pair = (await res.json()) as RefreshResponse;
    writeTokens(pair.accessToken, pair.refreshToken);
    return true;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  renewal = (locks ? locks.request('backroom-token-renewal', run) : run()).finally(() => {
    renewal = null;
  });
  return renewal;
}

/** Query values; undefined and null are left out, arrays are comma-joined. */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

/** Options of one call. */
export interface RequestOptions {
  query?: Query;
  /** JSON-serialised, except a FormData (multipart/form-data upload), which is sent as is. */
  body?: unknown;
  /** Do not raise the global api-error event on failure (§8: some failures "are ignored silently"). */
  silent?: boolean;
  /** Raise the global api-success event with the answer's `messages` (or 'Success'). */
  notifySuccess?: boolean;
  /** Send the Bearer token and X-Store-Id (default true) and renew once on 401. */
  auth?: boolean;
  /** Override the store sent in X-Store-Id (default: the chosen store in storage). */
  storeId?: string | null;
  signal?: AbortSignal;
  /** 'text': resolve with the body as text (a CSV download) instead of parsed JSON. */
  as?: 'json' | 'text';
}

/** Builds `/api{path}?{query}`; the query keeps the given order. */
export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** The error code of a 401 when the server signed the session out of the chosen shop only (lib/guard.ts on the server). */
export const STORE_SIGNED_OUT = 'STORE_SIGNED_OUT';

/** The `code` of an error answer, read from a clone (the body stays readable); '' when it has none. */
async function errorCode(res: Response): Promise<string> {
  try {
    const body = (await res.clone().json()) as Partial<ErrorResponse>;
    return typeof body?.code === 'string' ? body.code : '';
  } catch {
    return '';
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorResponse> | null = null;
  try {
    body = (await res.json()) as Partial<ErrorResponse>;
  } catch {
    body = null;
  }
  const messages = Array.isArray(body?.messages) ? body.messages.map(String) : [];
  return new ApiError(res.status, typeof body?.code === 'string' ? body.code : 'ERROR', messages);
}

/**
 * One API call. Adds `Authorization: Bearer {accessToken}` and `X-Store-Id: {storeId}` from storage; on a 401 it
 * renews the token pair ONCE (see renewTokens) and retries; when the renewal is refused it logs out (§8 "A failed
 * token renewal logs out") and rejects. A 401 `STORE_SIGNED_OUT` (signed out of this shop only) logs out locally at
 * once, without a renewal. Any failure rejects with an ApiError carrying the server's `messages` and,
 * unless `silent`, raises the global api-error event. Resolves with the parsed JSON body (undefined for 204).
 */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const auth = opts.auth !== false;
  const url = buildUrl(path, opts.query);
  const send = async (): Promise<{ res: Response; token: string | null }> => {
    const account = readAccount();
    const headers: Record<string, string> = { accept: 'application/json' };
    // A FormData body (multipart upload) is sent as is: the browser sets its multipart content type and boundary.
    const form = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
    const token = auth ? account.accessToken : null;
    if (token) headers.authorization = `Bearer ${token}`;
    const storeId = opts.storeId === undefined ? account.storeId : opts.storeId;
    if (auth && storeId) headers['x-store-id'] = storeId;
    try {
      const res = await fetch(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: opts.signal,
      });
      return { res, token };
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new ApiError(0, 'NETWORK', ['Network error: the server cannot be reached']);
    }
  };
  const fail = (err: ApiError): never => {
    if (!opts.silent) emitApiEvent('api-error', err.messages);
    throw err;
  };

  let attempt: { res: Response; token: string | null };
  try {
    attempt = await send();
  } catch (e) {
    if (e instanceof ApiError) return fail(e);
    throw e;
  }
  if (attempt.res.status === 401 && auth && (await errorCode(attempt.res)) === STORE_SIGNED_OUT) {
    // The shop's owner or an admin signed this person out of THIS shop (issue 14 item 5): a renewal would not help
    // (the session stays valid for their other shops, so it is not ended here); they sign in again.
    const err = await toApiError(attempt.res);
    forceLogout();
    return fail(err);
  }
  if (attempt.res.status === 401 && auth && !readAccount().refreshToken) {
    // §4 "A missing or invalid refresh token logs out".
    const err = await toApiError(attempt.res);
    forceLogout();
    return fail(err);
  }
  if (attempt.res.status === 401 && auth) {
    let renewed: boolean;
    try {
      renewed = await renewTokens(attempt.token);
    } catch (e) {
      return fail(e instanceof ApiError ? e : new ApiError(0, 'NETWORK', []));
    }
    if (!renewed) {
      const err = await toApiError(attempt.res);
      forceLogout();
      return fail(err);
    }
    try {
      attempt = await send();
    } catch (e) {
      if (e instanceof ApiError) return fail(e);
      throw e;
    }
  }
  const { res } = attempt;
  if (!res.ok) return fail(await toApiError(res));
  if (opts.as === 'text') return (await res.text()) as T;
  const data = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (opts.notifySuccess) emitApiEvent('api-success', (data as { messages?: string[] } | undefined)?.messages);
  return data as T;
}

/** Shorthands of {@link request}. */
export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};
