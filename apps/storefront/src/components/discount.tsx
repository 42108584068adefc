import type { StorefrontCartQuote } from '@backroom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../lib/api';
import { type CartLine, subtotalCents, useCartCode } from '../lib/cart';
import { useShop } from '../lib/theme';
import { Money } from './ui';

/**
 * The cart priced by the server (issue 12 item 6: "the server computes every total"): POST /api/storefront/cart/quote
 * with the lines, the applied code and the e-mail when known, re-asked whenever one of them changes. While the
 * first answer is on its way (and in a preview frame, which has no real cart) the totals are the lines' subtotal
 * with no discount. Money in cents.
 */
export function useQuote(lines: readonly CartLine[], email?: string): { quote: StorefrontCartQuote; pending: boolean } {
  const { cart, preview } = useShop();
  const code = useCartCode(cart);
  const body = {
    lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    discountCode: code || undefined,
    email: email && /^\S+@\S+\.\S+$/.test(email) ? email : undefined,
  };
  const q = useQuery({
    queryKey: ['quote', body],
    queryFn: () => api.quote(body),
    enabled: !preview && lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const subtotal = subtotalCents(lines);
  const fallback: StorefrontCartQuote = {
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: 0,
    totalCents: subtotal,
    discounts: [],
    offers: [],
    discountCodeError: null,
  };
  return { quote: q.data ?? fallback, pending: q.isFetching };
}

/**
 * The discount code field of the cart and the checkout (issue 12 item 6): "Apply" keeps the code with the cart and
 * re-prices it; an applied code shows as a tag with a remove button; a code that does not apply shows the server's
 * reason (e.g. 'This discount code has expired') under the field.
 */
export function DiscountCodeForm({ quote }: { quote: StorefrontCartQuote }) {
  const { cart } = useShop();
  const code = useCartCode(cart);
  const [text, setText] = useState('');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) cart.setCode(text.trim());
    setText('');
  };
  const applied = code && !quote.discountCodeError;
  return (
    <div className="sf-discount">
      <form className="sf-discount__form" onSubmit={apply}>
        <label className="sf-field sf-discount__field">
          <span>Discount code</span>
          <input name="discountCode" value={text} autoComplete="off" onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="sf-btn sf-btn--small" disabled={!text.trim()}>
          Apply
        </button>
      </form>
      {code && quote.discountCodeError && (
        <p className="sf-error sf-discount__error" role="alert">
          {code}: {quote.discountCodeError}
        </p>
      )}
      {applied && (
        <p className="sf-discount__tag">
          <span>{code.toUpperCase()}</span>
          <button type="button" aria-label={`Remove discount code ${code}`} onClick={() => cart.setCode('')}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * One row per applied discount: "Discount (SUMMER10)" or the automatic discount's title, and its reduction; then one
 * row per Boost UpSell offer the server applied (issue 18 item 1), by its title.
 */
export function DiscountRows({ quote }: { quote: Pick<StorefrontCartQuote, 'discounts' | 'offers'> }) {
  return (
    <>
      {(quote.offers ?? []).map((o) => (
        <p key={o.offerId} className="sf-row sf-row--discount" data-offer={o.type}>
          <span>{o.title}</span>
          <span>
            −<Money cents={o.amountCents} />
          </span>
        </p>
      ))}
      {quote.discounts.map((d) => (
        <p key={`${d.code ?? ''}${d.title}`} className="sf-row sf-row--discount">
          <span>{d.code ? `Discount (${d.code})` : d.title}</span>
          <span>
            −<Money cents={d.amountCents} />
          </span>
        </p>
      ))}
    </>
  );
}
