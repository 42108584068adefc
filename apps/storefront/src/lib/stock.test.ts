import { describe, expect, it } from 'vitest';
import { productUnit, shopperTags, stockMessage } from './stock';

const TEMPLATE = '<p>Hurry! Only {number} {unit} left in stock</p>';
const THEME = { unitName: '', itemNameLeftInStock: '' };

describe('stock messages (issue 31 item 2)', () => {
  it('uses the product own unit, else none; the theme unit only where the merchant set one', () => {
    expect(stockMessage(TEMPLATE, { inventoryQty: 3, tracksStock: true }, [], THEME)).toBe('<p>Hurry! Only 3 left in stock</p>');
    expect(stockMessage(TEMPLATE, { inventoryQty: 3, tracksStock: true }, ['Kitchen', 'unit:mugs'], THEME)).toBe(
      '<p>Hurry! Only 3 mugs left in stock</p>',
    );
    expect(stockMessage(TEMPLATE, { inventoryQty: 3 }, [], { unitName: 'boxes', itemNameLeftInStock: '' })).toBe(
      '<p>Hurry! Only 3 boxes left in stock</p>',
    );
    expect(stockMessage(TEMPLATE, { inventoryQty: 3 }, ['unit:pairs'], { unitName: 'boxes', itemNameLeftInStock: '' })).toBe(
      '<p>Hurry! Only 3 pairs left in stock</p>',
    );
  });

  it('is never shown for a variant that does not track stock, none left or plenty', () => {
    expect(stockMessage(TEMPLATE, { inventoryQty: 3, tracksStock: false }, [], THEME)).toBeNull();
    expect(stockMessage(TEMPLATE, { inventoryQty: 0, tracksStock: true }, [], THEME)).toBeNull();
    expect(stockMessage(TEMPLATE, { inventoryQty: 50, tracksStock: true }, [], THEME)).toBeNull();
  });

  it('reads unit tags and keeps them off the shopper tag list', () => {
    expect(productUnit(['Unit: bottles'])).toBe('bottles');
    expect(productUnit(['unit:'])).toBeNull();
    expect(shopperTags(['Kitchen', 'unit:mugs'])).toEqual(['Kitchen']);
  });
});
