import type { StorefrontBootstrap } from '@backroom/contracts';

/**
 * The shop's bootstrap (GET /api/storefront/shop): inlined by the server in index.html as
 * `<script id="sf-bootstrap" type="application/json">` so the first paint needs no round trip; fetched when
 * absent (vite dev). Throws when the shop cannot be loaded.
 */
export async function readBootstrap(doc: Document = document): Promise<StorefrontBootstrap> {
  const el = doc.getElementById('sf-bootstrap');
  if (el?.textContent) return JSON.parse(el.textContent) as StorefrontBootstrap;
  const themeId = new URLSearchParams(location.search).get('preview_theme_id');
  const url = themeId ? `/api/storefront/shop?preview_theme_id=${encodeURIComponent(themeId)}` : '/api/storefront/shop';
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`shop ${res.status}`);
  return (await res.json()) as StorefrontBootstrap;
}

/** Whether this page is an editor preview frame (`?preview=1`, DESIGN.md "Preview protocol"). Fixed for the page's life. */
export const IS_PREVIEW = typeof location !== 'undefined' && new URLSearchParams(location.search).get('preview') === '1';
