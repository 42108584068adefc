/**
 * What the storefront's pixel loader and the server agree on (issue 17 item 6), without zod so the storefront can
 * import it alone (`@backroom/contracts/pixel-events`, like `/limits`): the standard events, the `event_id` of a
 * Purchase (shared by the browser pixel and the Conversions API event so Meta counts it once), and each network's
 * origins — the tag the storefront loads and what the page's Content-Security-Policy opens when, and only when, the
 * shop has a pixel of that network.
 */

/** The standard events the storefront fires (Meta's names; TikTok and Google get their own, see the loader). */
export const PIXEL_EVENTS = ['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase'] as const;
export type PixelEventName = (typeof PIXEL_EVENTS)[number];

/**
 * The `event_id` of an order's Purchase: the same in the browser (fbq's `eventID`, TikTok's `event_id`) and in the
 * server's Conversions API event, so the network deduplicates the two (Meta: same event_name + event_id).
 */
export function purchaseEventId(orderId: string): string {
  return `purchase.${orderId}`;
}

/** Origins of one network: its tag (`script`), where the tag sends events (`connect`), frames it may open. */
export interface PixelOrigins {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
}

/**
 * Per network, the origins its tag needs (Meta's, TikTok's and Google's published CSP guidance). Pictures need no
 * entry: the storefront's `img-src` already allows any https picture.
 */
export const PIXEL_ORIGINS: Record<'meta' | 'tiktok' | 'google', PixelOrigins> = {
  meta: { script: ['https://connect.facebook.net'], connect: ['https://connect.facebook.net', 'https://www.facebook.com'], frame: [] },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'], frame: [] },
  google: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.g.doubleclick.net',
      'https://www.google.com',
    ],
    frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
  },
};

/** The tag each network's base code loads (the loader builds it; E2E tests route exactly these URLs). */
export const PIXEL_SCRIPT_URLS = {
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
  tiktok: 'https://analytics.tiktok.com/i18n/pixel/events.js',
  google: 'https://www.googletagmanager.com/gtag/js',
} as const;

/** Where the storefront keeps the shopper's answer to the cookie banner (localStorage): 'granted' | 'denied'. */
export const CONSENT_STORAGE_KEY = 'sf-consent';
