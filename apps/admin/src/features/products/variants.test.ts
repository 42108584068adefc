import { describe, expect, it } from 'vitest';
import { blankVariant, combinationCount, toBody, variantMatrix } from './variants';

describe('variantMatrix (issue 13: options → variants, ≤ 100)', () => {
  const sizes = { name: 'Size', values: ['S', 'M', 'L', 'XL'] };
  const colours = { name: 'Colour', values: ['Black', 'Grey', 'Green'] };

  it('gives every combination in option order, new rows copying the first row’s price and cost', () => {
    const rows = variantMatrix([sizes, colours], [blankVariant({ price: 49, cost: 18.5 })])!;
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => `${r.option1}/${r.option2}`).slice(0, 4)).toEqual(['S/Black', 'S/Grey', 'S/Green', 'M/Black']);
    expect(rows.every((r) => r.price === 49 && r.cost === 18.5 && r.inventoryQuantity === 0)).toBe(true);
  });

  it('keeps a row (id, price, stock) whose combination still exists, drops the others', () => {
    const first = variantMatrix([sizes, colours], [blankVariant({ price: 49 })])!;
    first[4] = { ...first[4]!, id: 'kept', price: 60, inventoryQuantity: 7 };
    const next = variantMatrix([{ name: 'Size', values: ['M'] }, colours], first)!;
    expect(next).toHaveLength(3);
    expect(next[1]).toMatchObject({ id: 'kept', option1: 'M', option2: 'Grey', price: 60, inventoryQuantity: 7 });
  });

  it('refuses more than 100 combinations (null) and counts them', () => {
    const many = { name: 'N', values: Array.from({ length: 11 }, (_, i) => `n${i}`) };
    const more = { name: 'M', values: Array.from({ length: 10 }, (_, i) => `m${i}`) };
    expect(combinationCount([many, more])).toBe(110);
    expect(variantMatrix([many, more], [blankVariant()])).toBeNull();
    expect(variantMatrix([many, { ...more, values: more.values.slice(0, 9) }], [blankVariant()])).toHaveLength(99);
  });

  it('without options: one Default Title variant; toBody leaves an empty handle out and nulls empty SEO texts', () => {
    expect(variantMatrix([], [blankVariant({ option1: 'S', price: 5 })])).toEqual([blankVariant({ price: 5 })]);
    const body = toBody({
      title: 'Mug',
      handle: ' ',
      bodyHtml: '',
      status: 'draft',
      vendor: '',
      productType: '',
      tags: [],
      seoTitle: '',
      seoDescription: '',
      options: [],
      variants: [blankVariant({ price: 5, barcode: '' })],
      images: [],
    });
    expect(body.handle).toBeUndefined();
    expect(body.seoTitle).toBeNull();
    expect(body.variants[0]).toMatchObject({ option1: null, price: 5, barcode: null });
  });
});
