/**
 * Things that happen to a shop that other modules may act on (issue 18 item 4: Telegram notifications). The module that owns the change raises the event AFTER its transaction committed
 * (`app.shopEvents.emit(...)`); listeners (`app.shopEvents.on(...)`) run later in this process and never hold the
 * request back nor fail it: a listener's error is logged. One bus per app (`buildApp` decorates `app.shopEvents`).
 */
import type { FastifyBaseLogger } from 'fastify';

/**
 * The shopper's browser as the storefront checkout request showed it (issue 17 item 6: Meta's Conversions API
 * matches a server event with these): the client's address, its User-Agent, Meta's `_fbp`/`_fbc` cookies of the
 * shop's origin when the pixel set them, and the page the order was placed from. Kept only in memory and in the
 * job that sends it (whose payload is dropped when it ends).
 */
export interface CheckoutClient {
  ip: string;
  userAgent: string;
  fbp?: string;
  fbc?: string;
  sourceUrl?: string;
}

/** An event: which shop, what happened, and the ids the listener reads the rest with. */
export type ShopEvent =
  | { type: 'order.created'; storeId: string; orderId: string; client?: CheckoutClient }
  | { type: 'order.paid'; storeId: string; orderId: string }
  | { type: 'order.refunded'; storeId: string; orderId: string }
  | { type: 'payout.status'; storeId: string; requestId: string; status: string };

/** A listener; may be async. */
export type ShopEventListener = (event: ShopEvent) => void | Promise<void>;

/** The bus: `emit` never throws and never waits for listeners. */
export interface ShopEvents {
  emit(event: ShopEvent): void;
  on(listener: ShopEventListener): void;
}

/** A bus whose listeners' failures are logged with `log` (a listener never breaks the emitter). */
export function createShopEvents(log: FastifyBaseLogger): ShopEvents {
  const listeners: ShopEventListener[] = [];
  return {
    emit(event) {
      for (const l of listeners) {
        queueMicrotask(() => {
          Promise.resolve()
            .then(() => l(event))
            .catch((err: unknown) => log.error({ err, event: event.type }, 'shop event listener failed'));
        });
      }
    },
    on(listener) {
      listeners.push(listener);
    },
  };
}
