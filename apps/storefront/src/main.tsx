import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, pageOf, pagePath } from './App';
import './styles.css';
import { api } from './lib/api';
import { IS_PREVIEW, readBootstrap } from './lib/boot';
import { CartStore } from './lib/cart';
import { EventBeacon } from './lib/events';
import { createPreviewChannel, startPreviewBridge } from './lib/preview';
import { navigate } from './lib/router';
import { fallbackConfig, type Shop, ShopContext, ThemeStore } from './lib/theme';

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
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShopContext.Provider value={shop}>
          <App />
        </ShopContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

main().catch((err) => {
  document.getElementById('root')!.textContent = 'This store is not available right now.';
  console.error(err);
});
