import type { StorefrontEventsBody } from '@backroom/contracts';
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

/**
 * The event beacon: queues shopper events and sends them batched to POST /api/storefront/events, after
 * FLUSH_DELAY_MS or at once when the page is hidden (navigator.sendBeacon survives unload). Disabled in a preview
 * frame (no events from the editor). `send` is injectable for tests.
 */
export class EventBeacon {
  private queue: StorefrontEventsBody = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly enabled: boolean,
    private readonly send: (batch: StorefrontEventsBody, unloading: boolean) => Promise<void> = defaultSend,
  ) {
    if (enabled && typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') void this.flush(true);
      });
      window.addEventListener('pagehide', () => void this.flush(true));
    }
  }

  /** Queues one event of the current visitor session. */
  track(type: EventType) {
    if (!this.enabled) return;
    this.queue.push({ type, visitorSessionId: visitorSessionId(), occurredAt: new Date().toISOString() });
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

async function defaultSend(batch: StorefrontEventsBody, unloading: boolean): Promise<void> {
  const body = JSON.stringify(batch);
  if (unloading && navigator.sendBeacon?.('/api/storefront/events', new Blob([body], { type: 'application/json' }))) return;
  await fetch('/api/storefront/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true });
}
