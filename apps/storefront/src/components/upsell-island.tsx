import type { StorefrontOffer, StorefrontOfferProduct, StorefrontOrder } from '@backroom/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, shopperMessage } from '../lib/api';
import type { CartLine } from '../lib/cart';
import { session } from '../lib/storage';
import { useShop } from '../lib/theme';
import { Img, Money } from './ui';

/** The page's product and chosen variant, as the product page's offers need them (a bundle adds the chosen variant). */
export interface OfferPageProduct {
  id: string;
  handle: string;
  title: string;
  imageSrc: string | null;
  variant: { id: string; title: string; priceCents: number; compareAtPriceCents: number | null; imageSrc: string | null } | null;
}

/** "10 %" from basis points (1000 → "10 %", 1250 → "12.5 %"). */
const percent = (bp: number) => `${Number((bp / 100).toFixed(2))} %`;

/** Counts each offer shown once per mount (a page view); a failure never reaches the shopper. */
function useOfferViews(offers: readonly StorefrontOffer[]) {
  const ids = offers.map((o) => o.id).join(',');
  useEffect(() => {
    if (!ids) return;
    api.offerEvents(ids.split(',').map((offerId) => ({ offerId, type: 'view' as const }))).catch(() => {});
  }, [ids]);
}
const countAdd = (offerId: string) => api.offerEvents([{ offerId, type: 'add' }]).catch(() => {});

/** The first sellable variant of an offer product as a cart line of `quantity`. */
function lineOf(p: StorefrontOfferProduct, quantity: number, variantId?: string): CartLine | null {
  const v = p.variants.find((x) => x.id === variantId && x.available) ?? p.variants.find((x) => x.available);
  if (!v) return null;
  return {
    variantId: v.id,
    quantity,
    handle: p.handle,
    title: p.title,
    variantTitle: v.title,
    priceCents: v.priceCents,
    compareAtPriceCents: null,
    imageSrc: p.imageSrc,
  };
}

/** A "Frequently bought together" box: the products, the total before and after the bundle's discount, one button. */
function BundleBox({ offer, page }: { offer: StorefrontOffer; page: OfferPageProduct }) {
  const { cart, beacon } = useShop();
  const [added, setAdded] = useState(false);
  const lines = offer.products.map((p) => lineOf(p, 1, p.id === page.id ? page.variant?.id : undefined));
  const sellable = lines.every((l) => l !== null);
  const id = `sf-offer-${offer.id}`;
  return (
    <section className="sf-offer sf-offer--bundle" aria-labelledby={id} data-offer-type="bundle">
      <h2 className="sf-offer__title" id={id}>
        {offer.title}
      </h2>
      <ul className="sf-offer__items">
        {offer.products.map((p, i) => (
          <li key={p.id} className="sf-offer__item">
            {i > 0 && (
              <span className="sf-offer__plus" aria-hidden>
                +
              </span>
            )}
            <Img src={p.imageSrc ?? ''} w={64} h={80} />
            <span className="sf-offer__name">{p.title}</span>
            <Money cents={p.variants[0]!.priceCents} />
          </li>
        ))}
      </ul>
      {offer.bundleCents != null && offer.bundleOfferCents != null && (
        <p className="sf-offer__total">
          <span>Bundle price</span>{' '}
          <s>
            <Money cents={offer.bundleCents} />
          </s>{' '}
          <b>
            <Money cents={offer.bundleOfferCents} />
          </b>{' '}
          {offer.discount.type === 'percentage' && <span className="sf-offer__tag">Save {percent(offer.discount.bp)}</span>}
        </p>
      )}
      <button
        type="button"
        className="sf-btn sf-btn--small sf-offer__btn"
        disabled={!sellable}
        onClick={() => {
          for (const l of lines) if (l) cart.add(l);
          beacon.track('add_to_cart');
          void countAdd(offer.id);
          setAdded(true);
        }}
      >
        {!sellable ? 'Sold out' : added ? 'Bundle added to cart' : 'Add bundle to cart'}
      </button>
    </section>
  );
}

/** Quantity-break tiers: "Buy 2 · save 5 %", each adding that many of the chosen variant. */
function TierBox({ offer, page }: { offer: StorefrontOffer; page: OfferPageProduct }) {
  const { cart, beacon } = useShop();
  const [added, setAdded] = useState<number | null>(null);
  const id = `sf-offer-${offer.id}`;
  const v = page.variant;
  return (
    <section className="sf-offer sf-offer--tiers" aria-labelledby={id} data-offer-type="quantity_break">
      <h2 className="sf-offer__title" id={id}>
        {offer.title}
      </h2>
      <ul className="sf-offer__tiers">
        {offer.tiers.map((t) => (
          <li key={t.quantity}>
            <button
              type="button"
              className={`sf-offer__tier ${added === t.quantity ? 'is-active' : ''}`}
              disabled={!v}
              onClick={() => {
                if (!v) return;
                cart.add({
                  variantId: v.id,
                  quantity: t.quantity,
                  handle: page.handle,
                  title: page.title,
                  variantTitle: v.title,
                  priceCents: v.priceCents,
                  compareAtPriceCents: v.compareAtPriceCents,
                  imageSrc: v.imageSrc ?? page.imageSrc,
                });
                beacon.track('add_to_cart');
                void countAdd(offer.id);
                setAdded(t.quantity);
              }}
            >
              <b>Buy {t.quantity}</b> <span className="sf-offer__tag">Save {percent(t.bp)}</span>
            </button>
          </li>
        ))}
      </ul>
      {added && (
        <p className="sf-muted" role="status">
          {added} added to cart — the discount shows in the cart.
        </p>
      )}
    </section>
  );
}

/** The product page's bundles and quantity breaks for `product` (see ProductOfferSlot). */
export function ProductOffers({ product }: { product: OfferPageProduct }) {
  const q = useQuery({
    queryKey: ['upsell', 'product', product.id],
    queryFn: async () => {
      const [bundles, breaks] = await Promise.all([
        api.offers({ productIds: product.id, type: 'bundle' }),
        api.offers({ productIds: product.id, type: 'quantity_break' }),
      ]);
      return [...bundles.offers, ...breaks.offers];
    },
    staleTime: 60_000,
  });
  const offers = q.data ?? [];
  useOfferViews(offers);
  if (offers.length === 0) return null;
  return (
    <div className="sf-offers">
      {offers.map((o) =>
        o.type === 'bundle' ? <BundleBox key={o.id} offer={o} page={product} /> : <TierBox key={o.id} offer={o} page={product} />,
      )}
    </div>
  );
}

/** The in-cart offers for the cart's lines: their products not yet in the cart, at the offer's price. */
export function CartOffers({
  lines,
  heading,
  buttonLabel = 'Add',
}: {
  lines: readonly CartLine[];
  heading?: string;
  buttonLabel?: string;
}) {
  const { cart, beacon } = useShop();
  const variantIds = [...new Set(lines.map((l) => l.variantId))].sort();
  const q = useQuery({
    queryKey: ['upsell', 'cart', variantIds.join(',')],
    queryFn: () => api.offers({ variantIds: variantIds.join(','), type: 'in_cart' }),
    staleTime: 60_000,
  });
  const inCart = new Set(variantIds);
  const offers = (q.data?.offers ?? [])
    .map((o) => ({ ...o, products: o.products.filter((p) => !p.variants.some((v) => inCart.has(v.id))) }))
    .filter((o) => o.products.length > 0);
  useOfferViews(offers);
  if (offers.length === 0) return null;
  return (
    <div className="sf-offers sf-offers--cart">
      {offers.map((o) => {
        const id = `sf-offer-${o.id}`;
        return (
          <section key={o.id} className="sf-offer sf-offer--cart" aria-labelledby={id} data-offer-type="in_cart">
            <h2 className="sf-offer__title" id={id}>
              {heading ?? o.title}
            </h2>
            <ul className="sf-offer__list">
              {o.products.map((p) => {
                const v = p.variants.find((x) => x.available);
                return (
                  <li key={p.id} className="sf-offer__row">
                    <Img src={p.imageSrc ?? ''} w={56} h={70} />
                    <span className="sf-offer__name">{p.title}</span>
                    {v && (
                      <span className="sf-offer__price">
                        {v.offerPriceCents < v.priceCents && (
                          <s>
                            <Money cents={v.priceCents} />
                          </s>
                        )}{' '}
                        <Money cents={v.offerPriceCents} />
                      </span>
                    )}
                    <button
                      type="button"
                      className="sf-btn sf-btn--small"
                      disabled={!v}
                      aria-label={`${buttonLabel} ${p.title}`}
                      onClick={() => {
                        const l = lineOf(p, 1);
                        if (!l) return;
                        cart.add(l);
                        beacon.track('add_to_cart');
                        void countAdd(o.id);
                      }}
                    >
                      {buttonLabel}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The thank-you page's post-purchase offer: the first active one the order's products trigger and the order has not
 * taken, with its product, a variant choice, the regular and the offer price, and one button that adds it to the
 * paid order (`POST /api/storefront/orders/{id}/post-purchase`). The order shown is replaced by the server's answer.
 */
export function PostPurchaseOffer({ order }: { order: StorefrontOrder }) {
  const qc = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);
  const productIds = [...new Set(order.lines.map((l) => l.productId))].sort().join(',');
  const q = useQuery({
    queryKey: ['upsell', 'post_purchase', order.id, productIds],
    queryFn: () => api.offers({ productIds, type: 'post_purchase' }),
    staleTime: 60_000,
  });
  const takenIds = new Set(order.lines.map((l) => l.offerId).filter(Boolean));
  const offer = (q.data?.offers ?? []).find((o) => !takenIds.has(o.id));
  const product = offer?.products[0];
  const [variantId, setVariantId] = useState<string>('');
  useOfferViews(offer ? [offer] : []);
  if (taken) {
    return (
      <p className="sf-offer sf-offer--done" role="status">
        {taken} was added to your order.
      </p>
    );
  }
  if (!offer || !product || dismissed) return null;
  const v = product.variants.find((x) => x.id === variantId && x.available) ?? product.variants.find((x) => x.available);
  const id = `sf-offer-${offer.id}`;
  const take = async () => {
    if (!v) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await api.postPurchase(order.id, { token: order.token, offerId: offer.id, variantId: v.id });
      void countAdd(offer.id);
      session.setItem(`sf-order:${order.id}`, JSON.stringify(updated));
      qc.setQueryData(['order', order.id], updated);
      setTaken(product.title);
    } catch (e) {
      setError(e instanceof ApiError && e.messages[0] ? shopperMessage(e.messages[0]) : 'Something went wrong, please try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="sf-offer sf-offer--post" aria-labelledby={id} data-offer-type="post_purchase">
      <h2 className="sf-offer__title" id={id}>
        {offer.title}
      </h2>
      <div className="sf-offer__post">
        <Img src={product.imageSrc ?? ''} w={96} h={120} />
        <div>
          <p className="sf-offer__name">{product.title}</p>
          {v && (
            <p className="sf-offer__price">
              {v.offerPriceCents < v.priceCents && (
                <s>
                  <Money cents={v.priceCents} />
                </s>
              )}{' '}
              <b>
                <Money cents={v.offerPriceCents} />
              </b>
            </p>
          )}
          {product.variants.length > 1 && (
            <label className="sf-field">
              <span>Option</span>
              <select value={v?.id ?? ''} onChange={(e) => setVariantId(e.target.value)}>
                {product.variants.map((x) => (
                  <option key={x.id} value={x.id} disabled={!x.available}>
                    {x.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="sf-muted">Charged to the same payment, shipped with your order.</p>
          {error && (
            <p className="sf-error" role="alert">
              {error}
            </p>
          )}
          <div className="sf-offer__actions">
            <button type="button" className="sf-btn sf-btn--small" disabled={!v || busy} onClick={take}>
              Add to my order
            </button>
            <button type="button" className="sf-link" onClick={() => setDismissed(true)}>
              No thanks
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
