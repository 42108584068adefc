import type { StorefrontProductCard } from '@backroom/contracts';
import { type CountdownValue, countdownEnd, type PreviewPathStep } from '@backroom/theme';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { api } from '../lib/api';
import { formatMoney, percentOff } from '../lib/format';
import { sanitize } from '../lib/html';
import { Link } from '../lib/router';
import { session } from '../lib/storage';
import { useShop, useThemeSelect } from '../lib/theme';
import { useDisplayCurrency } from './currency';
import { EditableText } from './editable';

/** Merchant rich text / HTML, sanitised with DOMPurify. */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify just above.
  return <div className={`sf-rich ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}

/** A price in the store currency (converted for display when the shopper picked another currency). */
export function Money({ cents, className }: { cents: number; className?: string }) {
  const { boot } = useShop();
  const display = useDisplayCurrency();
  return <span className={className}>{formatMoney(cents, boot.shop.currency, display)}</span>;
}

/**
 * Price with compare-at and sale tag (theme-editor §3 colours color_price/compare_at/sale, typography font sizes,
 * product layout sale_type amount|percent).
 */
export function PriceLine({ price, compare, showTag = true }: { price: number; compare: number | null; showTag?: boolean }) {
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

/** A product in a grid: image (second image on hover in newchick), title (line-clamped by Style), price. */
export const ProductCard = memo(function ProductCard({ p, saleBanner }: { p: StorefrontProductCard; saleBanner?: boolean }) {
  return (
    <div className="sf-card">
      <Link href={`/products/${p.handle}`} className="sf-card__media" aria-label={p.title}>
        {p.imageSrc ? (
          <img src={p.imageSrc} alt="" loading="lazy" decoding="async" width={600} height={750} />
        ) : (
          <span className="sf-card__noimg" />
        )}
        {p.hoverImageSrc && (
          <img className="sf-card__hover" src={p.hoverImageSrc} alt="" loading="lazy" decoding="async" width={600} height={750} />
        )}
        {saleBanner && p.compareAtPriceCents != null && <span className="sf-card__banner">SALE</span>}
      </Link>
      <div className="sf-card__body">
        <Link href={`/products/${p.handle}`} className="sf-card__title">
          {p.title}
        </Link>
        <PriceLine price={p.priceCents} compare={p.compareAtPriceCents} />
      </div>
    </div>
  );
});

/** Published products of a collection (or all), cached by query. */
export function useProducts(q: { collection?: string; search?: string; sort?: string; limit?: number; page?: number }) {
  return useQuery({ queryKey: ['products', q], queryFn: () => api.products(q), staleTime: 60_000 });
}

/** A grid of product cards with `perRow` columns on desktop and `perRowMobile` on phones. */
export function ProductGrid({
  products,
  perRow,
  perRowMobile = 2,
  saleBanner,
  loading,
}: {
  products: StorefrontProductCard[];
  perRow: number;
  perRowMobile?: number;
  saleBanner?: boolean;
  loading?: boolean;
}) {
  if (loading) return <div className="sf-grid sf-grid--loading" style={gridVars(perRow, perRowMobile)} aria-busy="true" />;
  if (!products.length) return <p className="sf-empty">No products yet.</p>;
  return (
    <div className="sf-grid" style={gridVars(perRow, perRowMobile)}>
      {products.map((p) => (
        <ProductCard key={p.id} p={p} saleBanner={saleBanner} />
      ))}
    </div>
  );
}

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

/** Remaining time to `end` (epoch ms), ticking every second: [days, hours, minutes, seconds]. */
export function useRemaining(end: number): [number, number, number, number] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const s = Math.max(0, Math.floor((end - now) / 1000));
  return [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
}

/**
 * A count-down (theme-editor §4: stored as an end timestamp; a value not started counts from the first visit of
 * this page, remembered per `id` for the session).
 */
export function Countdown({ value, id, compact }: { value: CountdownValue; id: string; compact?: boolean }) {
  const end = useCountdownEnd(value, id);
  const [d, h, m, s] = useRemaining(end);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (compact) return <span className="sf-countdown sf-countdown--compact" role="timer">{`${pad(h + d * 24)}:${pad(m)}:${pad(s)}`}</span>;
  return (
    <span className="sf-countdown" role="timer">
      {[
        [d, 'd'],
        [h, 'h'],
        [m, 'm'],
        [s, 's'],
      ].map(([n, u]) => (
        <span key={u as string} className="sf-countdown__part">
          <b>{pad(n as number)}</b>
          {u}
        </span>
      ))}
    </span>
  );
}

/** "HH:MM:SS" left until `end` (epoch ms), ticking every second. */
export function useRemainingText(end: number): string {
  const [d, h, m, s] = useRemaining(end);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h + d * 24)}:${pad(m)}:${pad(s)}`;
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

/** An image that renders nothing for an empty source. */
export function Img({
  src,
  alt = '',
  className,
  eager,
  w,
  h,
}: {
  src: string;
  alt?: string;
  className?: string;
  eager?: boolean;
  w?: number;
  h?: number;
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      width={w}
      height={h}
    />
  );
}
