import type { StorefrontWidget, StorefrontWidgetsResponse, WidgetPlacement } from '@backroom/contracts';
import { WIDGET_VIEWED_MAX } from '@backroom/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { local } from '../lib/storage';
import { ProductCard } from './ui';

/** Where this browser keeps the handles of the products the shopper viewed, newest first (recently viewed widgets). */
const VIEWED_KEY = 'sf-recently-viewed';

/** The recently viewed handles, newest first (at most WIDGET_VIEWED_MAX); [] when storage is empty or unreadable. */
function readViewed(): string[] {
  try {
    const v = JSON.parse(local.getItem(VIEWED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, WIDGET_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `handle` first in the recently viewed list (once; the oldest falls out past WIDGET_VIEWED_MAX). */
function rememberViewed(handle: string): void {
  const next = [handle, ...readViewed().filter((h) => h !== handle)].slice(0, WIDGET_VIEWED_MAX);
  try {
    local.setItem(VIEWED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: recently viewed widgets just stay empty.
  }
}

/** One widget: its title and its product cards, as a grid or one row that scrolls sideways. */
function WidgetView({ w }: { w: StorefrontWidget }) {
  const id = `sf-widget-${w.id}`;
  return (
    <section className={`sf-widget sf-widget--${w.layout}`} aria-labelledby={id} data-widget-kind={w.kind}>
      <h2 className="sf-heading sf-widget__title" id={id}>
        {w.title}
      </h2>
      <div className={w.layout === 'grid' ? 'sf-grid' : 'sf-widget__row'} style={{ ['--cols' as string]: 4 }}>
        {w.products.map((p) => (
          <ProductCard key={p.id} p={p} />
        ))}
      </div>
    </section>
  );
}

/**
 * The product widgets of `placement` for this page (issue 18 item 2): reads the shopper's recently viewed products
 * (this browser), asks the server which products each widget shows, and records a product page as viewed. Rendered
 * only in the browser, after hydration (see WidgetSlot); nothing while loading or when no widget has products.
 */
export function WidgetsIsland({
  placement,
  product,
  cart = [],
}: {
  placement: WidgetPlacement;
  product?: string;
  cart?: readonly string[];
}) {
  // The list as it was before this page: a product page counts as viewed for the NEXT pages.
  const [viewed] = useState(() => readViewed().filter((h) => h !== product));
  useEffect(() => {
    if (product) rememberViewed(product);
  }, [product]);
  const q = useQuery<StorefrontWidgetsResponse>({
    queryKey: ['widgets', placement, product ?? '', cart.join(','), viewed.join(',')],
    queryFn: () => api.widgets({ placement, product, cart: cart.join(','), viewed: viewed.join(',') }),
    staleTime: 60_000,
  });
  const widgets = q.data?.widgets ?? [];
  if (widgets.length === 0) return null;
  return (
    <div className="sf-widgets">
      {widgets.map((w) => (
        <WidgetView key={w.id} w={w} />
      ))}
    </div>
  );
}
