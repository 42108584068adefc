import { type DeliveryPromise, dayAt, deliveryPromise, deliveryTimesOf } from '@backroom/contracts/delivery';
import { useMemo } from 'react';
import { useHydrated } from './cart';
import { useShop, useTheme } from './theme';

/**
 * The shop's UTC offset in minutes (boot `shop.utcOffsetMinutes`, from its time zone preference), or the browser's
 * when an older boot lacks it.
 */
export function shopOffsetMinutes(offset: number | undefined): number {
  return offset ?? -new Date().getTimezoneOffset();
}

/**
 * The delivery promise of an order placed today on the shop's calendar (product page, cart, checkout: issue 31
 * item 1), from the one computation of contracts' delivery.ts; null until hydrated (the server renders a
 * placeholder: "today" is the browser's moment). `order` dates it from a placed order instead (thank-you page).
 */
export function useDeliveryPromise(order?: { createdAt: string; placedOn?: string; shippedOn?: string | null }): DeliveryPromise | null {
  const { boot } = useShop();
  const { config } = useTheme();
  const hydrated = useHydrated();
  const offset = shopOffsetMinutes(boot.shop.utcOffsetMinutes);
  const createdAt = order?.createdAt;
  const placed = order?.placedOn;
  const shippedOn = order?.shippedOn ?? null;
  return useMemo(() => {
    if (!hydrated) return null;
    const placedOn = placed ?? dayAt(createdAt ? Date.parse(createdAt) : Date.now(), offset);
    return deliveryPromise({ placedOn, shippedOn, times: deliveryTimesOf(config) });
  }, [hydrated, createdAt, placed, shippedOn, offset, config]);
}

/** The estimate line ("Estimated delivery Dec 14 – Dec 22"), or "Estimated delivery …" before hydration. */
export function DeliveryEstimate({ className = 'sf-delivery' }: { className?: string }) {
  const p = useDeliveryPromise();
  return (
    <p className={className} data-testid="delivery-estimate">
      {p ? p.estimate : 'Estimated delivery …'}
    </p>
  );
}
