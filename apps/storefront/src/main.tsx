import { type DehydratedState, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, pageOf, pagePath } from './App';
import './styles.css';
import { api } from './lib/api';
import { IS_PREVIEW, readBootstrap } from './lib/boot';
import { CartStore } from './lib/cart';
import { EventBeacon } from './lib/events';
import { loadSanitizer } from './lib/html';
import { hydrateInTasks, nextTask } from './lib/hydration';
import { startPixels } from './lib/pixels';
import { createPreviewChannel, startPreviewBridge } from './lib/preview';
import { navigate } from './lib/router';
import { HYDRATED_STALE_MS, hydrateFresh } from './lib/server-data';
import { fallbackConfig, type Shop, ShopContext, ThemeStore } from './lib/theme';

/**
 * The query data the server rendered the page with (`<script id="sf-state">`, issue 16 item 1), or null when the
 * page was not rendered on the server (a preview frame, vite dev, a render that failed).
 */
function serverState(): DehydratedState | null {
  const el = document.getElementById('sf-state');
  return el?.textContent ? (JSON.parse(el.textContent) as DehydratedState) : null;
}

/**
 * Boots the storefront: reads the inlined bootstrap, builds the theme store (the published config, or the hydro
 * defaults when the shop has none), the cart (localStorage; memory in a preview), the event beacon (off in a
 * preview) and, with `?preview=1`, the preview bridge that takes configs from the admin origin only and posts the
 * merchant's clicks (select) and in-place text edits (edit) back to it.
 */
async function main() {
  const boot = await readBootstrap();
  const theme = new ThemeStore((boot.theme?.config as never) ?? fallbackConfig());
  const shop: Shop = {
    boot,
    theme,
    cart: new CartStore(IS_PREVIEW ? null : `sf-cart:${boot.shop.id}`),
    beacon: new EventBeacon(!IS_PREVIEW),
    preview: IS_PREVIEW,
    channel: IS_PREVIEW ? createPreviewChannel(window, boot.adminOrigin) : null,
  };
  const state = IS_PREVIEW ? null : serverState();
  // Hydrating: the server's data is fresh (no refetch right after load) and its failures stand (no retry on mount),
  // so the first client render is the server's render.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, ...(state ? { staleTime: HYDRATED_STALE_MS, retryOnMount: false } : {}) },
    },
  });
  if (IS_PREVIEW) {
    let lastPage: string | null = null;
    startPreviewBridge({
      win: window,
      adminOrigin: boot.adminOrigin,
      store: theme,
      channel: shop.channel ?? undefined,
      onPage: (msg) => {
        if (msg.page === lastPage && lastPage !== null) return;
        lastPage = msg.page;
        if (pageOf(location.pathname) === msg.page) return;
        if (msg.page === 'product') {
          void queryClient
            .fetchQuery({ queryKey: ['products', { limit: 1 }], queryFn: () => api.products({ limit: 1 }) })
            .then((r) => navigate(pagePath('product', r.products[0]?.handle ?? null)))
            .catch(() => navigate(pagePath('product', null)));
        } else navigate(pagePath(msg.page, null));
      },
    });
  }
  if (state) hydrateFresh(queryClient, state);
  const root = document.getElementById('root')!;
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShopContext.Provider value={shop}>
          <App />
        </ShopContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (state && root.firstChild) {
    // Preact (vite.config.ts) adopts the server's nodes as they are, in many short main-thread tasks rather than one
    // long one (issue 16: total blocking time): the bundle's evaluation; then, after a yield in which the browser
    // may paint, the page's frame; then each HydrateLater part in a task of its own (lib/hydration.tsx). Browser
    // values and effects wait until the last part is in. `sf:hydrated` is dispatched then, before they switch: the
    // E2E hydration test takes the DOM changes made up to then (there must be none but text-node splits).
    await nextTask();
    await hydrateInTasks(() => hydrateRoot(root, tree));
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    // Merchant HTML of pages the shopper goes to next needs the sanitiser: its chunk comes once the page is idle.
    setTimeout(() => void loadSanitizer(), 0);
  } else {
    // A browser-only render (preview frame, vite dev, a failed server render) shows merchant HTML from its first paint.
    await loadSanitizer().catch(() => undefined);
    createRoot(root).render(tree);
  }
  // Ad pixels (issue 17 item 6): only when the page carries them; their chunk loads after the first paint.
  startPixels();
}

/** Dispatched on `document` once the whole page is hydrated, before the browser values switch (what the E2E hydration check listens for). */
const HYDRATED_EVENT = 'sf:hydrated';

main().catch((err) => {
  document.getElementById('root')!.textContent = 'This store is not available right now.';
  console.error(err);
});
