import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { Link, navigate } from '../lib/router';
import { useShop } from '../lib/theme';

/**
 * `/checkouts/{token}/recover` (issue 12 item 5, Shopify's recovery link): fetches the checkout by its token
 * (GET /api/storefront/checkouts/{token}: today's prices, lines no longer sold left out), puts its lines and
 * discount code back into the cart, keeps the token so the order completes that checkout, and opens the cart. An
 * unknown token says so with a way back to the shop.
 */
export function RecoverPage({ token }: { token: string }) {
  const { cart, preview } = useShop();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (preview) return;
    let live = true;
    api
      .recoverCheckout(token)
      .then((c) => {
        if (!live) return;
        cart.replace(c.lines.map(({ properties, ...l }) => (properties.length ? { ...l, properties } : l)));
        cart.setCode(c.discountCode ?? '');
        cart.setCheckoutToken(token);
        navigate('/cart', { replace: true });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token, cart, preview]);
  if (!failed) return <div className="sf-container sf-loading" aria-busy="true" />;
  return (
    <div className="sf-container sf-empty">
      <h1 className="sf-page-title">This cart link is no longer valid</h1>
      <Link href="/" className="sf-btn">
        Continue shopping
      </Link>
    </div>
  );
}
