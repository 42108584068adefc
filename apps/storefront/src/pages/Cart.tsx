import type { StorefrontProductCard } from '@backroom/contracts';
import { freeShippingProgress, shippingLine } from '@backroom/contracts/delivery';
import { useDisplayCurrency } from '../components/currency';
import { DiscountCodeForm, DiscountRows, useQuote } from '../components/discount';
import { LineProperties } from '../components/personalize';
import { Img, Money, ProductCard, useProducts } from '../components/ui';
import { CartOfferSlot } from '../components/upsell';
import { WidgetSlot } from '../components/widgets';
import { type CartLine, lineKey, MAX_QTY, subtotalCents, useCart } from '../lib/cart';
import { DeliveryEstimate } from '../lib/delivery';
import { formatMoneyCents } from '../lib/format';
import { fill } from '../lib/html';
import { linkCollection } from '../lib/links';
import { trackPixel } from '../lib/pixels';
import { Link } from '../lib/router';
import { useShop, useTheme } from '../lib/theme';

/** Sample cart lines for a preview frame whose cart is empty, so the cart settings have something to show. */
export function sampleLines(products: StorefrontProductCard[]): CartLine[] {
  return products.slice(0, 2).map((p, i) => ({
    variantId: p.variantId,
    quantity: i + 1,
    handle: p.handle,
    title: p.title,
    variantTitle: '',
    priceCents: p.priceCents,
    compareAtPriceCents: p.compareAtPriceCents,
    imageSrc: p.imageSrc,
  }));
}

/** The cart lines to show: the shopper's, or in an empty preview the sample lines. */
export function useShownLines(): { lines: CartLine[]; sample: boolean } {
  const { cart, preview } = useShop();
  const lines = useCart(cart);
  const sample = useProducts({ limit: 2 });
  if (lines.length || !preview) return { lines, sample: false };
  return { lines: sampleLines(sample.data?.products ?? []), sample: true };
}

/**
 * The cart goal bar (theme-editor §3 Cart goal: isShow, motivationalMessage with {amount}, goalAmount in the store
 * currency's major unit, goalReached in newchick). `shippingCents` is what the checkout charges this cart (the
 * quote): when shipping is already free no "spend more" message shows (contracts' `freeShippingProgress`, issue 31
 * item 1).
 */
export function CartGoal({ subtotal, shippingCents }: { subtotal: number; shippingCents: number }) {
  const { boot } = useShop();
  const { config, type } = useTheme();
  const display = useDisplayCurrency();
  const g = config.settings.cart_goal;
  if (!g.isShow) return null;
  const goal = freeShippingProgress({ subtotalCents: subtotal, shippingCents, goalCents: Math.round(Number(g.goalAmount) * 100) });
  const pct = goal.percent;
  const msg = !goal.reached
    ? fill(g.motivationalMessage, { amount: formatMoneyCents(goal.remainingCents, boot.shop.currency, display) })
    : type === 'newchick'
      ? g.goalReached
      : 'You get FREE shipping';
  return (
    <div className="sf-goal" role="status" data-testid="cart-goal">
      <p>{msg}</p>
      <span className="sf-goal__bar">
        <i style={{ width: `${pct}%` }} />
      </span>
    </div>
  );
}

/**
 * Cart upsell (newchick, theme-editor §3): motivational message, then the Boost UpSell in-cart offers of the cart
 * (issue 18 item 1: their products at the offer's price, under the upsell's heading and button label), then products
 * of the chosen collection. Hydro has no cart upsell: its in-cart offers show as their own block, under their titles.
 */
function CartUpsell({ lines }: { lines: CartLine[] }) {
  const { config, type } = useTheme();
  const u = config.settings.cart.cart_upsell;
  const products = useProducts({ collection: linkCollection(u.url) ?? undefined, limit: 8 });
  if (type !== 'newchick') return <CartOfferSlot lines={lines} />;
  const exclude = new Set(lines.map((l) => l.variantId));
  const list = (products.data?.products ?? []).filter((p) => !exclude.has(p.variantId)).slice(0, 4);
  return (
    <div className="sf-upsell">
      {u.isShowMotivational && <p className="sf-upsell__msg">{u.motivationalMessage}</p>}
      {u.isShowCartUpsell && <CartOfferSlot lines={lines} heading={u.cartUpsellMessage} buttonLabel={u.buttonLabel} />}
      {u.isShowCartUpsell && list.length > 0 && (
        <>
          <h2 className="sf-heading">{u.cartUpsellMessage}</h2>
          <div className="sf-upsell__list">
            {list.map((p) => (
              <UpsellItem key={p.id} p={p} label={u.buttonLabel} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function UpsellItem({ p, label }: { p: StorefrontProductCard; label: string }) {
  const { cart, beacon, boot } = useShop();
  return (
    <div className="sf-upsell__item">
      <ProductCard p={p} />
      <button
        type="button"
        className="sf-btn sf-btn--small"
        aria-label={`${label} ${p.title}`}
        onClick={() => {
          cart.add({
            variantId: p.variantId,
            quantity: 1,
            handle: p.handle,
            title: p.title,
            variantTitle: '',
            priceCents: p.priceCents,
            compareAtPriceCents: p.compareAtPriceCents,
            imageSrc: p.imageSrc,
          });
          beacon.track('add_to_cart');
          trackPixel('AddToCart', {
            valueCents: p.priceCents,
            currency: boot.shop.currency,
            contents: [{ id: p.variantId, quantity: 1, priceCents: p.priceCents }],
          });
        }}
      >
        {label}
      </button>
    </div>
  );
}

/**
 * The cart page (theme-editor §2 cart page: trust badge, cart goal, cart upsell; issue 12 item 6: a discount code and
 * the reduction, priced by the server).
 */
export function CartPage() {
  const { cart, boot } = useShop();
  const display = useDisplayCurrency();
  const { config } = useTheme();
  const { lines } = useShownLines();
  const subtotal = subtotalCents(lines);
  const { quote } = useQuote(lines);
  const tb = config.settings.cart.trust_badge;
  return (
    <div className="sf-container sf-cart">
      <h1 className="sf-page-title">Your cart</h1>
      <CartGoal subtotal={subtotal} shippingCents={quote.shippingCents} />
      {lines.length === 0 ? (
        <div className="sf-empty">
          <p>Your cart is empty.</p>
          <Link href="/collections/all" className="sf-btn">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="sf-cart__grid">
          <ul className="sf-cart__lines">
            {lines.map((l) => (
              <li key={lineKey(l)} className="sf-line">
                <Img src={l.imageSrc ?? ''} w={96} h={120} />
                <div className="sf-line__info">
                  <Link href={`/products/${l.handle}`}>{l.title}</Link>
                  {l.variantTitle && l.variantTitle !== 'Default Title' && <small>{l.variantTitle}</small>}
                  <LineProperties properties={l.properties} />
                  <Money cents={l.priceCents} />
                </div>
                <div className="sf-qty__ctl">
                  <button type="button" aria-label={`Decrease ${l.title}`} onClick={() => cart.setQuantity(lineKey(l), l.quantity - 1)}>
                    −
                  </button>
                  <input
                    aria-label={`Quantity of ${l.title}`}
                    inputMode="numeric"
                    value={l.quantity}
                    onChange={(e) => cart.setQuantity(lineKey(l), Math.min(MAX_QTY, Number(e.target.value) || 0))}
                  />
                  <button type="button" aria-label={`Increase ${l.title}`} onClick={() => cart.setQuantity(lineKey(l), l.quantity + 1)}>
                    +
                  </button>
                </div>
                <Money cents={l.priceCents * l.quantity} className="sf-line__total" />
              </li>
            ))}
          </ul>
          <aside className="sf-cart__summary">
            <p className="sf-row">
              <span>Subtotal</span>
              <Money cents={quote.subtotalCents} />
            </p>
            <DiscountCodeForm quote={quote} />
            <DiscountRows quote={quote} />
            {quote.discountCents > 0 && (
              <p className="sf-row sf-row--total">
                <span>Total</span>
                <Money cents={quote.totalCents} />
              </p>
            )}
            <p className="sf-row">
              <span>Shipping</span>
              <span data-testid="shipping-line">
                {shippingLine(quote.shippingCents, (c) => formatMoneyCents(c, boot.shop.currency, display))}
              </span>
            </p>
            <DeliveryEstimate />
            <Link href="/checkout" className="sf-btn sf-btn--checkout">
              Check out
            </Link>
            {tb.show_trust_badge_image && <Img src={tb.src} alt="Secure payment badges" className="sf-trust" w={360} h={60} />}
          </aside>
        </div>
      )}
      <CartUpsell lines={lines} />
      <WidgetSlot placement="cart" cart={lines.map((l) => l.handle)} />
    </div>
  );
}
