import { describe, expect, it } from 'vitest';
import { CartStore, itemCount, lineKey, MAX_QTY, subtotalCents } from './cart';

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
  it('keeps lines of one variant with different personalisations apart, merges identical ones (issue 11 item 4)', () => {
    const c = new CartStore(null);
    const ann = { ...line('a', 1), properties: [{ name: 'Name', value: 'ANN' }] };
    const bob = { ...line('a', 1), properties: [{ name: 'Name', value: 'BOB' }] };
    c.add(ann);
    c.add(bob);
    c.add(ann);
    c.add(line('a', 1));
    expect(c.get().map((l) => [lineKey(l), l.quantity])).toEqual([
      ['a|[["Name","ANN"]]', 2],
      ['a|[["Name","BOB"]]', 1],
      ['a', 1],
    ]);
    c.setQuantity(lineKey(bob), 0);
    c.setQuantity('a', 4);
    expect(c.get().map((l) => [l.properties?.[0]?.value ?? null, l.quantity])).toEqual([
      ['ANN', 2],
      [null, 4],
    ]);
  });

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

  it('keeps the discount code and the checkout token with the cart, restores a recovered cart, forgets all after an order', () => {
    const storage = memoryStorage();
    const c = new CartStore('sf-cart:shop1', storage);
    c.setCode(' SUMMER10 ');
    c.setCheckoutToken('t'.repeat(32));
    c.replace([line('a', 2), line('b', 500)]);
    const again = new CartStore('sf-cart:shop1', storage);
    expect(again.getCode()).toBe('SUMMER10');
    expect(again.getCheckoutToken()).toBe('t'.repeat(32));
    expect(again.get().map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 2],
      ['b', MAX_QTY],
    ]);
    again.clear();
    const after = new CartStore('sf-cart:shop1', storage);
    expect([after.get(), after.getCode(), after.getCheckoutToken()]).toEqual([[], '', null]);
  });
});
