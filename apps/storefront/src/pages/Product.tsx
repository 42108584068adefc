import type { StorefrontProduct, StorefrontVariant } from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Img, Money, PriceLine, RichText } from '../components/ui';
import { CheckIcon, StarIcon } from '../layout/icons';
import { api } from '../lib/api';
import { readable } from '../lib/color';
import { fill } from '../lib/html';
import { linkHref } from '../lib/links';
import { Link, navigate } from '../lib/router';
import { useShop, useTheme } from '../lib/theme';
import { NotFound } from './NotFound';

const COLOR_OPTION = /^colou?r$/i;

/** A deterministic demo rating for a product (4.5–5.0 stars, 12–240 reviews) from its id. */
function ratingOf(id: string): { stars: number; count: number } {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { stars: 4.5 + (h % 6) / 10, count: 12 + (h % 229) };
}

/**
 * The product page (theme-editor §3 "Product page settings", both variants): gallery with zoom, rating, top
 * message, title (line-clamped by Style), price with saving, options as buttons or dropdowns with colour swatches,
 * quantity, add to cart / buy now (colours of §3), hurry box, guarantee, services, trust badge, description tabs
 * (hydro `tabs-detail`, newchick `setting_description`), shipping & returns (newchick), image under details,
 * collections and tags. After adding, the checkout step layout decides where the shopper goes (1 cart page,
 * 2 checkout page, 3 mini cart).
 */
export function ProductPage({ handle }: { handle: string }) {
  const q = useQuery({ queryKey: ['product', handle], queryFn: () => api.product(handle), retry: false });
  if (q.isPending) return <div className="sf-container sf-loading" aria-busy="true" />;
  if (q.isError) return <NotFound />;
  return <ProductView p={q.data} />;
}

function ProductView({ p }: { p: StorefrontProduct }) {
  const { cart, beacon } = useShop();
  const { config, type } = useTheme();
  const ps = config.settings.product;
  const style = config.settings.style;
  const [values, setValues] = useState<(string | null)[]>(() =>
    ps.options_setting.click_select_variant
      ? [p.variants[0]?.option1 ?? null, p.variants[0]?.option2 ?? null, p.variants[0]?.option3 ?? null]
      : [null, null, null],
  );
  const [qty, setQty] = useState(1);
  const [image, setImage] = useState(0);
  const [added, setAdded] = useState(false);
  const [miniCart, setMiniCart] = useState(false);
  const options = useMemo(
    () =>
      p.optionNames
        .map((name, i) => ({
          name,
          i,
          values: [...new Set(p.variants.map((v) => [v.option1, v.option2, v.option3][i]).filter((x): x is string => !!x))],
        }))
        .filter((o) => o.values.length > 0 && !(ps.options_setting.hidden_one_value && o.values.length === 1)),
    [p, ps.options_setting.hidden_one_value],
  );
  const variant: StorefrontVariant | undefined =
    p.variants.length === 1
      ? p.variants[0]
      : p.variants.find((v) => [v.option1, v.option2, v.option3].every((x, i) => !x || values[i] === x || !options.some((o) => o.i === i)));
  const rating = ratingOf(p.id);
  const stock = variant?.inventoryQty ?? 0;
  const add = () => {
    if (!variant) return;
    cart.add({
      variantId: variant.id,
      quantity: qty,
      handle: p.handle,
      title: p.title,
      variantTitle: variant.title,
      priceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      imageSrc: variant.imageSrc ?? p.images[0]?.src ?? null,
    });
    beacon.track('add_to_cart');
    setAdded(true);
    if (ps.checkoutStepLayout === 1) navigate('/cart');
    else if (ps.checkoutStepLayout === 2) navigate('/checkout');
    else setMiniCart(true);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the 'Added' label resets when another variant is chosen.
  useEffect(() => setAdded(false), [variant?.id]);
  const description = <RichText html={p.bodyHtml} className="sf-pdp__desc" />;
  const descOn = `${ps.isShowDesDesktop ? '' : 'sf-hide-desktop'} ${ps.isShowDesMobile ? '' : 'sf-hide-mobile'}`;
  const tabs =
    type === 'newchick'
      ? ps.setting_description.map((t) => ({ heading: t.heading, html: t.display === 'description' ? p.bodyHtml : t.content }))
      : [
          { heading: 'Description', html: p.bodyHtml },
          ...ps['tabs-detail'].map((t) => ({ heading: t.heading, html: t.content, collapsed: t.collapse_default })),
        ];
  const details = (
    <div className={`sf-pdp__tabs ${descOn} ${ps.description_mobile_dropdown ? 'sf-pdp__tabs--dropdown' : ''}`}>
      {tabs.map((t, i) => (
        <details key={t.heading + String(i)} open={i === 0 ? !ps.collapse_default : !(t as { collapsed?: boolean }).collapsed}>
          <summary>{t.heading}</summary>
          {i === 0 && type === 'hydro' ? description : <RichText html={t.html} />}
        </details>
      ))}
    </div>
  );
  const title = (cls: string) => (
    <h1
      className={`sf-pdp__title ${cls}`}
      style={{
        ['--lines-d' as string]: style.maxLineDisplayProductDetailDesktop,
        ['--lines-m' as string]: style.maxLineDisplayProductDetailMobile,
      }}
    >
      {p.title}
    </h1>
  );
  const qtyBox = ps.show_qty.show_qty_box && (
    <div className={`sf-qty ${ps.show_qty.show_qty_one_line ? 'sf-qty--line' : ''}`}>
      <span className="sf-label">Quantity</span>
      <div className="sf-qty__ctl">
        <button type="button" aria-label="Decrease quantity" onClick={() => setQty((x) => Math.max(1, x - 1))}>
          −
        </button>
        <input
          aria-label="Quantity"
          inputMode="numeric"
          value={qty}
          onChange={(e) => setQty(Math.max(1, Math.min(99, Number(e.target.value) || 1)))}
        />
        <button type="button" aria-label="Increase quantity" onClick={() => setQty((x) => Math.min(99, x + 1))}>
          +
        </button>
      </div>
    </div>
  );
  return (
    <div
      className={`sf-container sf-pdp sf-pdp--${type} sf-pdp--desc-${ps.position_tab_detail} ${ps.layout.special_layout_on_mobile ? 'sf-pdp--special' : ''}`}
    >
      {ps.layout.show_title_on_top_mobile && title('sf-only-mobile')}
      <div className={`sf-pdp__gallery ${ps.isShowImageMobile ? '' : 'sf-hide-mobile'}`}>
        <div className={`sf-pdp__main ${ps.enable_image_zoom ? 'sf-zoom' : ''}`}>
          {p.images[image] && <img src={p.images[image].src} alt={p.images[image].alt} width={800} height={1000} fetchPriority="high" />}
        </div>
        {p.images.length > 1 && (
          <div className="sf-pdp__thumbs">
            {p.images.map((im, i) => (
              <button key={im.src} type="button" aria-label={`Image ${i + 1}`} aria-pressed={i === image} onClick={() => setImage(i)}>
                <img src={im.src} alt="" width={80} height={100} loading="lazy" />
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="sf-pdp__info">
        <RichText html={ps.topMessage} className="sf-pdp__top" />
        {title(ps.layout.show_title_on_top_mobile ? 'sf-only-desktop' : '')}
        {ps.productRating && (
          <div className="sf-rating" style={{ color: ps.colorProductRating }}>
            {[1, 2, 3, 4, 5].map((n) => (
              <StarIcon key={n} filled={n <= Math.round(rating.stars)} />
            ))}
            <span className="sf-rating__text">
              {rating.stars.toFixed(1)} ({rating.count} reviews)
            </span>
          </div>
        )}
        {!ps.hideReviewSizes && ps.productRating && (
          <div className="sf-fit">
            <span>Runs small</span>
            <span className="sf-fit__bar">
              <i style={{ left: '55%' }} />
            </span>
            <span>Runs large</span>
          </div>
        )}
        {variant && (
          <div className="sf-pdp__price">
            <PriceLine price={variant.priceCents} compare={variant.compareAtPriceCents} />
            {ps.layout.show_price_saving && variant.compareAtPriceCents && (
              <span className="sf-saving" style={{ color: readable(ps.colorByXGetY, '#f2f2f2') }}>
                You save <Money cents={variant.compareAtPriceCents - variant.priceCents} />
              </span>
            )}
          </div>
        )}
        {options.map((o) => (
          <div key={o.name} className="sf-option">
            {ps.show_label_variant && (
              <span className="sf-label">
                {o.name}: <b>{values[o.i] ?? 'Select'}</b>
              </span>
            )}
            {ps.layout.variant_style === 'dropdown' ? (
              <select
                aria-label={o.name}
                value={values[o.i] ?? ''}
                onChange={(e) => setValues((v) => v.map((x, j) => (j === o.i ? e.target.value : x)))}
              >
                {!values[o.i] && <option value="">Select {o.name}</option>}
                {o.values.map((v) => (
                  <option key={v}>{v}</option>
                ))}
              </select>
            ) : (
              <div className="sf-option__buttons">
                {o.values.slice(0, ps.layout.variant_buttons).map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={values[o.i] === v}
                    className={`sf-optbtn ${COLOR_OPTION.test(o.name) ? `sf-swatch sf-swatch--${ps.color_watch.toLowerCase()}` : ''}`}
                    style={COLOR_OPTION.test(o.name) ? { ['--swatch' as string]: v.toLowerCase().replace(/\s+/g, '') } : undefined}
                    onClick={() => setValues((vals) => vals.map((x, j) => (j === o.i ? v : x)))}
                  >
                    {COLOR_OPTION.test(o.name) ? <span className="sf-visually-hidden">{v}</span> : v}
                  </button>
                ))}
                {o.values.length > ps.layout.variant_buttons && (
                  <span className="sf-more">+{o.values.length - ps.layout.variant_buttons}</span>
                )}
              </div>
            )}
          </div>
        ))}
        {ps.show_variant_description && variant && <p className="sf-variant-desc">Selected: {variant.title}</p>}
        {!ps.hideHurryBox && variant && stock > 0 && stock < 50 && (
          <div className="sf-hurry">
            <RichText html={fill(ps.messageLeftInStock, { number: stock, unit: ps.unitName, item: ps.itemNameLeftInStock })} />
            <span className="sf-hurry__bar">
              <i style={{ width: `${Math.min(100, stock * 2)}%` }} />
            </span>
          </div>
        )}
        {!ps.show_qty.show_qty_same_line_button && qtyBox}
        <div className={`sf-pdp__buttons ${ps.show_qty.show_qty_same_line_button ? 'sf-pdp__buttons--qty' : ''}`}>
          {ps.show_qty.show_qty_same_line_button && qtyBox}
          <button type="button" className="sf-btn sf-btn--cart" disabled={!variant} onClick={add}>
            {!variant ? 'Select options' : added ? 'Added to cart' : 'Add to cart'}
          </button>
          <button
            type="button"
            className="sf-btn sf-btn--buy"
            disabled={!variant}
            onClick={() => {
              add();
              navigate('/checkout');
            }}
          >
            Buy it now
          </button>
        </div>
        {!ps.hideGuaranteed && (
          <div className="sf-guarantee">
            <CheckIcon /> Guaranteed safe checkout
          </div>
        )}
        {ps.trust_badge.show_trust_badge_image && (
          <Img src={ps.trust_badge.src.value} alt="Secure payment badges" className="sf-trust" w={360} h={60} />
        )}
        <RichText html={ps.listServices} className="sf-services" />
        {ps.position_tab_detail === 'right' && details}
        {type === 'newchick' && ps.setting_shipping.show_shipping && <ShippingBox />}
        {ps.image_detail.isShow && ps.image_detail.image && (
          <Link href={linkHref(ps.image_detail.url)} className="sf-pdp__imgdetail">
            <Img src={ps.image_detail.image} w={600} h={200} />
          </Link>
        )}
        {ps.show_collection && p.collections.length > 0 && (
          <p className="sf-pdp__meta">
            Collections:{' '}
            {p.collections.map((c, i) => (
              <span key={c.handle}>
                {i > 0 && ', '}
                <Link href={`/collections/${c.handle}`}>{c.title}</Link>
              </span>
            ))}
          </p>
        )}
        {ps.tags.show_tags && p.tags.length > 0 && (
          <ul className="sf-tags" aria-label="Tags">
            {p.tags.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </div>
      {ps.position_tab_detail === 'below' && <div className="sf-pdp__below">{details}</div>}
      {ps.layout.special_layout_on_mobile && variant && (
        <div className="sf-sticky-buy sf-only-mobile">
          <Money cents={variant.priceCents} />
          <button type="button" className="sf-btn sf-btn--cart" onClick={add}>
            Add to cart
          </button>
        </div>
      )}
      {miniCart && <MiniCart onClose={() => setMiniCart(false)} />}
    </div>
  );
}

function ShippingBox() {
  const { config } = useTheme();
  const sh = config.settings.product.setting_shipping;
  const from = new Date(Date.now() + sh.time_shipping.from * 86400_000);
  const to = new Date(Date.now() + sh.time_shipping.to * 86400_000);
  const d = (x: Date) => x.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return (
    <div className="sf-shipping">
      <h3>{sh.title}</h3>
      <p>
        Estimated delivery: <b>{d(from)}</b> – <b>{d(to)}</b> ({sh.time_shipping.from}–{sh.time_shipping.to} days)
      </p>
      <PolicyInfo info={sh.shipping_info} label="Shipping information" />
      {sh.show_policy && <PolicyInfo info={sh.policy_info} label="Return policy" />}
    </div>
  );
}

function PolicyInfo({ info, label }: { info: { display: string; content: string; page_detail: string }; label: string }) {
  if (info.display === 'html') {
    return (
      <details>
        <summary>{label}</summary>
        <RichText html={info.content} />
      </details>
    );
  }
  return info.page_detail ? (
    <p>
      <Link href={`/pages/${info.page_detail}`}>{label}</Link>
    </p>
  ) : null;
}

function MiniCart({ onClose }: { onClose: () => void }) {
  return (
    <div className="sf-drawer sf-drawer--right" role="dialog" aria-modal="true" aria-label="Cart">
      <button type="button" className="sf-drawer__scrim" aria-label="Close cart" onClick={onClose} />
      <div className="sf-drawer__panel">
        <p className="sf-minicart__msg">
          <CheckIcon /> Added to your cart
        </p>
        <Link href="/cart" className="sf-btn sf-btn--outline">
          View cart
        </Link>
        <Link href="/checkout" className="sf-btn sf-btn--checkout">
          Checkout
        </Link>
        <button type="button" className="sf-textlink" onClick={onClose}>
          Continue shopping
        </button>
      </div>
    </div>
  );
}
