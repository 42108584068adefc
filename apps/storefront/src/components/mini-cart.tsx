import { CheckIcon } from '../layout/icons';
import { Link } from '../lib/router';

/** The mini cart drawer shown after adding to the cart (theme-editor §3 checkoutStepLayout 3): view cart, checkout, go on. */
export function MiniCart({ onClose }: { onClose: () => void }) {
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
