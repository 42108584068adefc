import type { StorefrontOrder } from '@backroom/contracts';
import { lazy, Suspense } from 'react';
import { type CartLine, useHydrated } from '../lib/cart';
import type { OfferPageProduct } from './upsell-island';

/**
 * Boost UpSell on the storefront (issue 18 item 1): islands loaded only once the page is hydrated, so the
 * server-rendered page never waits for offers (issue 16 item 1) and hydration matches. Each island asks
 * `GET /api/storefront/upsell/offers` for its page; every price it shows was computed by the server.
 */
const Island = {
  Product: lazy(() => import('./upsell-island').then((m) => ({ default: m.ProductOffers }))),
  Cart: lazy(() => import('./upsell-island').then((m) => ({ default: m.CartOffers }))),
  PostPurchase: lazy(() => import('./upsell-island').then((m) => ({ default: m.PostPurchaseOffer }))),
};

/** The product page's offers: "Frequently bought together" bundles and quantity-break tiers (both themes). */
export function ProductOfferSlot({ product }: { product: OfferPageProduct }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Island.Product product={product} />
    </Suspense>
  );
}

/**
 * The cart's in-cart offers (theme-editor §3 cart upsell): in newchick they lead the cart upsell under its heading
 * and button label; in hydro they show as their own block under the offer's title.
 */
export function CartOfferSlot(props: { lines: readonly CartLine[]; heading?: string; buttonLabel?: string }) {
  const hydrated = useHydrated();
  if (!hydrated || props.lines.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Island.Cart {...props} />
    </Suspense>
  );
}

/** The thank-you page's one-click post-purchase offer (both themes). */
export function PostPurchaseSlot({ order }: { order: StorefrontOrder }) {
  const hydrated = useHydrated();
  if (!hydrated || !order.token) return null;
  return (
    <Suspense fallback={null}>
      <Island.PostPurchase order={order} />
    </Suspense>
  );
}
