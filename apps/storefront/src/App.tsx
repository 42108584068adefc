import type { PreviewPage, ThemeConfig } from '@backroom/theme';
import { type CSSProperties, lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { Popups } from './layout/Popups';
import { useHydrated } from './lib/cart';
import { readable } from './lib/color';
import { loadFont } from './lib/fonts';
import { HydrateLater, whenSettled } from './lib/hydration';
import { match, useLocation } from './lib/router';
import { useShop, useTheme } from './lib/theme';
import { CategoryPage, CollectionsPage, SearchPage } from './pages/Collections';
import { ContentPage } from './pages/ContentPage';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { ProductPage } from './pages/Product';
import { RecoverPage } from './pages/Recover';

/**
 * CSS custom properties of a config (theme-editor §3 Colours, Typography, Style): every colour (text colours kept
 * readable: see lib/color.ts), the four font families (loaded on demand), the font sizes (px) and title line clamps. Set on the root element, so an edit
 * restyles the page with no re-render of the sections.
 */
export function themeVars(config: ThemeConfig): CSSProperties {
  const c = config.settings.colors;
  const t = config.settings.typography;
  const s = config.settings.style;
  const head = loadFont(t.type_header_family);
  const base = loadFont(t.type_base_family);
  const desc = loadFont(t.type_product_description_family);
  const btn = loadFont(t.type_button_base_family);
  const v: Record<string, string | number> = {
    '--c-topbar-bg': c.color_top_bar_background,
    '--c-announce-bg': c.color_announcement_bar_background,
    '--c-announce-text': readable(c.color_announcement_bar_text, c.color_announcement_bar_background),
    '--c-cart-btn': readable(c.color_cart_button, c.color_cart_button_label),
    '--c-cart-btn-label': c.color_cart_button_label,
    '--c-buy-btn': readable(c.color_buyNow_button, c.color_byNow_button_label),
    '--c-buy-btn-label': c.color_byNow_button_label,
    '--c-upsell-border': c.color_upsell_border,
    '--c-upsell-bg': c.color_upsell_background,
    '--c-upsell-border-active': c.color_upsell_border_active,
    '--c-upsell-bg-active': c.color_upsell_background_active,
    '--c-upsell-tag-bg': readable(c.color_upsell_background_tag, c.color_upsell_text_tag),
    '--c-upsell-tag-text': c.color_upsell_text_tag,
    '--c-footer-bg': c.footer_background,
    '--c-footer-text': readable(c.color_footer_text, c.footer_background),
    '--c-title': readable(c.color_title_product, PAGE_TINT),
    '--c-icon': readable(c.color_product_icon, PAGE_TINT),
    '--c-price': readable(c.color_price, PAGE_TINT),
    '--c-compare': readable(c.color_compare_at_price, PAGE_TINT),
    '--c-sale': readable(c.color_sale_price ?? c.color_price, PAGE_TINT),
    '--c-checkout-btn': readable(c.color_checkout_button, '#ffffff', 3),
    '--f-head': head.family,
    '--fw-head': head.weight,
    '--fs-head': head.style,
    '--f-base': base.family,
    '--fw-base': base.weight,
    '--fst-base': base.style,
    '--f-desc': desc.family,
    '--fw-desc': desc.weight,
    '--f-btn': btn.family,
    '--fw-btn': btn.weight,
    '--fz-product': `${t.font_size_product}px`,
    '--fz-price': `${t.font_size_price}px`,
    '--fz-compare': `${t.font_size_compare_at_price}px`,
    '--fz-sale-tag': `${t.font_size_sale_tag}px`,
    '--fz-cart-btn': `${t.font_size_cart_button_text}px`,
    '--lines-product': s.maxLineDisplayProduct,
  };
  return v as CSSProperties;
}

/**
 * Text colours are kept readable against the lightest tinted backgrounds the themes use (cards, footer, panels),
 * not only white.
 */
const PAGE_TINT = '#f2f2f2';

/** The path each editor page shows in a preview (theme-editor §2 page selector). */
export function pagePath(page: PreviewPage, productHandle: string | null): string {
  switch (page) {
    case 'home':
      return '/';
    case 'product':
      return productHandle ? `/products/${productHandle}` : '/collections/all';
    case 'collections':
      return '/collections';
    case 'category':
      return '/collections/all';
    case 'cart':
      return '/cart';
    case 'checkout':
      return '/checkout';
    case 'order':
      return '/thank-you/preview';
  }
}

/** Which editor page a path is (for the preview: switch only when the editor asks for another page). */
export function pageOf(pathname: string): PreviewPage {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/products/')) return 'product';
  if (pathname === '/collections') return 'collections';
  if (pathname.startsWith('/collections/')) return 'category';
  if (pathname === '/cart') return 'cart';
  if (pathname === '/checkout') return 'checkout';
  if (pathname.startsWith('/thank-you/')) return 'order';
  return 'home';
}

// The shopper's own pages (their localStorage cart, their order): code loaded when first shown (issue 16 item 1).
const CartPage = lazy(() => import('./pages/Cart').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => import('./pages/Checkout').then((m) => ({ default: m.CheckoutPage })));
const ThankYouPage = lazy(() => import('./pages/Checkout').then((m) => ({ default: m.ThankYouPage })));

const LOADING = <div className="sf-container sf-loading" aria-busy="true" />;

const Routes = memo(function Routes() {
  const { pathname, search } = useLocation();
  // The cart, checkout and thank-you pages are the shopper's own (localStorage cart, this tab's order): the server
  // (and hydration) render their loading state, the page follows right after hydration (issue 16 item 1).
  const hydrated = useHydrated();
  if (pathname === '/') return <Home />;
  if (pathname === '/collections') return <CollectionsPage />;
  const own = pathname === '/cart' || pathname === '/checkout' || pathname.startsWith('/thank-you/');
  if (own && !hydrated) return LOADING;
  if (pathname === '/cart')
    return (
      <Suspense fallback={LOADING}>
        <CartPage />
      </Suspense>
    );
  if (pathname === '/checkout')
    return (
      <Suspense fallback={LOADING}>
        <CheckoutPage />
      </Suspense>
    );
  if (pathname === '/search') return <SearchPage search={search} />;
  const product = match('/products/:handle', pathname);
  if (product) return <ProductPage key={product.handle} handle={product.handle!} />;
  const category = match('/collections/:handle', pathname);
  if (category) return <CategoryPage key={category.handle} handle={category.handle!} search={search} />;
  const thanks = match('/thank-you/:id', pathname);
  if (thanks) {
    return (
      <Suspense fallback={LOADING}>
        <ThankYouPage id={thanks.id!} token={search.get('token') ?? ''} />
      </Suspense>
    );
  }
  const recover = match('/checkouts/:token/recover', pathname);
  if (recover) return <RecoverPage token={recover.token!} />;
  const page = match('/pages/:handle', pathname);
  if (page) return <ContentPage handle={page.handle!} />;
  return <NotFound />;
});

/**
 * Scrolls the preview to the editor's scroll target when it changes (DESIGN.md "Preview protocol"): the section's top
 * lands right under the sticky header (a plain `scrollIntoView` would leave its first 100–200 px, heading and name
 * label included, under the header); the header itself scrolls the page to the top.
 */
function useScrollTarget(scrollTo: string | null, version: number) {
  const last = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the check after every applied message.
  useLayoutEffect(() => {
    if (!scrollTo || scrollTo === last.current) return;
    const el = document.querySelector(`[data-section-key="${CSS.escape(scrollTo)}"]`);
    if (!el) return;
    last.current = scrollTo;
    const header = document.querySelector('header[data-section-key="header"]');
    if (el === header) {
      window.scrollTo({ top: 0 });
      return;
    }
    // scrollIntoView (which lays out the content-visibility sections on the way) stops `scroll-margin-top` short of
    // the section: styles.css sets it from this variable for preview sections.
    const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
    document.documentElement.style.setProperty('--sf-preview-covered', `${Math.round(covered)}px`);
    el.scrollIntoView({ block: 'start' });
  }, [scrollTo, version]);
}

/** The whole storefront: theme variables, header, the page of the current path, footer, popups. */
export function App() {
  const { preview, beacon } = useShop();
  const { config, type, section, scrollTo, version } = useTheme();
  const style = useMemo(() => themeVars(config), [config]);
  useScrollTarget(scrollTo, version);
  useEffect(() => {
    if (!preview) beacon.track('view_store');
  }, [preview, beacon]);
  useEffect(() => {
    // The page is live (every part hydrated and the browser values on, or rendered): `html[data-sf-ready]`, what
    // tests and the bench wait for.
    void whenSettled().then(() => {
      document.documentElement.dataset.sfReady = '';
    });
  }, []);
  return (
    <div
      className={`sf sf--${type} ${preview ? 'sf--preview' : ''} ${config.settings.element.show_title_product_in_mobile ? '' : 'sf-no-title-m'}`}
      style={style}
    >
      <a href="#main" className="sf-skip">
        Skip to content
      </a>
      <HydrateLater>
        <Header selected={section === 'header'} />
      </HydrateLater>
      <main id="main">
        <HydrateLater>
          <Routes />
        </HydrateLater>
      </main>
      <HydrateLater>
        <Footer selected={section === 'footer'} />
      </HydrateLater>
      <Popups />
    </div>
  );
}
