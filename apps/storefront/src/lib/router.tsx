import { PREVIEW_THEME_QUERY_PARAM } from '@backroom/theme';
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';
import { IS_PREVIEW } from './boot';
import { useBrowserValue } from './hydration';

/**
 * A minimal client-side router for the storefront's handful of paths (/, /products/:handle, /collections,
 * /collections/:handle, /cart, /checkout, /thank-you/:id, /pages/:handle, /search): the History API and one
 * external store. The preview flag (`?preview=1`) is kept on every navigation.
 */
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', emit);

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const snapshot = () => location.pathname + location.search;

/** Calls `listener` after every in-app navigation and history move (the ad pixels' PageView); answers the unsubscribe. */
export const onLocationChange: (listener: () => void) => () => void = subscribe;

/**
 * The path and query being rendered on the server ("/products/tee?x=1"); null in the browser, where the server
 * snapshot (used while hydrating) is the page's own location, i.e. the same path the server rendered.
 */
export const ServerHrefContext = createContext<string | null>(null);

/** The current path and query ("/collections/tops?page=2"); re-renders on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  const serverHref = useContext(ServerHrefContext);
  const href = useBrowserValue(subscribe, snapshot, () => serverHref ?? snapshot());
  const u = new URL(href, 'http://x');
  return { pathname: u.pathname, search: u.searchParams };
}

/** The theme previewed by `?preview_theme_id=` (issue 9 item 1), kept on every navigation so a reload keeps it. */
const PREVIEW_THEME_ID = typeof location !== 'undefined' ? new URLSearchParams(location.search).get(PREVIEW_THEME_QUERY_PARAM) : null;

/**
 * Navigates to `to` (a same-origin path), keeping `?preview=1` in preview frames and `?preview_theme_id=` in theme
 * previews; scrolls to the top.
 */
export function navigate(to: string, opts: { replace?: boolean; scroll?: boolean } = {}) {
  const u = new URL(to, location.origin);
  if (IS_PREVIEW) u.searchParams.set('preview', '1');
  if (PREVIEW_THEME_ID) u.searchParams.set(PREVIEW_THEME_QUERY_PARAM, PREVIEW_THEME_ID);
  const next = u.pathname + u.search + u.hash;
  if (next === snapshot()) return;
  if (opts.replace) history.replaceState(null, '', next);
  else history.pushState(null, '', next);
  if (opts.scroll !== false) window.scrollTo(0, 0);
  emit();
}

/** An anchor that navigates in-app for same-origin paths and behaves normally for other links. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const internal = href.startsWith('/') && !href.startsWith('//');
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !internal || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}

/** Matches `pathname` against a pattern with `:name` segments; returns the params or null. */
export function match(pattern: string, pathname: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    if (p.startsWith(':')) out[p.slice(1)] = decodeURIComponent(b[i]!);
    else if (p !== b[i]) return null;
  }
  return out;
}
