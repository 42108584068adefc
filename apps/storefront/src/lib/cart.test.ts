import { describe, expect, it } from 'vitest';
import { CartStore, itemCount, MAX_QTY, subtotalCents } from './cart';

const line = (variantId: string, quantity: number, priceCents = 1000) => ({
  variantId,
  quantity,
  handle: 'h',
  title: 'T',
  variantTitle: 'M',
  priceCents,
  compareAtPriceCents: null,
  imageSrc: null,
});

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    length: 0,
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: () => null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('cart', () => {
  it('merges lines of the same variant, caps at 99, removes at 0, and persists per shop', () => {
    const storage = memoryStorage();
    const c = new CartStore('sf-cart:shop1', storage);
    let calls = 0;
    c.subscribe(() => calls++);
    c.add(line('a', 2));
    c.add(line('a', 3));
    c.add(line('b', 1, 250));
    expect(c.get().map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
    expect(subtotalCents(c.get())).toBe(5250);
    expect(itemCount(c.get())).toBe(6);
    c.add(line('a', 200));
    expect(c.get()[0]!.quantity).toBe(MAX_QTY);
    c.setQuantity('b', 0);
    expect(c.get().map((l) => l.variantId)).toEqual(['a']);
    expect(calls).toBe(5);
    expect(new CartStore('sf-cart:shop1', storage).get()).toEqual(c.get());
    expect(new CartStore('sf-cart:shop2', storage).get()).toEqual([]);
  });

  it('keeps a preview cart in memory only', () => {
    const storage = memoryStorage();
    const c = new CartStore(null, storage);
    c.add(line('a', 1));
    expect(storage.getItem('sf-cart:null')).toBeNull();
    expect(c.get()).toHaveLength(1);
  });
});
