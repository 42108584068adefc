import type { StorefrontPixel, StorefrontPixelsConfig } from '@backroom/contracts';
import { CONSENT_STORAGE_KEY, PIXEL_SCRIPT_URLS } from '@backroom/contracts/pixel-events';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsentBanner } from '../components/consent-banner';
import type { PixelEvent } from './pixels-types';
import { local } from './storage';

/**
 * The pixel chunk (issue 17 item 6), loaded by `pixels.ts` after the first paint and only on shops with a pixel or
 * the cookie banner: asks for consent when the shop wants it (the answer kept in localStorage under
 * CONSENT_STORAGE_KEY), then installs each configured network's base code — Meta's `fbq`, TikTok's `ttq`, Google's
 * `gtag` — which loads the network's own tag (an async script the page's CSP allows for that network only), and
 * maps every standard event to the network's call with value (major units), currency, content ids and `event_id`.
 */

type Fn = (...args: unknown[]) => void;
type PixelWindow = Window & {
  fbq?: Fn & { callMethod?: Fn; queue: unknown[][]; push: Fn; loaded: boolean; version: string };
  _fbq?: unknown;
  ttq?: unknown[] & Record<string, unknown>;
  TiktokAnalyticsObject?: string;
  dataLayer?: unknown[];
  gtag?: Fn;
};

/** Adds an async `<script src>` (inserted by this nonce-trusted chunk: CSP `'strict-dynamic'` lets it run). */
function addScript(src: string) {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

const major = (cents: number | undefined) => Math.round(cents ?? 0) / 100;

/** Meta's base code (fbq stub queueing calls until fbevents.js takes them over), then `init` per pixel. */
function installMeta(w: PixelWindow, pixels: StorefrontPixel[]): Fn {
  if (!w.fbq) {
    const n = ((...args: unknown[]) => {
      if (n.callMethod) n.callMethod(...args);
      else n.queue.push(args);
    }) as NonNullable<PixelWindow['fbq']>;
    n.queue = [];
    n.push = n;
    n.loaded = true;
    n.version = '2.0';
    w.fbq = n;
    w._fbq ??= n;
    addScript(PIXEL_SCRIPT_URLS.meta);
  }
  const fbq = w.fbq;
  for (const p of pixels) fbq('init', p.pixelId);
  return fbq;
}

/** TikTok's base code (ttq, a queue with deferred methods), then `load` per pixel. */
function installTikTok(w: PixelWindow, pixels: StorefrontPixel[]): NonNullable<PixelWindow['ttq']> {
  w.TiktokAnalyticsObject = 'ttq';
  w.ttq ??= [] as unknown as NonNullable<PixelWindow['ttq']>;
  const ttq = w.ttq;
  const methods = [
    'page',
    'track',
    'identify',
    'instances',
    'debug',
    'on',
    'off',
    'once',
    'ready',
    'alias',
    'group',
    'enableCookie',
    'disableCookie',
  ];
  const defer = (target: unknown[] & Record<string, unknown>, method: string) => {
    target[method] = (...args: unknown[]) => target.push([method, ...args]);
  };
  for (const m of methods) if (typeof ttq[m] !== 'function') defer(ttq, m);
  ttq._i ??= {};
  ttq._t ??= {};
  ttq._o ??= {};
  const loaded = ttq._i as Record<string, unknown[] & { _u?: string }>;
  const times = ttq._t as Record<string, number>;
  const options = ttq._o as Record<string, unknown>;
  for (const p of pixels) {
    if (loaded[p.pixelId]) continue;
    const list = [] as unknown[] & { _u?: string };
    list._u = PIXEL_SCRIPT_URLS.tiktok;
    loaded[p.pixelId] = list;
    times[p.pixelId] = Date.now();
    options[p.pixelId] = {};
    addScript(`${PIXEL_SCRIPT_URLS.tiktok}?sdkid=${encodeURIComponent(p.pixelId)}&lib=ttq`);
  }
  return ttq;
}

/** Google's gtag.js base code: the dataLayer, `gtag`, one `config` per GA4 ID (page views sent by us) and Ads ID. */
function installGoogle(w: PixelWindow, pixels: StorefrontPixel[]): Fn {
  w.dataLayer ??= [];
  if (!w.gtag) {
    const dataLayer = w.dataLayer;
    // gtag.js reads the `arguments` object itself (not an array) from the dataLayer, as Google's snippet pushes it.
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the Arguments object, exactly as Google's snippet.
      dataLayer.push(arguments);
    };
    addScript(`${PIXEL_SCRIPT_URLS.google}?id=${encodeURIComponent(pixels[0]!.pixelId)}`);
    w.gtag('js', new Date());
  }
  for (const p of pixels) {
    w.gtag('config', p.pixelId, { send_page_view: false });
    if (p.adsConversionId) w.gtag('config', p.adsConversionId);
  }
  return w.gtag;
}

const GOOGLE_EVENTS = {
  PageView: 'page_view',
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  InitiateCheckout: 'begin_checkout',
  Purchase: 'purchase',
} as const;

/**
 * Installs the tags of `pixels` and answers the function that sends one standard event to every network:
 * - Meta: `fbq('track', name, {value, currency, content_ids, content_type: 'product', contents}, {eventID})`;
 * - TikTok: `ttq.page()` for a PageView, else `ttq.track(name, {value, currency, content_type, contents}, {event_id})`;
 * - Google: the GA4 event (page_view, view_item, add_to_cart, begin_checkout, purchase with transaction_id and items)
 *   to each measurement ID, and on a Purchase the Ads `conversion` to each `AW-…/label`.
 */
export function installPixels(pixels: StorefrontPixel[], w: PixelWindow = window as PixelWindow): (e: PixelEvent) => void {
  const of = (network: StorefrontPixel['network']) => pixels.filter((p) => p.network === network);
  const meta = of('meta');
  const tiktok = of('tiktok');
  const google = of('google');
  const fbq = meta.length ? installMeta(w, meta) : null;
  const ttq = tiktok.length ? installTikTok(w, tiktok) : null;
  const gtag = google.length ? installGoogle(w, google) : null;
  return (e) => {
    const value = major(e.valueCents);
    const contents = e.contents ?? [];
    const withValue = e.name !== 'PageView';
    if (fbq) {
      const data = withValue
        ? {
            value,
            currency: e.currency,
            content_ids: contents.map((c) => c.id),
            content_type: 'product',
            contents: contents.map((c) => ({ id: c.id, quantity: c.quantity, item_price: major(c.priceCents) })),
            num_items: contents.reduce((n, c) => n + c.quantity, 0),
          }
        : {};
      fbq('track', e.name, data, { eventID: e.eventId });
    }
    if (ttq) {
      if (!withValue) (ttq.page as Fn)();
      else
        (ttq.track as Fn)(
          e.name,
          {
            value,
            currency: e.currency,
            content_type: 'product',
            contents: contents.map((c) => ({ content_id: c.id, quantity: c.quantity, price: major(c.priceCents) })),
          },
          { event_id: e.eventId },
        );
    }
    if (gtag) {
      const targets = google.map((p) => p.pixelId);
      const data = withValue
        ? {
            send_to: targets,
            value,
            currency: e.currency,
            items: contents.map((c) => ({ item_id: c.id, quantity: c.quantity, price: major(c.priceCents) })),
            ...(e.orderId ? { transaction_id: e.orderId } : {}),
          }
        : { send_to: targets, page_location: location.href, page_title: document.title };
      gtag('event', GOOGLE_EVENTS[e.name], data);
      if (e.name === 'Purchase') {
        for (const p of google) {
          if (!p.adsConversionId || !p.adsConversionLabel) continue;
          gtag('event', 'conversion', {
            send_to: `${p.adsConversionId}/${p.adsConversionLabel}`,
            value,
            currency: e.currency,
            transaction_id: e.orderId ?? e.eventId,
          });
        }
      }
    }
  };
}

/** Shows the cookie banner and calls `answer` once with the shopper's choice (the banner is then removed). */
function askConsent(answer: (granted: boolean) => void) {
  const host = document.createElement('div');
  host.id = 'sf-consent';
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(
    createElement(ConsentBanner, {
      onAnswer: (granted: boolean) => {
        root.unmount();
        host.remove();
        answer(granted);
      },
    }),
  );
}

/**
 * Starts the pixels of this page: with the cookie banner on and no answer yet, shows the banner and waits; after
 * "Accept" (now or remembered) installs the tags and hands `ready` the sender, which flushes the queued events; after
 * "Decline" hands `ready` a sender that drops them. Without the banner the tags are installed at once.
 */
export function startPixelLoader(config: StorefrontPixelsConfig, ready: (send: (e: PixelEvent) => void) => void): void {
  const go = () => ready(config.pixels.length ? installPixels(config.pixels) : () => {});
  const remembered = config.consentBanner ? local.getItem(CONSENT_STORAGE_KEY) : 'granted';
  if (remembered === 'granted') go();
  else if (remembered === 'denied') ready(() => {});
  else
    askConsent((granted) => {
      local.setItem(CONSENT_STORAGE_KEY, granted ? 'granted' : 'denied');
      if (granted) go();
      else ready(() => {});
    });
}
