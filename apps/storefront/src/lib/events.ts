import type { EventAttribution, StorefrontEventsBody } from '@backroom/contracts';
import { ATTRIBUTION_CLICK_ID_MAX, ATTRIBUTION_PATH_MAX, ATTRIBUTION_REFERRER_MAX, ATTRIBUTION_UTM_MAX } from '@backroom/contracts/limits';
import { local } from './storage';

type EventType = 'view_store' | 'add_to_cart' | 'reached_checkout';

/** A visit ends after 30 minutes without activity: the next event starts a new visitor session. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Events wait at most this long before they are sent in one batch, ms. */
export const FLUSH_DELAY_MS = 1000;
/** A batch holds at most this many events (the server accepts 50). */
export const MAX_BATCH = 50;

/**
 * The visitor session id (issue 5 item 5): a random id kept in localStorage with its last activity; renewed after
 * SESSION_IDLE_MS of inactivity. Falls back to an in-memory id when storage is unavailable.
 */
export function visitorSessionId(storage: Storage | null = safeStorage(), now = Date.now()): string {
  const fresh = () => crypto.randomUUID();
  const memory = () => {
    memoryId ??= fresh();
    return memoryId;
  };
  if (!storage) return memory();
  try {
    const raw = JSON.parse(storage.getItem('sf-visitor') ?? 'null') as { id: string; at: number } | null;
    const id = raw && typeof raw.id === 'string' && now - raw.at < SESSION_IDLE_MS ? raw.id : fresh();
    storage.setItem('sf-visitor', JSON.stringify({ id, at: now }));
    return id;
  } catch {
    return memory();
  }
}
let memoryId: string | undefined;
function safeStorage(): Storage | null {
  try {
    return local;
  } catch {
    return null;
  }
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const CLICK_KEYS = ['fbclid', 'ttclid', 'gclid'] as const;

/**
 * The first-touch attribution of a visit landing on `href` from `referrer` (issue 17 item 1): the landing path with
 * its query, the referrer only when it is another site (an empty or same-origin one means direct), the `utm_*`
 * parameters and ad click ids of the URL. Values are cut to the server's bounds (contracts limits) so an odd URL
 * never gets the whole batch refused.
 */
export function landingAttribution(href: string, referrer: string): EventAttribution {
  const url = new URL(href);
  const out: EventAttribution = { landingPath: `${url.pathname}${url.search}`.slice(0, ATTRIBUTION_PATH_MAX) };
  try {
    if (referrer && new URL(referrer).origin !== url.origin) out.referrer = referrer.slice(0, ATTRIBUTION_REFERRER_MAX);
  } catch {
    // not a URL: direct
  }
  for (const k of UTM_KEYS) {
    const v = url.searchParams.get(k)?.trim();
    if (v) out[k] = v.slice(0, ATTRIBUTION_UTM_MAX);
  }
  for (const k of CLICK_KEYS) {
    const v = url.searchParams.get(k)?.trim();
    if (v) out[k] = v.slice(0, ATTRIBUTION_CLICK_ID_MAX);
  }
  return out;
}

/**
 * The event beacon: queues shopper events and sends them batched to POST /api/storefront/events, after
 * FLUSH_DELAY_MS or at once when the page is hidden (navigator.sendBeacon survives unload). Disabled in a preview
 * frame (no events from the editor). `send` is injectable for tests.
 */
export class EventBeacon {
  private queue: StorefrontEventsBody = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The session whose attribution was sent (kept in storage so a reload does not send it again). */
  private attributed: string | null = readAttributed();

  constructor(
    private readonly enabled: boolean,
    private readonly send: (batch: StorefrontEventsBody, unloading: boolean) => Promise<void> = defaultSend,
    /** The page load's landing URL and referrer, used for the first session this page starts. */
    private landing: { href: string; referrer: string } | null = pageLanding(),
  ) {
    if (enabled && typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') void this.flush(true);
      });
      window.addEventListener('pagehide', () => void this.flush(true));
    }
  }

  /**
   * Queues one event of the current visitor session; the session's first event carries its landing attribution
   * (the page load's URL and referrer, or the current URL when a session is renewed later on the same page).
   */
  track(type: EventType) {
    if (!this.enabled) return;
    const id = visitorSessionId();
    let attribution: EventAttribution = {};
    const source = this.landing ?? (typeof location !== 'undefined' ? { href: location.href, referrer: '' } : null);
    if (this.attributed !== id && source) {
      attribution = landingAttribution(source.href, source.referrer);
      this.landing = null;
      this.attributed = id;
      writeAttributed(id);
    }
    this.queue.push({ type, visitorSessionId: id, occurredAt: new Date().toISOString(), ...attribution });
    if (this.queue.length >= MAX_BATCH) void this.flush(false);
    else this.timer ??= setTimeout(() => void this.flush(false), FLUSH_DELAY_MS);
  }

  /** Sends what is queued now (batches of MAX_BATCH); errors are dropped (analytics never block shopping). */
  async flush(unloading = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.send(batch, unloading).catch(() => {});
    }
  }
}

function pageLanding(): { href: string; referrer: string } | null {
  return typeof location !== 'undefined' && typeof document !== 'undefined' ? { href: location.href, referrer: document.referrer } : null;
}

function readAttributed(): string | null {
  try {
    return safeStorage()?.getItem('sf-attributed') ?? null;
  } catch {
    return null;
  }
}
function writeAttributed(id: string) {
  try {
    safeStorage()?.setItem('sf-attributed', id);
  } catch {
    // storage unavailable: the attribution is sent once per page load instead
  }
}

async function defaultSend(batch: StorefrontEventsBody, unloading: boolean): Promise<void> {
  const body = JSON.stringify(batch);
  if (unloading && navigator.sendBeacon?.('/api/storefront/events', new Blob([body], { type: 'application/json' }))) return;
  await fetch('/api/storefront/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true });
}
