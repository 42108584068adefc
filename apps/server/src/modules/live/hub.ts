import type { LiveSummary } from '@backroom/contracts';

/** A notice of change arriving twice within this many ms is answered by one fresh summary (ms). */
const COALESCE_MS = 200;

/** One open stream: receives each fresh summary of its store with the summary's event id. */
type Subscriber = (summary: LiveSummary, eventId: string) => void;

interface StoreState {
  subscribers: Set<Subscriber>;
  timer: NodeJS.Timeout | null;
  running: boolean;
  again: boolean;
}

/**
 * Per-process fan-out of the live view (issue 17 item 5): streams subscribe per store; `touch(storeId)` (a
 * LISTEN/NOTIFY notice of a storefront event or an order of that store) reads ONE fresh summary for all of that
 * store's streams, at most one read in flight per store, notices within COALESCE_MS merged. A store nobody watches
 * costs nothing. Event ids are increasing numbers (the read's time in ms, never repeated), so a reconnecting
 * client's `Last-Event-ID` says how old its figures are.
 */
export class LiveHub {
  private readonly stores = new Map<string, StoreState>();
  private lastId = 0;

  constructor(
    private readonly read: (storeId: string) => Promise<LiveSummary>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Adds a stream of `storeId`; returns its unsubscribe function. */
  subscribe(storeId: string, fn: Subscriber): () => void {
    let s = this.stores.get(storeId);
    if (!s) {
      s = { subscribers: new Set(), timer: null, running: false, again: false };
      this.stores.set(storeId, s);
    }
    s.subscribers.add(fn);
    return () => {
      const cur = this.stores.get(storeId);
      if (!cur) return;
      cur.subscribers.delete(fn);
      if (cur.subscribers.size === 0) {
        if (cur.timer) clearTimeout(cur.timer);
        this.stores.delete(storeId);
      }
    };
  }

  /** The next event id: the current time in ms, or one more than the last id when the clock has not moved. */
  nextId(): string {
    this.lastId = Math.max(Date.now(), this.lastId + 1);
    return String(this.lastId);
  }

  /** Something changed in `storeId`: schedules one fresh summary for its streams (nothing when none is open). */
  touch(storeId: string): void {
    const s = this.stores.get(storeId);
    if (!s) return;
    if (s.running) {
      s.again = true;
      return;
    }
    if (s.timer) return;
    s.timer = setTimeout(() => this.push(storeId, s), COALESCE_MS);
  }

  private async push(storeId: string, s: StoreState): Promise<void> {
    s.timer = null;
    s.running = true;
    try {
      const summary = await this.read(storeId);
      const id = this.nextId();
      for (const fn of s.subscribers) fn(summary, id);
    } catch (err) {
      this.onError(err);
    } finally {
      s.running = false;
      if (s.again) {
        s.again = false;
        this.touch(storeId);
      }
    }
  }

  /** Stops every pending read (the app is closing). */
  close(): void {
    for (const s of this.stores.values()) if (s.timer) clearTimeout(s.timer);
    this.stores.clear();
  }
}
