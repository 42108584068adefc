import { PREVIEW_QUERY_PARAM, PREVIEW_THEME_QUERY_PARAM } from '@backroom/theme';
import { readAccount } from '../../lib/session';

/**
 * Addresses of the shop's storefront for the themes feature (spec theme-editor §4 "The preview address is built
 * from the store domain kept locally"): the account's store url (`http://{handle}.localhost:3000`), else
 * `http://{storeDomain}`.
 */
export function shopOrigin(): string | null {
  const a = readAccount();
  const url = a.info?.storeUrl || (a.storeDomain ? `${location.protocol}//${a.storeDomain}` : '');
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The storefront address showing theme `themeId` at `path`. `frame`: an editor/thumbnail frame (`?preview=1`:
 * no visit is counted, configs are accepted from the admin origin).
 */
export function themeStorefrontUrl(origin: string, themeId: string, o: { frame?: boolean; path?: string } = {}): string {
  const u = new URL(o.path ?? '/', origin);
  if (o.frame) u.searchParams.set(PREVIEW_QUERY_PARAM, '1');
  u.searchParams.set(PREVIEW_THEME_QUERY_PARAM, themeId);
  return u.toString();
}
