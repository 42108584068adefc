import type { StorefrontPixelsConfig } from '@backroom/contracts';
import { IS_PREVIEW } from './boot';
import type { PixelContent, PixelEvent } from './pixels-types';
import { onLocationChange } from './router';

/**
 * Ad pixels, the part in the main bundle (issue 17 item 6): a few lines that queue the shopper's standard events and,
 * only when the page carries `<script id="sf-pixels">` (the shop has a pixel or the cookie banner), load the pixel
 * chunk (`pixels-loader.ts`: the networks' tags, the event mapping, the consent banner) after the first paint. A
 * shop without pixels never loads that chunk and every `trackPixel` is a no-op.
 */

/** Where events go once the loader is ready; null until then (and forever on a shop without pixels). */
let sink: ((e: PixelEvent) => void) | null = null;
/** Events waiting for the loader (or for consent); null = pixels are off on this page, events are dropped. */
let pending: PixelEvent[] | null = null;

/**
 * Fires a standard event on every configured network: queued until the tags are loaded (and, with the cookie banner,
 * until the shopper accepts); dropped when the shop has no pixels. `eventId` defaults to a random UUID.
 */
export function trackPixel(name: PixelEvent['name'], data: Omit<PixelEvent, 'name' | 'eventId'> & { eventId?: string } = {}): void {
  if (!sink && !pending) return;
  const event: PixelEvent = { ...data, name, eventId: data.eventId ?? crypto.randomUUID() };
  if (sink) sink(event);
  else pending!.push(event);
}

/** Lines of a cart or an order as pixel contents. */
export function pixelContents(lines: readonly { variantId: string; quantity: number; priceCents: number }[]): PixelContent[] {
  return lines.map((l) => ({ id: l.variantId, quantity: l.quantity, priceCents: l.priceCents }));
}

/** The page's pixel configuration, or null when the server inlined none (no pixel, no banner) or in a preview. */
export function readPixelsConfig(doc: Document = document): StorefrontPixelsConfig | null {
  if (IS_PREVIEW) return null;
  const el = doc.getElementById('sf-pixels');
  return el?.textContent ? (JSON.parse(el.textContent) as StorefrontPixelsConfig) : null;
}

/** Runs `fn` once the page has loaded and the browser is idle, so nothing here competes with the first paint. */
function afterFirstPaint(fn: () => void) {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Starts the pixels of this page (main.tsx, after the app is rendered): a PageView now and on every in-app
 * navigation, and the pixel chunk loaded after the first paint, which takes the queued events over.
 */
export function startPixels(): void {
  const config = readPixelsConfig();
  if (!config) return;
  pending = [];
  trackPixel('PageView');
  onLocationChange(() => trackPixel('PageView'));
  afterFirstPaint(() => {
    void import('./pixels-loader')
      .then((m) =>
        m.startPixelLoader(config, (send) => {
          sink = send;
          for (const e of pending!.splice(0)) send(e);
        }),
      )
      .catch((err: unknown) => console.error('Ad pixels could not be loaded', err));
  });
}
