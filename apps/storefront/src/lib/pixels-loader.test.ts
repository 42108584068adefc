// @vitest-environment jsdom
/**
 * The pixel chunk (issue 17 item 6) in jsdom: each configured network's base code and tag, the five standard events
 * mapped to each network's call with value in major units, currency, content ids and the event id; the cookie
 * banner holding everything until Accept, Decline dropping the events, and the answer remembered.
 */
import { CONSENT_STORAGE_KEY } from '@backroom/contracts/pixel-events';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installPixels, startPixelLoader } from './pixels-loader';
import type { PixelEvent } from './pixels-types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type W = Window & { fbq?: { queue: unknown[][] }; ttq?: unknown[]; dataLayer?: IArguments[] };
const w = window as unknown as W;

const META = { network: 'meta', pixelId: '123456789012345', adsConversionId: null, adsConversionLabel: null } as const;
const TIKTOK = { network: 'tiktok', pixelId: 'C1234567890ABCDEFGHI', adsConversionId: null, adsConversionLabel: null } as const;
const GOOGLE = { network: 'google', pixelId: 'G-ABC1234', adsConversionId: 'AW-123456789', adsConversionLabel: 'buy_1' } as const;

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);
const purchase: PixelEvent = {
  name: 'Purchase',
  eventId: 'purchase.o-1',
  orderId: 'o-1',
  valueCents: 4950,
  currency: 'USD',
  contents: [
    { id: 'v-1', quantity: 2, priceCents: 1500 },
    { id: 'v-2', quantity: 1, priceCents: 1950 },
  ],
};

beforeEach(() => {
  for (const k of ['fbq', '_fbq', 'ttq', 'TiktokAnalyticsObject', 'dataLayer', 'gtag'])
    delete (window as unknown as Record<string, unknown>)[k];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('installPixels', () => {
  it('loads each network’s tag once and maps a Purchase with value, currency, content ids and event id', () => {
    const send = installPixels([META, TIKTOK, GOOGLE]);
    expect(scripts()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C1234567890ABCDEFGHI&lib=ttq',
      'https://www.googletagmanager.com/gtag/js?id=G-ABC1234',
    ]);
    send({ name: 'PageView', eventId: 'e-page' });
    send(purchase);
    expect(w.fbq!.queue).toEqual([
      ['init', META.pixelId],
      ['track', 'PageView', {}, { eventID: 'e-page' }],
      [
        'track',
        'Purchase',
        {
          value: 49.5,
          currency: 'USD',
          content_ids: ['v-1', 'v-2'],
          content_type: 'product',
          contents: [
            { id: 'v-1', quantity: 2, item_price: 15 },
            { id: 'v-2', quantity: 1, item_price: 19.5 },
          ],
          num_items: 3,
        },
        { eventID: 'purchase.o-1' },
      ],
    ]);
    expect([...w.ttq!]).toEqual([
      ['page'],
      [
        'track',
        'Purchase',
        {
          value: 49.5,
          currency: 'USD',
          content_type: 'product',
          contents: [
            { content_id: 'v-1', quantity: 2, price: 15 },
            { content_id: 'v-2', quantity: 1, price: 19.5 },
          ],
        },
        { event_id: 'purchase.o-1' },
      ],
    ]);
    const layer = w.dataLayer!.map((a) => [...a]);
    expect(layer[0]![0]).toBe('js');
    expect(layer.slice(1)).toEqual([
      ['config', 'G-ABC1234', { send_page_view: false }],
      ['config', 'AW-123456789'],
      ['event', 'page_view', { send_to: ['G-ABC1234'], page_location: location.href, page_title: document.title }],
      [
        'event',
        'purchase',
        {
          send_to: ['G-ABC1234'],
          value: 49.5,
          currency: 'USD',
          transaction_id: 'o-1',
          items: [
            { item_id: 'v-1', quantity: 2, price: 15 },
            { item_id: 'v-2', quantity: 1, price: 19.5 },
          ],
        },
      ],
      ['event', 'conversion', { send_to: 'AW-123456789/buy_1', value: 49.5, currency: 'USD', transaction_id: 'o-1' }],
    ]);
  });

  it('loads only the configured networks', () => {
    installPixels([TIKTOK]);
    expect(scripts()).toEqual(['https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C1234567890ABCDEFGHI&lib=ttq']);
    expect(w.fbq).toBeUndefined();
    expect(w.dataLayer).toBeUndefined();
  });
});

describe('startPixelLoader and the cookie banner', () => {
  const start = (consentBanner: boolean) => {
    const sent: PixelEvent[] = [];
    let sender: ((e: PixelEvent) => void) | null = null;
    act(() =>
      startPixelLoader({ pixels: [META], consentBanner }, (send) => {
        sender = send;
      }),
    );
    return { sent, ready: () => sender };
  };
  const banner = () => document.querySelector('section[aria-label="Cookie consent"]');
  const click = (name: string) => act(() => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click());

  it('without the banner, installs the tags at once', () => {
    const s = start(false);
    expect(s.ready()).not.toBeNull();
    expect(banner()).toBeNull();
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('with the banner, loads nothing before Accept, then the tags, and remembers the answer', () => {
    const s = start(true);
    expect(banner()?.textContent).toContain('We use cookies to measure our ads');
    expect(s.ready()).toBeNull();
    expect(scripts()).toEqual([]);
    expect(w.fbq).toBeUndefined();
    click('Accept');
    expect(banner()).toBeNull();
    expect(s.ready()).not.toBeNull();
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).fbq;
    // The next page: no banner, the tags at once.
    const next = start(true);
    expect(banner()).toBeNull();
    expect(next.ready()).not.toBeNull();
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('Decline loads no tag, drops the events and is remembered', () => {
    const s = start(true);
    click('Decline');
    expect(banner()).toBeNull();
    s.ready()!({ name: 'PageView', eventId: 'x' });
    expect(scripts()).toEqual([]);
    expect(w.fbq).toBeUndefined();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    start(true);
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([]);
  });
});
