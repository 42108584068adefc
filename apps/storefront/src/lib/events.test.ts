import type { StorefrontEventsBody } from '@backroom/contracts';
import { ATTRIBUTION_PATH_MAX, ATTRIBUTION_UTM_MAX } from '@backroom/contracts/limits';
import { describe, expect, it, vi } from 'vitest';
import { EventBeacon, FLUSH_DELAY_MS, landingAttribution, MAX_BATCH, SESSION_IDLE_MS, visitorSessionId } from './events';

/** An in-memory Storage. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('visitor session id', () => {
  it('is kept while active and renewed after 30 minutes idle', () => {
    const s = memoryStorage();
    const a = visitorSessionId(s, 1_000);
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(visitorSessionId(s, 1_000 + SESSION_IDLE_MS - 1)).toBe(a);
    const later = 1_000 + 2 * SESSION_IDLE_MS;
    expect(visitorSessionId(s, later)).not.toBe(a);
  });
});

describe('event beacon', () => {
  it('batches events and sends them after the delay', async () => {
    vi.useFakeTimers();
    const sent: StorefrontEventsBody[] = [];
    const b = new EventBeacon(true, async (batch) => void sent.push(batch));
    b.track('view_store');
    b.track('add_to_cart');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.type)).toEqual(['view_store', 'add_to_cart']);
    expect(new Set(sent[0]!.map((e) => e.visitorSessionId)).size).toBe(1);
    vi.useRealTimers();
  });

  it('sends a full batch at once and never more than the server accepts', async () => {
    const sent: StorefrontEventsBody[] = [];
    const b = new EventBeacon(true, async (batch) => void sent.push(batch));
    for (let i = 0; i < MAX_BATCH + 3; i++) b.track('view_store');
    await b.flush();
    expect(sent.map((x) => x.length)).toEqual([MAX_BATCH, 3]);
  });

  it('sends nothing from a preview frame', async () => {
    const sent: StorefrontEventsBody[] = [];
    const b = new EventBeacon(false, async (batch) => void sent.push(batch));
    b.track('view_store');
    await b.flush();
    expect(sent).toEqual([]);
  });
});

describe('landing attribution (issue 17 item 1)', () => {
  it('reads the landing path, UTM parameters and click ids, and drops a same-site referrer', () => {
    const a = landingAttribution(
      'https://shop.example/products/tee?utm_source=TikTok&utm_medium=paid&utm_campaign=spring-drop&ttclid=abc',
      'https://shop.example/',
    );
    expect(a).toEqual({
      landingPath: '/products/tee?utm_source=TikTok&utm_medium=paid&utm_campaign=spring-drop&ttclid=abc',
      utm_source: 'TikTok',
      utm_medium: 'paid',
      utm_campaign: 'spring-drop',
      ttclid: 'abc',
    });
    expect(landingAttribution('https://shop.example/', 'https://www.google.com/').referrer).toBe('https://www.google.com/');
  });

  it('cuts values to the server bounds', () => {
    const a = landingAttribution(`https://shop.example/?utm_campaign=${'x'.repeat(ATTRIBUTION_UTM_MAX + 50)}`, '');
    expect(a.utm_campaign).toHaveLength(ATTRIBUTION_UTM_MAX);
    expect(a.landingPath!.length).toBeLessThanOrEqual(ATTRIBUTION_PATH_MAX);
  });

  it('sends the attribution with the first event of a session only', async () => {
    const sent: StorefrontEventsBody[] = [];
    const b = new EventBeacon(true, async (batch) => void sent.push(batch), {
      href: 'https://shop.example/?utm_source=facebook',
      referrer: '',
    });
    b.track('view_store');
    b.track('add_to_cart');
    await b.flush();
    expect(sent[0]![0]).toMatchObject({ landingPath: '/?utm_source=facebook', utm_source: 'facebook' });
    expect(sent[0]![1]!.landingPath).toBeUndefined();
  });
});
