import { useSyncExternalStore } from 'react';
import { local } from './storage';

/** One cart line as the shopper sees it. Prices (cents) are for display only: the checkout prices from the database. */
export interface CartLine {
  variantId: string;
  quantity: number;
  handle: string;
  title: string;
  variantTitle: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  imageSrc: string | null;
}

/** Largest quantity of one line (the checkout accepts 1–99). */
export const MAX_QTY = 99;

/**
 * The shopper's cart, kept in localStorage per shop (`sf-cart:{shopId}`) and shared by every component through
 * one external store. A preview frame keeps its cart in memory only.
 */
export class CartStore {
  private lines: CartLine[] = [];
  private listeners = new Set<() => void>();

  constructor(
    private readonly key: string | null,
    private readonly storage: Storage | null = local,
  ) {
    if (key && this.storage) {
      try {
        const raw = JSON.parse(this.storage.getItem(key) ?? '[]');
        if (Array.isArray(raw)) this.lines = raw.filter((l) => l && typeof l.variantId === 'string' && Number.isInteger(l.quantity));
      } catch {
        this.lines = [];
      }
    }
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = (): CartLine[] => this.lines;

  private set(next: CartLine[]) {
    this.lines = next;
    if (this.key && this.storage) this.storage.setItem(this.key, JSON.stringify(next));
    for (const l of this.listeners) l();
  }

  /** Adds `line.quantity` of a variant (merging with an existing line, capped at MAX_QTY). */
  add(line: CartLine) {
    const i = this.lines.findIndex((l) => l.variantId === line.variantId);
    if (i === -1) this.set([...this.lines, { ...line, quantity: Math.min(MAX_QTY, line.quantity) }]);
    else this.set(this.lines.map((l, j) => (j === i ? { ...l, quantity: Math.min(MAX_QTY, l.quantity + line.quantity) } : l)));
  }
  /** Sets a line's quantity; 0 removes it. */
  setQuantity(variantId: string, quantity: number) {
    const q = Math.max(0, Math.min(MAX_QTY, Math.floor(quantity)));
    this.set(
      q === 0
        ? this.lines.filter((l) => l.variantId !== variantId)
        : this.lines.map((l) => (l.variantId === variantId ? { ...l, quantity: q } : l)),
    );
  }
  clear() {
    this.set([]);
  }
}

/** Subtotal of cart lines in cents. */
export const subtotalCents = (lines: readonly CartLine[]) => lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
/** Number of items (sum of quantities). */
export const itemCount = (lines: readonly CartLine[]) => lines.reduce((s, l) => s + l.quantity, 0);

/** Subscribes a component to a cart store. */
export function useCart(store: CartStore): CartLine[] {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
