import type { WidgetPlacement } from '@backroom/contracts';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../lib/cart';

/** The widgets themselves: an island loaded only once the page is hydrated (issue 18 item 2, issue 16 item 1). */
const WidgetsIsland = lazy(() => import('./widgets-island').then((m) => ({ default: m.WidgetsIsland })));

/**
 * Where the shop's product widgets of `placement` show (issue 18 item 2): nothing on the server and in the first
 * client render (so the server-rendered page never waits for them and hydration matches), then the lazy island,
 * which asks `GET /api/storefront/widgets` for this page — `product` is the product page's handle, `cart` the cart's
 * product handles — and renders each widget that has products. Used by both themes' product, cart and home pages.
 */
export function WidgetSlot(props: { placement: WidgetPlacement; product?: string; cart?: readonly string[] }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <WidgetsIsland {...props} />
    </Suspense>
  );
}
