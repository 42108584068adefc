import type { PixelEventName } from '@backroom/contracts/pixel-events';

/** The ad pixels' event shapes (issue 17 item 6), a leaf shared by `pixels.ts` and the lazy `pixels-loader.ts`. */

/** A product line of an event: the variant id (the catalogue feeds' item id), units, unit price in cents. */
export interface PixelContent {
  id: string;
  quantity: number;
  priceCents: number;
}

/** One standard event as the storefront fires it; the loader turns it into each network's call. */
export interface PixelEvent {
  name: PixelEventName;
  /** Deduplication id shared with a server event (Purchase: purchaseEventId(order id)); random otherwise. */
  eventId: string;
  /** Value in integer cents of `currency` (the networks get major units). */
  valueCents?: number;
  currency?: string;
  contents?: PixelContent[];
  /** The order's id, for a Purchase (Google's transaction_id). */
  orderId?: string;
}
