import type { StorefrontProduct, StorefrontVariant } from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { missingFields, PersonalizedImage, PersonalizeInputs, type PersonalizeValues, toProperties } from '../components/personalize';
import { ReviewsSection, SizeChart, Stars, useReviews } from '../components/product-extras';
import { Img, Money, PriceLine, RichText } from '../components/ui';
import { ProductOfferSlot } from '../components/upsell';
import { WidgetSlot } from '../components/widgets';
import { CheckIcon } from '../layout/icons';
import { api } from '../lib/api';
import { readable } from '../lib/color';
import { DeliveryEstimate, useDeliveryPromise } from '../lib/delivery';
import { HydrateLater } from '../lib/hydration';
import { PDP_SIZES, responsiveImage } from '../lib/images';
import { linkHref } from '../lib/links';
import { trackPixel } from '../lib/pixels';
import { Link, navigate } from '../lib/router';
import { shopperTags, stockMessage } from '../lib/stock';
import { useShop, useTheme } from '../lib/theme';
import { NotFound } from './NotFound';

const COLOR_OPTION = /^colou?r$/i;
/** The mini cart drawer (checkout step layout 3): an island loaded when first opened (issue 16 item 1). */
const MiniCart = lazy(() => import('../components/mini-cart').then((m) => ({ default: m.MiniCart })));

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
  const { cart, beacon, boot } = useShop();
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
  // Personalisation (issue 11 item 4): the product's fields, what the shopper entered, and whether they tried to add.
  const perso = useQuery({ queryKey: ['personalize', p.id], queryFn: () => api.personalize(p.id), retry: false, staleTime: 60_000 });
  const def = perso.data ?? null;
  const [personal, setPersonal] = useState<PersonalizeValues>({});
  const [tried, setTried] = useState(false);
  const missing = def && tried ? missingFields(def, personal) : [];
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
  const reviews = useReviews(p.handle);
  const rating = reviews.data && reviews.data.count > 0 ? { stars: reviews.data.average ?? 0, count: reviews.data.count } : null;
  const stock = variant?.inventoryQty ?? 0;
  // The product's own unit, never for a variant that does not track stock (issue 31 item 2).
  const hurry = variant ? stockMessage(ps.messageLeftInStock, variant, p.tags, ps) : null;
  // A chosen variant out of stock under the "deny" policy cannot be bought: the checkout would refuse it (issue 13 item 4).
  const soldOut = !!variant && !variant.available;
  /** Adds the chosen variant (with the personalisation as line properties); false when a required field is empty. */
  const add = (): boolean => {
    if (!variant || soldOut) return false;
    if (def && missingFields(def, personal).length) {
      setTried(true);
      return false;
    }
    const properties = def ? toProperties(def, personal) : [];
    cart.add({
      variantId: variant.id,
      quantity: qty,
      handle: p.handle,
      title: p.title,
      variantTitle: variant.title,
      priceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      imageSrc: variant.imageSrc ?? p.images[0]?.src ?? null,
      ...(properties.length ? { properties } : {}),
    });
    beacon.track('add_to_cart');
    trackPixel('AddToCart', {
      valueCents: variant.priceCents * qty,
      currency: boot.shop.currency,
      contents: [{ id: variant.id, quantity: qty, priceCents: variant.priceCents }],
    });
    setAdded(true);
    if (ps.checkoutStepLayout === 1) navigate('/cart');
    else if (ps.checkoutStepLayout === 2) navigate('/checkout');
    else setMiniCart(true);
    return true;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the 'Added' label resets when another variant is chosen.
  useEffect(() => setAdded(false), [variant?.id]);
  // Ad pixels' ViewContent (issue 17 item 6), once per product shown, priced by its first variant.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one ViewContent per product, not per re-render.
  useEffect(() => {
    const v = p.variants[0];
    if (v)
      trackPixel('ViewContent', {
        valueCents: v.priceCents,
        currency: boot.shop.currency,
        contents: [{ id: v.id, quantity: 1, priceCents: v.priceCents }],
      });
  }, [p.id]);
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
  // The product widgets (issue 18 item 2) sit right above and below the description, wherever the theme puts it.
  const described = (
    <>
      <WidgetSlot placement="product_above_description" product={p.handle} />
      {details}
      <WidgetSlot placement="product_below_description" product={p.handle} />
    </>
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
      {/* The gallery, the buying column and the reviews are hydrated each in a task of its own (lib/hydration.tsx). */}
      <HydrateLater>
        <div className={`sf-pdp__gallery ${ps.isShowImageMobile ? '' : 'sf-hide-mobile'}`}>
          {/* Personalisation (issue 11 item 4): the values are drawn over the picture the shopper is viewing, whichever. */}
          {def && p.images[image] ? (
            <div className="sf-pdp__main sf-pdp__main--perso">
              <PersonalizedImage
                key={p.images[image].src}
                src={p.images[image].src}
                alt={p.images[image].alt}
                def={def}
                values={personal}
              />
            </div>
          ) : (
            <div className={`sf-pdp__main ${ps.enable_image_zoom ? 'sf-zoom' : ''}`}>
              {p.images[image] && (
                <img
                  src={p.images[image].src}
                  srcSet={responsiveImage(p.images[image].src)?.srcSet}
                  sizes={PDP_SIZES}
                  alt={p.images[image].alt}
                  width={800}
                  height={1000}
                  fetchPriority="high"
                />
              )}
            </div>
          )}
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
      </HydrateLater>
      <HydrateLater>
        <div className="sf-pdp__info">
          <RichText html={ps.topMessage} className="sf-pdp__top" />
          {title(ps.layout.show_title_on_top_mobile ? 'sf-only-desktop' : '')}
          {ps.productRating && rating && (
            <a className="sf-rating" style={{ color: ps.colorProductRating }} href="#sf-reviews-title">
              <Stars rating={rating.stars} />
              <span className="sf-rating__text">
                {rating.stars.toFixed(1)} ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
              </span>
            </a>
          )}
          {variant && (
            <div className="sf-pdp__price">
              <PriceLine priceCents={variant.priceCents} compareCents={variant.compareAtPriceCents} />
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
          {def && (
            <PersonalizeInputs
              def={def}
              values={personal}
              missing={missing}
              onChange={(id, value) => {
                setPersonal((v) => ({ ...v, [id]: value }));
                setImage(0);
              }}
            />
          )}
          {!ps.hideHurryBox && hurry && (
            <div className="sf-hurry" data-testid="stock-message">
              <RichText html={hurry} />
              <span className="sf-hurry__bar">
                <i style={{ width: `${Math.min(100, stock * 2)}%` }} />
              </span>
            </div>
          )}
          <SizeChart handle={p.handle} />
          {!ps.show_qty.show_qty_same_line_button && qtyBox}
          <div className={`sf-pdp__buttons ${ps.show_qty.show_qty_same_line_button ? 'sf-pdp__buttons--qty' : ''}`}>
            {ps.show_qty.show_qty_same_line_button && qtyBox}
            <button type="button" className="sf-btn sf-btn--cart" disabled={!variant || soldOut} onClick={add}>
              {!variant ? 'Select options' : soldOut ? 'Sold out' : added ? 'Added to cart' : 'Add to cart'}
            </button>
            <button
              type="button"
              className="sf-btn sf-btn--buy"
              disabled={!variant || soldOut}
              onClick={() => {
                if (add()) navigate('/checkout');
              }}
            >
              Buy it now
            </button>
          </div>
          <ProductOfferSlot
            product={{
              id: p.id,
              handle: p.handle,
              title: p.title,
              imageSrc: p.images[0]?.src ?? null,
              variant: variant
                ? {
                    id: variant.id,
                    title: variant.title,
                    priceCents: variant.priceCents,
                    compareAtPriceCents: variant.compareAtPriceCents,
                    imageSrc: variant.imageSrc ?? null,
                  }
                : null,
            }}
          />
          {!ps.hideGuaranteed && (
            <div className="sf-guarantee">
              <CheckIcon /> Guaranteed safe checkout
            </div>
          )}
          {ps.trust_badge.show_trust_badge_image && (
            <Img src={ps.trust_badge.src.value} alt="Secure payment badges" className="sf-trust" w={360} h={60} />
          )}
          <RichText html={ps.listServices} className="sf-services" />
          {ps.position_tab_detail === 'right' && described}
          {type === 'newchick' && ps.setting_shipping.show_shipping ? <ShippingBox /> : <DeliveryEstimate />}
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
          {ps.tags.show_tags && shopperTags(p.tags).length > 0 && (
            <ul className="sf-tags" aria-label="Tags">
              {shopperTags(p.tags).map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          )}
        </div>
      </HydrateLater>
      {ps.position_tab_detail === 'below' && (
        <HydrateLater>
          <div className="sf-pdp__below">{described}</div>
        </HydrateLater>
      )}
      <HydrateLater>
        <div className="sf-pdp__below">
          <ReviewsSection handle={p.handle} hideSizes={ps.hideReviewSizes} />
        </div>
      </HydrateLater>
      {ps.layout.special_layout_on_mobile && variant && (
        <div className="sf-sticky-buy sf-only-mobile">
          <Money cents={variant.priceCents} />
          <button type="button" className="sf-btn sf-btn--cart" disabled={soldOut} onClick={add}>
            {soldOut ? 'Sold out' : 'Add to cart'}
          </button>
        </div>
      )}
      {miniCart && (
        <Suspense fallback={null}>
          <MiniCart onClose={() => setMiniCart(false)} />
        </Suspense>
      )}
    </div>
  );
}

function ShippingBox() {
  const { config } = useTheme();
  // The shop's calendar, from the one delivery computation (issue 31 item 1); '…' until hydrated.
  const promise = useDeliveryPromise();
  const sh = config.settings.product.setting_shipping;
  return (
    <div className="sf-shipping">
      <h3>{sh.title}</h3>
      <p data-testid="delivery-estimate">
        {promise ? (
          <>
            {promise.estimate} ({promise.fromDays}–{promise.toDays} days)
          </>
        ) : (
          'Estimated delivery …'
        )}
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
