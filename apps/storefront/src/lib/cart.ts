import type { LineItemProperty } from '@backroom/contracts';
import { useBrowserValue } from './hydration';
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
  /** What the shopper entered for a personalised product (issue 11 item 4); lines differing only here stay apart. */
  properties?: LineItemProperty[];
}

/**
 * The identity of a cart line: its variant id, plus its personalisation values when it has some (two shirts with
 * different names are two lines). A line without properties is keyed by its variant id alone.
 */
export const lineKey = (l: Pick<CartLine, 'variantId' | 'properties'>): string =>
  l.properties?.length ? `${l.variantId}|${JSON.stringify(l.properties.map((p) => [p.name, p.value]))}` : l.variantId;

/** Largest quantity of one line (the checkout accepts 1–99). */
export const MAX_QTY = 99;

/**
 * The shopper's cart, kept in localStorage per shop (`sf-cart:{shopId}`) and shared by every component through
 * one external store. A preview frame keeps its cart in memory only.
 */
export class CartStore {
  private lines: CartLine[] = [];
  private code = '';
  private token: string | null = null;
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
      this.code = this.storage.getItem(`${key}:code`) ?? '';
      this.token = this.storage.getItem(`${key}:checkout`);
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

  /** Adds `line.quantity` of a variant (merging with the line of the same key, capped at MAX_QTY). */
  add(line: CartLine) {
    const key = lineKey(line);
    const i = this.lines.findIndex((l) => lineKey(l) === key);
    if (i === -1) this.set([...this.lines, { ...line, quantity: Math.min(MAX_QTY, line.quantity) }]);
    else this.set(this.lines.map((l, j) => (j === i ? { ...l, quantity: Math.min(MAX_QTY, l.quantity + line.quantity) } : l)));
  }
  /** Sets the quantity of the line of `key` ({@link lineKey}: the variant id of a line without properties); 0 removes it. */
  setQuantity(key: string, quantity: number) {
    const q = Math.max(0, Math.min(MAX_QTY, Math.floor(quantity)));
    this.set(
      q === 0 ? this.lines.filter((l) => lineKey(l) !== key) : this.lines.map((l) => (lineKey(l) === key ? { ...l, quantity: q } : l)),
    );
  }
  /** Empties the cart and forgets its discount code and checkout (after an order). */
  clear() {
    this.setCode('');
    this.setCheckoutToken(null);
    this.set([]);
  }
  /** Replaces every line at once (a recovered checkout, issue 12 item 5). */
  replace(lines: CartLine[]) {
    this.set(lines.map((l) => ({ ...l, quantity: Math.max(1, Math.min(MAX_QTY, l.quantity)) })));
  }

  /** The discount code the shopper applied ('' = none); kept with the cart (issue 12 item 6). */
  getCode = (): string => this.code;
  /** Applies (or with '' removes) the discount code. */
  setCode(code: string) {
    this.code = code.trim();
    if (this.key && this.storage) {
      if (this.code) this.storage.setItem(`${this.key}:code`, this.code);
      else this.storage.removeItem(`${this.key}:code`);
    }
    for (const l of this.listeners) l();
  }

  /** The token of the checkout the shopper started (POST /api/storefront/checkouts), or null. */
  getCheckoutToken = (): string | null => this.token;
  setCheckoutToken(token: string | null) {
    this.token = token;
    if (this.key && this.storage) {
      if (token) this.storage.setItem(`${this.key}:checkout`, token);
      else this.storage.removeItem(`${this.key}:checkout`);
    }
  }
}

/** Subtotal of cart lines in cents. */
export const subtotalCents = (lines: readonly CartLine[]) => lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
/** Number of items (sum of quantities). */
export const itemCount = (lines: readonly CartLine[]) => lines.reduce((s, l) => s + l.quantity, 0);

const NO_LINES: CartLine[] = [];
const NO_CODE = () => '';
const noLines = () => NO_LINES;

/**
 * Subscribes a component to the cart's discount code. The server renders no code and hydration starts from that
 * (the browser's stored code is read right after), so server HTML and the first client render agree.
 */
export function useCartCode(store: CartStore): string {
  return useBrowserValue(store.subscribe, store.getCode, NO_CODE);
}

/**
 * Subscribes a component to a cart store. The server renders an empty cart (it cannot read localStorage) and
 * hydration starts from it; the stored lines appear right after hydration.
 */
export function useCart(store: CartStore): CartLine[] {
  return useBrowserValue(store.subscribe, store.get, noLines);
}

/** Whether the page is past hydration (false on the server and during hydration, true after and in createRoot renders). */
export function useHydrated(): boolean {
  return useBrowserValue(noSubscribe, yes, no);
}
const noSubscribe = () => () => {};
const yes = () => true;
const no = () => false;
