import type { StorefrontOrder } from '@backroom/contracts';
import { addDays, deliveryTimesOf, formatDay, shippingLine } from '@backroom/contracts/delivery';
import { purchaseEventId } from '@backroom/contracts/pixel-events';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDisplayCurrency } from '../components/currency';
import { DiscountCodeForm, DiscountRows, useQuote } from '../components/discount';
import { LineProperties } from '../components/personalize';
import { Img, Money, RichText, useCountdownEnd, useRemainingText } from '../components/ui';
import { PostPurchaseSlot } from '../components/upsell';
import { CheckIcon } from '../layout/icons';
import { ApiError, api, shopperMessage } from '../lib/api';
import { type CartLine, lineKey, subtotalCents, useCartCode, useHydrated } from '../lib/cart';
import { DeliveryEstimate, useDeliveryPromise } from '../lib/delivery';
import { visitorSessionId } from '../lib/events';
import { formatMoneyCents } from '../lib/format';
import { fill } from '../lib/html';
import { pixelContents, trackPixel } from '../lib/pixels';
import { Link, navigate } from '../lib/router';
import { session } from '../lib/storage';
import { useShop, useTheme } from '../lib/theme';
import { CartGoal, useShownLines } from './Cart';
import { NotFound } from './NotFound';

const FIELDS = [
  ['email', 'Email', 'email', 'email'],
  ['firstName', 'First name', 'text', 'given-name'],
  ['lastName', 'Last name', 'text', 'family-name'],
  ['address1', 'Address', 'text', 'address-line1'],
  ['city', 'City', 'text', 'address-level2'],
  ['zip', 'ZIP code', 'text', 'postal-code'],
  ['country', 'Country', 'text', 'country-name'],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * Loads the merchant's checkout customJs (theme-editor §3 Checkout) on the public storefront only — never in a
 * preview frame (issue 5 item 3). It is a same-origin script, so the storefront CSP allows it.
 */
function useCustomJs(enabled: boolean) {
  useEffect(() => {
    if (!enabled || document.getElementById('sf-custom-js')) return;
    const s = document.createElement('script');
    s.id = 'sf-custom-js';
    s.src = '/api/storefront/custom.js';
    s.async = true;
    document.body.appendChild(s);
  }, [enabled]);
}

/** Delay after the last keystroke before the checkout being filled in is saved, ms. */
const DRAFT_DEBOUNCE_MS = 800;

/**
 * Records the checkout as the shopper fills it in (issue 12 item 5: "the storefront must record checkouts (cart +
 * e-mail) as the shopper enters the e-mail"): once the e-mail looks like one, POST /api/storefront/checkouts with the
 * lines, names and code, DRAFT_DEBOUNCE_MS after the last change; the answered token is kept with the cart so later
 * saves update the same checkout and the order completes it. Never in a preview frame. Failures are ignored: the
 * order does not depend on it.
 */
function useCheckoutDraft(form: { email: string; firstName: string; lastName: string }, lines: readonly CartLine[], code: string) {
  const { cart, preview } = useShop();
  const key = JSON.stringify([form.email, form.firstName, form.lastName, code, lines.map((l) => [lineKey(l), l.quantity])]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the form fields, lines and code it is built from.
  useEffect(() => {
    if (preview || !lines.length || !/^\S+@\S+\.\S+$/.test(form.email.trim())) return;
    const timer = setTimeout(() => {
      api
        .saveCheckout({
          token: cart.getCheckoutToken() ?? undefined,
          email: form.email.trim(),
          firstName: form.firstName,
          lastName: form.lastName,
          lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, properties: l.properties ?? [] })),
          discountCode: code || undefined,
          visitorSessionId: visitorSessionId(),
        })
        .then((r) => cart.setCheckoutToken(r.token))
        .catch(() => {});
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, preview]);
}

/**
 * Test-mode checkout (issue 5 items 3 and 5; theme-editor §3 "Checkout settings": countdown with {time}, customer
 * note, logo, custom HTML sanitised, customJs on the public site only, one page or three steps). Sends
 * `reached_checkout`, then POSTs the cart to /api/storefront/checkout (prices come from the database) and opens the
 * thank-you page.
 */
export function CheckoutPage() {
  const { cart, beacon, preview, boot } = useShop();
  const { config } = useTheme();
  const c = config.settings.checkout;
  const { lines } = useShownLines();
  const code = useCartCode(cart);
  const [form, setForm] = useState<Record<Field, string>>({
    email: '',
    firstName: '',
    lastName: '',
    address1: '',
    city: '',
    zip: '',
    country: 'United States',
  });
  const [note, setNote] = useState('');
  const [step, setStep] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || preview) return;
    tracked.current = true;
    beacon.track('reached_checkout');
    const cartLines = cart.get();
    trackPixel('InitiateCheckout', {
      valueCents: subtotalCents(cartLines),
      currency: boot.shop.currency,
      contents: pixelContents(cartLines),
    });
  }, [beacon, preview, cart, boot]);
  useCustomJs(!preview && boot.hasCustomJs);
  const { quote } = useQuote(lines, form.email);
  const display = useDisplayCurrency();
  /** Money as the summary writes it (the shipping line, issue 31 item 1). */
  const money = (cents: number) => formatMoneyCents(cents, boot.shop.currency, display);
  useCheckoutDraft(form, lines, code);
  const steps = c.step === 3 ? ['Information', 'Shipping', 'Payment'] : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (steps && step < 3) {
      setStep(step + 1);
      return;
    }
    if (preview) return;
    setBusy(true);
    setError([]);
    try {
      await beacon.flush();
      const order = await api.checkout({
        lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, properties: l.properties ?? [] })),
        customer: { ...form, phone: '' },
        note: c.isCustomerNote ? note : '',
        visitorSessionId: visitorSessionId(),
        discountCode: code || undefined,
        checkoutToken: cart.getCheckoutToken() ?? undefined,
      });
      session.setItem(`sf-order:${order.id}`, JSON.stringify(order));
      // The browser's Purchase shares its event_id with the server's Conversions API event (issue 17 item 6).
      trackPixel('Purchase', {
        eventId: purchaseEventId(order.id),
        orderId: order.id,
        valueCents: order.grandTotalCents,
        currency: order.currency,
        contents: pixelContents(order.lines),
      });
      cart.clear();
      navigate(`/thank-you/${order.id}?token=${order.token}`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.messages.length ? err.messages.map(shopperMessage) : ['Something went wrong, please try again.'],
      );
      setBusy(false);
    }
  };
  if (!lines.length) {
    return (
      <div className="sf-container sf-empty">
        <p>Your cart is empty.</p>
        <Link href="/" className="sf-btn">
          Continue shopping
        </Link>
      </div>
    );
  }
  const showFields = !steps || step === 1;
  return (
    <div className="sf-container sf-checkout">
      <div className="sf-checkout__head">
        <Link href="/" aria-label={`${boot.shop.name} home`}>
          {c.logo_checkout ? (
            <Img src={c.logo_checkout} alt={boot.shop.name} className="sf-checkout__logo" />
          ) : (
            <strong className="sf-logo__text">{boot.shop.name}</strong>
          )}
        </Link>
      </div>
      {c.show_time_countdown && <Reserve />}
      {steps && (
        <ol className="sf-steps-nav">
          {steps.map((s, i) => (
            <li key={s} aria-current={i + 1 === step ? 'step' : undefined} className={i + 1 < step ? 'is-done' : ''}>
              {s}
            </li>
          ))}
        </ol>
      )}
      <div className="sf-checkout__grid">
        <form className="sf-form" onSubmit={submit}>
          {showFields && (
            <fieldset>
              <legend>Contact and delivery</legend>
              {FIELDS.map(([k, label, type, auto]) => (
                <label key={k} className={`sf-field sf-field--${k}`}>
                  <span>{label}</span>
                  <input
                    name={k}
                    type={type}
                    autoComplete={auto}
                    required={k !== 'zip'}
                    value={form[k]}
                    onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
                  />
                </label>
              ))}
            </fieldset>
          )}
          {(!steps || step === 2) && (
            <fieldset>
              <legend>Shipping method</legend>
              <p className="sf-radio">
                <CheckIcon /> Standard shipping — {shippingLine(quote.shippingCents, money)}
              </p>
              {c.isCustomerNote && (
                <label className="sf-field">
                  <span>Order note</span>
                  <textarea name="note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
                </label>
              )}
            </fieldset>
          )}
          {(!steps || step === 3) && (
            <fieldset>
              <legend>Payment</legend>
              <p className="sf-testmode">Test mode: no card is charged. Test gateway (Visa •••• 4242).</p>
            </fieldset>
          )}
          {c.customHtml && <RichText html={c.customHtml} className="sf-custom-html" />}
          {error.length > 0 && (
            <div className="sf-error" role="alert">
              {error.join(' ')}
            </div>
          )}
          <button type="submit" className="sf-btn sf-btn--checkout" disabled={busy}>
            {steps && step < 3 ? `Continue to ${steps[step]!.toLowerCase()}` : busy ? 'Placing order…' : 'Place order'}
          </button>
        </form>
        <aside className="sf-checkout__summary" aria-label="Order summary">
          <ul>
            {lines.map((l) => (
              <li key={lineKey(l)} className="sf-line sf-line--small">
                <Img src={l.imageSrc ?? ''} w={56} h={70} />
                <span>
                  {l.title} × {l.quantity}
                  <LineProperties properties={l.properties} />
                </span>
                <Money cents={l.priceCents * l.quantity} />
              </li>
            ))}
          </ul>
          <DiscountCodeForm quote={quote} />
          <p className="sf-row">
            <span>Subtotal</span>
            <Money cents={quote.subtotalCents} />
          </p>
          <DiscountRows quote={quote} />
          <p className="sf-row">
            <span>Shipping</span>
            <span data-testid="shipping-line">{shippingLine(quote.shippingCents, money)}</span>
          </p>
          <DeliveryEstimate />
          <p className="sf-row sf-row--total">
            <span>Total</span>
            <Money cents={quote.totalCents} />
          </p>
          <CartGoal subtotal={quote.subtotalCents} shippingCents={quote.shippingCents} />
        </aside>
      </div>
    </div>
  );
}

/**
 * The reservation notice (theme-editor §3 Checkout `checkout_description` with `{time}`, `time`, §9 10 minutes): the
 * count-down is written where `{time}` stands, or after the text when the merchant left it out.
 */
function Reserve() {
  const c = useTheme().config.settings.checkout;
  const text = useRemainingText(useCountdownEnd(c.time, 'checkout'));
  const html = c.checkout_description.includes('{time}')
    ? c.checkout_description.replaceAll('{time}', `<b class="sf-countdown--compact">${text}</b>`)
    : `${c.checkout_description} <b class="sf-countdown--compact">${text}</b>`;
  return (
    <div className="sf-reserve" role="timer" aria-live="off">
      <RichText html={html} />
    </div>
  );
}

const UNIT_MS = { days: 86400_000, hours: 3600_000, minutes: 60_000 } as const;

/** The order shown in a preview frame (no real order exists there). */
function previewOrder(): StorefrontOrder {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    token: '',
    orderNumber: 1001,
    orderName: '#1001',
    createdAt: new Date().toISOString(),
    currency: 'USD',
    subtotalCents: 5998,
    discountCents: 0,
    discounts: [],
    offers: [],
    shippingCents: 0,
    grandTotalCents: 5998,
    financialStatus: 'paid',
    paymentName: 'Test gateway',
    lines: [],
    customer: { name: 'Alex Shopper', email: 'alex@example.com' },
    shippingAddress: '1 Market St, 94105 San Francisco, United States',
    note: '',
  };
}

/**
 * The thank-you page (theme-editor §3 "Thank-you page": order steps with their times and units, dated from the
 * order; delivery policies). Reloadable with the order's token.
 */
export function ThankYouPage({ id, token }: { id: string; token: string }) {
  const { preview } = useShop();
  const q = useQuery({
    queryKey: ['order', id],
    queryFn: () => {
      const kept = session.getItem(`sf-order:${id}`);
      return kept ? (JSON.parse(kept) as StorefrontOrder) : api.order(id, token);
    },
    enabled: !preview,
    retry: false,
  });
  // The order's dates are in the shopper's time zone and the order may come from this tab's sessionStorage: the
  // server (and hydration) show the loading state, the order follows at once (issue 16 item 1).
  const hydrated = useHydrated();
  if (!preview && q.isError) return <NotFound />;
  const order = preview ? previewOrder() : q.data;
  if (!order || !hydrated) return <div className="sf-container sf-loading" aria-busy="true" />;
  return <ThankYou order={order} />;
}

/**
 * The thank-you page's order steps and delivery promise (issue 31 item 1): the steps are dated from the order's shop
 * day by the theme's step times; the last step says "Shipped {day}" only once the order has a fulfilment, otherwise
 * the estimated delivery window — both from contracts' `deliveryPromise`, as the product page, cart, checkout and
 * the order e-mail state them.
 */
function ThankYou({ order }: { order: StorefrontOrder }) {
  const { config } = useTheme();
  const t = config.settings.thankpage;
  const promise = useDeliveryPromise(order);
  if (!promise) return null;
  let ms = 0;
  const blocks = t.steps.settings.blocks;
  const steps = blocks.map((b, i) => {
    ms += Number(b.time) * (UNIT_MS[b.unit as keyof typeof UNIT_MS] ?? UNIT_MS.days);
    const last = i === blocks.length - 1 && blocks.length > 1;
    const day = addDays(promise.placedOn, Math.ceil(ms / UNIT_MS.days - 1e-9));
    if (last) {
      return promise.shippedOn
        ? { name: b.name, text: formatDay(promise.shippedOn), unit: '', time: 0, done: true }
        : { name: 'Estimated delivery', text: `${formatDay(promise.from)} – ${formatDay(promise.to)}`, unit: '', time: 0, done: false };
    }
    return { name: b.name, text: formatDay(day), unit: b.unit, time: b.time, done: i === 0 || !!promise.shippedOn };
  });
  // The delivery policies' {production_days} and {shipping_days}: the same times as the dates (issue 31 item 1).
  const times = deliveryTimesOf(config);
  const vars = { production_days: times.processingDays, shipping_days: `${times.shippingFromDays}–${times.shippingToDays}` };
  return (
    <div className="sf-container sf-thanks">
      <div className="sf-thanks__head">
        <span className="sf-thanks__check">
          <CheckIcon />
        </span>
        <div>
          <p className="sf-muted">Order {order.orderName}</p>
          <h1>Thank you, {order.customer.name.split(' ')[0]}!</h1>
          <p>
            We sent a confirmation to <b>{order.customer.email}</b>.
          </p>
          {promise.shipped && <p data-testid="shipped">{promise.shipped}</p>}
          <p data-testid="delivery-estimate">{promise.estimate}</p>
        </div>
      </div>
      <PostPurchaseSlot order={order} />
      {t.steps.settings.isShowPage && (
        <ol className="sf-timeline" aria-label="Order steps">
          {steps.map((s, i) => (
            <li key={s.name + String(i)} className={s.done ? 'is-done' : ''}>
              <b>{s.name}</b>
              <span>{s.text}</span>
              {s.time > 0 && (
                <small>
                  {s.time} {s.time === 1 ? s.unit.replace(/s$/, '') : s.unit}
                </small>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="sf-thanks__grid">
        <section aria-label="Order details">
          <h2>Order details</h2>
          <ul>
            {order.lines.map((l) => (
              <li key={lineKey(l)} className="sf-line sf-line--small">
                <Img src={l.imageSrc ?? ''} w={56} h={70} />
                <span>
                  {l.title}
                  {l.variantTitle !== 'Default Title' ? ` (${l.variantTitle})` : ''} × {l.quantity}
                  <LineProperties properties={l.properties} />
                </span>
                <Money cents={l.priceCents * l.quantity} />
              </li>
            ))}
          </ul>
          {order.discountCents > 0 && <DiscountRows quote={order} />}
          <p className="sf-row sf-row--total">
            <span>Total paid</span>
            <Money cents={order.grandTotalCents} />
          </p>
          <p className="sf-muted">
            {order.paymentName} · Ship to {order.shippingAddress}
          </p>
          {order.note && <p className="sf-muted">Note: {order.note}</p>}
        </section>
        {t.delivery_policies.settings.isShowPage && (
          <section aria-label="Delivery policies" className="sf-policies">
            <h2>Delivery policies</h2>
            {t.delivery_policies.settings.blocks.map((b, i) => (
              <div key={b.name + String(i)}>
                <h3>{b.name}</h3>
                <RichText html={fill(b.content, vars)} />
              </div>
            ))}
          </section>
        )}
      </div>
      <Link href="/" className="sf-btn">
        Continue shopping
      </Link>
    </div>
  );
}
