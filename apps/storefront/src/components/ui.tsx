import type { StorefrontProductCard } from '@backroom/contracts';
import { type CountdownValue, countdownEnd, type PreviewPathStep } from '@backroom/theme';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { api } from '../lib/api';
import { formatMoneyCents, percentOff } from '../lib/format';
import { useSanitized } from '../lib/html';
import { HydrateLater } from '../lib/hydration';
import { CARD_SIZES, FULL_SIZES, responsiveImage } from '../lib/images';
import { Link } from '../lib/router';
import { session } from '../lib/storage';
import { useShop, useThemeSelect } from '../lib/theme';
import { useDisplayCurrency } from './currency';
import { EditableText } from './editable';

/**
 * Merchant rich text / HTML, sanitised (DOMPurify in the browser, the server's rule on the server; `useSanitized`:
 * '' while the browser's sanitiser loads, the server's HTML staying in place during hydration).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useSanitized(html);
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised (useSanitized) just above.
  return <div className={`sf-rich ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** A price in the store currency (converted for display when the shopper picked another currency). */
export function Money({ cents, className }: { cents: number; className?: string }) {
  const { boot } = useShop();
  const display = useDisplayCurrency();
  return <span className={className}>{formatMoneyCents(cents, boot.shop.currency, display)}</span>;
}

/**
 * Price with compare-at and sale tag, both in integer cents of the store currency (theme-editor §3 colours color_price/compare_at/sale, typography font sizes,
 * product layout sale_type amount|percent).
 */
export function PriceLine({
  priceCents: price,
  compareCents: compare,
  showTag = true,
}: {
  priceCents: number;
  compareCents: number | null;
  showTag?: boolean;
}) {
  const saleType = useThemeSelect((s) => s.config.settings.product.layout.sale_type);
  const onSale = compare != null && compare > price;
  return (
    <div className="sf-price-line">
      <Money cents={price} className={onSale ? 'sf-price sf-price--sale' : 'sf-price'} />
      {onSale && <Money cents={compare} className="sf-compare" />}
      {onSale && showTag && (
        <span className="sf-sale-tag">
          {saleType === 'percent' ? (
            `-${percentOff(price, compare)}%`
          ) : (
            <>
              Save <Money cents={compare - price} />
            </>
          )}
        </span>
      )}
    </div>
  );
}

/**
 * A product in a grid: image (second image on hover in newchick), title (line-clamped by Style), price. `eager`: the
 * card is on the first screen, so its picture loads at once (`fetchPriority` high for the very first ones: the
 * page's largest paint) instead of lazily (issue 16 item 3).
 */
export const ProductCard = memo(function ProductCard({
  p,
  saleBanner,
  eager,
}: {
  p: StorefrontProductCard;
  saleBanner?: boolean;
  eager?: 'high' | 'auto';
}) {
  return (
    <div className="sf-card">
      <Link href={`/products/${p.handle}`} className="sf-card__media" aria-label={p.title}>
        {p.imageSrc ? (
          <img
            src={p.imageSrc}
            srcSet={responsiveImage(p.imageSrc)?.srcSet}
            sizes={CARD_SIZES}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager === 'high' ? 'high' : undefined}
            decoding="async"
            width={600}
            height={750}
          />
        ) : (
          <span className="sf-card__noimg" />
        )}
        {p.hoverImageSrc && (
          <img
            className="sf-card__hover"
            src={p.hoverImageSrc}
            srcSet={responsiveImage(p.hoverImageSrc)?.srcSet}
            sizes={CARD_SIZES}
            alt=""
            loading="lazy"
            decoding="async"
            width={600}
            height={750}
          />
        )}
        {saleBanner && p.compareAtPriceCents != null && <span className="sf-card__banner">SALE</span>}
      </Link>
      <div className="sf-card__body">
        <Link href={`/products/${p.handle}`} className="sf-card__title">
          {p.title}
        </Link>
        <PriceLine priceCents={p.priceCents} compareCents={p.compareAtPriceCents} />
      </div>
    </div>
  );
});

/** Published products of a collection (or all), cached by query. */
export function useProducts(q: { collection?: string; search?: string; sort?: string; limit?: number; page?: number; filters?: string }) {
  return useQuery({ queryKey: ['products', q], queryFn: () => api.products(q), staleTime: 60_000 });
}

/**
 * A grid of product cards with `perRow` columns on desktop and `perRowMobile` on phones. `aboveFold`: the grid opens
 * the page (a collection page), so its first row's pictures load at once, the first two with high priority.
 */
export function ProductGrid({
  products,
  perRow,
  perRowMobile = 2,
  saleBanner,
  loading,
  aboveFold,
}: {
  products: StorefrontProductCard[];
  perRow: number;
  perRowMobile?: number;
  saleBanner?: boolean;
  loading?: boolean;
  aboveFold?: boolean;
}) {
  if (loading) return <div className="sf-grid sf-grid--loading" style={gridVars(perRow, perRowMobile)} aria-busy="true" />;
  if (!products.length) return <p className="sf-empty">No products yet.</p>;
  return (
    <div className="sf-grid" style={gridVars(perRow, perRowMobile)}>
      {products.map((p, n) => (
        // Each card is hydrated in a task of its own (lib/hydration.tsx).
        <HydrateLater key={p.id}>
          <ProductCard
            p={p}
            saleBanner={saleBanner}
            eager={aboveFold && n < perRow ? (n < HIGH_PRIORITY_CARDS ? 'high' : 'auto') : undefined}
          />
        </HydrateLater>
      ))}
    </div>
  );
}

/** Cards of a first-screen grid whose picture loads with high priority (a phone's first row). */
const HIGH_PRIORITY_CARDS = 2;

/** CSS variables of a responsive grid: desktop and mobile columns (theme-editor §5 items per row). */
export const gridVars = (perRow: number, perRowMobile: number) => ({ '--cols': perRow, '--cols-m': perRowMobile }) as React.CSSProperties;

/** A section heading with the section's alignment (left | center); editable in place in a preview when `path` is given. */
export function Heading({ children, align = 'left', path }: { children: ReactNode; align?: string; path?: PreviewPathStep[] }) {
  if (!children) return null;
  if (path && typeof children === 'string') {
    return <EditableText as="h2" className={`sf-heading sf-heading--${align}`} path={path} value={children} />;
  }
  return <h2 className={`sf-heading sf-heading--${align}`}>{children}</h2>;
}

/** "View all" as a button, or as a text link when `isTextLink` (theme-editor §3 buttonLabel / isTextLink). */
export function ViewAll({
  href,
  label,
  textLink,
  align = 'center',
  path,
}: {
  href: string;
  label: string;
  textLink: boolean;
  align?: string;
  /** Path of the label setting in the EditScope (editable in place in a preview). */
  path?: PreviewPathStep[];
}) {
  if (!label) return null;
  return (
    <div className={`sf-viewall sf-viewall--${align}`}>
      <Link href={href} className={textLink ? 'sf-textlink' : 'sf-btn sf-btn--outline'}>
        {path ? <EditableText path={path} value={label} /> : label}
      </Link>
    </div>
  );
}

/**
 * Remaining time to `end` (epoch ms), ticking every second: [days, hours, minutes, seconds]; null until the first
 * tick in the browser, so the server's HTML and the hydrating render agree (both show "--"), issue 16 item 1.
 */
export function useRemaining(end: number): [number, number, number, number] | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (now === null) return null;
  const s = Math.max(0, Math.floor((end - now) / 1000));
  return [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
}

const pad = (n: number | null) => (n === null ? '--' : String(n).padStart(2, '0'));

/**
 * A count-down (theme-editor §4: stored as an end timestamp; a value not started counts from the first visit of
 * this page, remembered per `id` for the session).
 */
export function Countdown({ value, id, compact }: { value: CountdownValue; id: string; compact?: boolean }) {
  const end = useCountdownEnd(value, id);
  const left = useRemaining(end);
  if (compact)
    return (
      <span className="sf-countdown sf-countdown--compact" role="timer">
        {remainingText(left)}
      </span>
    );
  return (
    <span className="sf-countdown" role="timer">
      {(['d', 'h', 'm', 's'] as const).map((u, i) => (
        <span key={u} className="sf-countdown__part">
          <b>{pad(left ? left[i]! : null)}</b>
          {u}
        </span>
      ))}
    </span>
  );
}

const remainingText = (left: [number, number, number, number] | null) =>
  left ? `${pad(left[1] + left[0] * 24)}:${pad(left[2])}:${pad(left[3])}` : '--:--:--';

/** "HH:MM:SS" left until `end` (epoch ms), ticking every second ("--:--:--" before the first tick). */
export function useRemainingText(end: number): string {
  return remainingText(useRemaining(end));
}

/**
 * The end of a count-down value in epoch ms: its `getTime` when set, else counted from this visit and kept for the
 * session under `id` so a reload does not restart it (theme-editor §4 count-down).
 */
export function useCountdownEnd(value: CountdownValue, id: string): number {
  const [end] = useState(() => {
    if (value.getTime > 0) return value.getTime;
    const k = `sf-cd:${id}:${value.day}:${value.hour}:${value.min}`;
    const kept = Number(session.getItem(k));
    if (kept > Date.now()) return kept;
    const e = countdownEnd(value);
    session.setItem(k, String(e));
    return e;
  });
  return value.getTime > 0 ? value.getTime : end;
}

/**
 * An image that renders nothing for an empty source. An uploaded picture gets the `srcset` of its web sizes and
 * `sizes` (default the viewport's width); width/height (px) are the caller's layout box, else the upload's own size,
 * so the space is held before it loads (issue 16 item 2).
 */
export function Img({
  src,
  alt = '',
  className,
  eager,
  w,
  h,
  sizes = FULL_SIZES,
}: {
  src: string;
  alt?: string;
  className?: string;
  eager?: boolean;
  w?: number;
  h?: number;
  sizes?: string;
}) {
  if (!src) return null;
  const r = responsiveImage(src);
  return (
    <img
      src={src}
      srcSet={r?.srcSet}
      sizes={r ? sizes : undefined}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      width={w ?? r?.width}
      height={h ?? r?.height}
    />
  );
}
