import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable, type Writable } from 'node:stream';
import type { StorefrontBootstrap } from '@backroom/contracts';
import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { setApiTransport } from './lib/api';
import { CartStore } from './lib/cart';
import { EventBeacon } from './lib/events';
import { fontHead } from './lib/font-files';
import { setServerSanitizer } from './lib/html';
import { ServerHrefContext } from './lib/router';
import { fallbackConfig, type Shop, ShopContext, ThemeStore } from './lib/theme';

/** Answers a storefront API call (`/api/storefront/…`, same shop as the page) from inside the server process. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The API transport of the render running in this async context (renders of different shops run side by side). */
const requestFetch = new AsyncLocalStorage<ApiFetch>();
setApiTransport((url, init) => {
  const f = requestFetch.getStore();
  if (!f) return Promise.reject(new Error(`storefront API called outside a server render: ${url}`));
  return f(url, init);
});

/**
 * Installs the HTML sanitiser the server renderer uses for merchant rich text (DOMPurify needs a DOM): the server's
 * own merchant-HTML rule (`lib/html.ts` sanitizeMerchantHtml). Call once at start.
 */
export function installSanitizer(fn: (html: string) => string): void {
  setServerSanitizer(fn);
}

/** What one server render needs. */
export interface RenderInput {
  /** Path and query of the page ("/collections/all?sort=price"). */
  href: string;
  /** The shop's bootstrap, the same object inlined in the page for the browser. */
  boot: StorefrontBootstrap;
  /** Answers `/api/storefront/…` for this shop (the server's own routes, e.g. through `app.inject`). */
  fetch: ApiFetch;
  /** The response's CSP nonce (the renderer writes no script today; kept for one that does). */
  nonce: string;
}

/** A finished server render: the markup of `#root` as a stream, and the query data the browser hydrates from. */
export interface RenderOutput {
  /** Pipes the app's markup into `out` and ends `out` when the markup is complete. */
  pipe: <W extends Writable>(out: W) => W;
  /** The resolved data of every query the page renders (TanStack Query's dehydrated cache, JSON-safe). */
  state: DehydratedState;
  /** HTML for `<head>`: preloads and `@font-face` rules of the faces the theme's typography uses (issue 16 item 2). */
  head: string;
}

/** Rounds of "render, fetch what the render asked for" before the final render: a page's queries depend on ≤ 2 levels (product → personalisation). */
const MAX_DATA_ROUNDS = 4;

/**
 * Renders a storefront page on the server (issue 16 item 1). Data first, in one pass per dependency level: the app
 * is rendered to a string, every query it asked for (and that is enabled) is fetched at once through `input.fetch`,
 * and this repeats until a render asks for nothing new (a product page asks for its personalisation only once the
 * product is known). Then the final markup is rendered with every visible section's data in place; `state` goes into
 * the page so `hydrateRoot` starts from the same data (no request after load). Failed queries (a 404 product) are
 * kept as errors so the browser renders the same "not found". The renderer is Preact's (the bundles alias `react`
 * to `preact/compat`, vite.config.ts), which renders synchronously: with the data resolved nothing suspends, so the
 * markup is one string, written to `pipe`'s stream at once. Rejects when the app cannot be rendered; the caller then
 * serves the client-only page.
 */
export async function render(input: RenderInput): Promise<RenderOutput> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const shop: Shop = {
    boot: input.boot,
    theme: new ThemeStore((input.boot.theme?.config as never) ?? fallbackConfig()),
    cart: new CartStore(null, null),
    beacon: new EventBeacon(false),
    preview: false,
    channel: null,
  };
  const t = shop.theme.get().config.settings.typography;
  const head = fontHead([t.type_header_family, t.type_base_family, t.type_product_description_family, t.type_button_base_family]);
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShopContext.Provider value={shop}>
          <ServerHrefContext.Provider value={input.href}>
            <App />
          </ServerHrefContext.Provider>
        </ShopContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
  const tried = new Set<string>();
  await requestFetch.run(input.fetch, async () => {
    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      renderToString(tree);
      const wanted = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => {
          if (tried.has(q.queryHash) || q.state.status !== 'pending') return false;
          const enabled = (q.options as { enabled?: unknown }).enabled;
          return typeof enabled === 'function' ? enabled(q) !== false : enabled !== false;
        });
      if (!wanted.length) break;
      for (const q of wanted) tried.add(q.queryHash);
      await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
    }
  });
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' });
  for (const q of state.queries) {
    // An ApiError does not survive JSON; the browser only needs to know the query failed (and how).
    if (q.state.error) q.state.error = { name: 'ApiError', message: String((q.state.error as Error).message ?? '') } as never;
  }
  const markup = renderToString(tree);
  return { pipe: (out) => Readable.from([markup]).pipe(out), state, head };
}
