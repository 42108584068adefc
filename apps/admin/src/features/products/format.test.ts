import type { FileRejection } from '@mantine/dropzone';
import { describe, expect, it } from 'vitest';
import { PRODUCTS_SEARCH, readProductsSearch } from '../../route-search';
import { formatFileSize, formatPriceRange, productStatus, rejectionMessages, variantsLabel, writeProductsSearch } from './format';

describe('formatPriceRange (money: sign and 2 decimals)', () => {
  it('one price when min equals max', () => {
    expect(formatPriceRange({ priceMin: 50, priceMax: 50, currency: 'USD' })).toBe('$50.00');
    expect(formatPriceRange({ priceMin: 0, priceMax: 0, currency: 'USD' })).toBe('$0.00');
  });
  it('the range with thousands separators otherwise', () => {
    expect(formatPriceRange({ priceMin: 10, priceMax: 1250.5, currency: 'USD' })).toBe('$10.00 – $1,250.50');
  });
  it('rounds to 2 decimals: prices that round equal show once', () => {
    expect(formatPriceRange({ priceMin: 9.994, priceMax: 9.995, currency: 'USD' })).toBe('$9.99 – $10.00');
    expect(formatPriceRange({ priceMin: 9.991, priceMax: 9.994, currency: 'USD' })).toBe('$9.99');
  });
  it('uses the sign of the product currency', () => {
    expect(formatPriceRange({ priceMin: 5, priceMax: 7, currency: 'EUR' })).toBe('€5.00 – €7.00');
  });
});

describe('labels', () => {
  it('status: Active when published, else Draft', () => {
    expect(productStatus({ status: 'active' })).toBe('Active');
    expect(productStatus({ status: 'draft' })).toBe('Draft');
    expect(productStatus({ status: 'archived' })).toBe('Archived');
  });
  it('variants: singular for one', () => {
    expect(variantsLabel(1)).toBe('1 variant');
    expect(variantsLabel(0)).toBe('0 variants');
    expect(variantsLabel(1200)).toBe('1,200 variants');
  });
  it('file sizes at the unit boundaries', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(7515)).toBe('7.3 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatFileSize(1024 * 1023.9)).toBe('1023.9 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(60 * 1024 * 1024)).toBe('60 MB');
    expect(formatFileSize(60 * 1024 * 1024 + 1)).toBe('60.0 MB');
    expect(formatFileSize(64172851)).toBe('61.2 MB');
  });
});

/** A refused file of `size` bytes (the size is set on the File, which holds one byte). */
function refused(name: string, size: number, code: string, message = code): FileRejection {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return { file, errors: [{ code, message }] } as unknown as FileRejection;
}

describe('rejectionMessages (dropzone refusals in words)', () => {
  const MAX = 60 * 1024 * 1024;
  it('names a file of the wrong type', () => {
    expect(rejectionMessages([refused('photo.png', 10, 'file-invalid-type')], MAX)).toEqual([
      'photo.png is not a CSV file: choose a .csv file exported from Shopify',
    ]);
  });
  it('names the size of a file over 60 MB and the limit', () => {
    expect(rejectionMessages([refused('big.csv', 64172851, 'file-too-large')], MAX)).toEqual(['big.csv is 61.2 MB: the limit is 60 MB']);
  });
  it('asks for one file when several were dropped', () => {
    expect(rejectionMessages([refused('a.csv', 1, 'too-many-files'), refused('b.csv', 1, 'too-many-files')], MAX)).toEqual([
      'Drop one CSV file at a time',
    ]);
  });
  it('passes any other reason through', () => {
    expect(rejectionMessages([refused('a.csv', 1, 'custom', 'Odd file')], MAX)).toEqual(['a.csv: Odd file']);
  });
});

describe('the address query of the products list', () => {
  it('reads search and page (route-search.ts PRODUCTS_SEARCH), with defaults and the router’s number parsing', () => {
    expect(readProductsSearch(PRODUCTS_SEARCH.parse({}))).toEqual({ search: '', page: 1 });
    expect(readProductsSearch(PRODUCTS_SEARCH.parse({ search: '  shirt ', page: 3 }))).toEqual({ search: 'shirt', page: 3 });
    expect(readProductsSearch(PRODUCTS_SEARCH.parse({ search: 123, page: '2' }))).toEqual({ search: '123', page: 2 });
  });
  it('refuses pages that are not whole numbers ≥ 1', () => {
    for (const page of [0, -1, 1.5, 'x', null, true]) expect(readProductsSearch(PRODUCTS_SEARCH.parse({ page })).page).toBe(1);
  });
  it('writes only what differs from the first page of everything', () => {
    expect(writeProductsSearch({ search: '', page: 1 })).toEqual({});
    expect(writeProductsSearch({ search: 'tee', page: 1 })).toEqual({ search: 'tee' });
    expect(writeProductsSearch({ search: '', page: 4 })).toEqual({ page: 4 });
    const filters: { status?: string; vendor?: string; stock?: string } = { status: 'draft', vendor: '', stock: undefined };
    expect(writeProductsSearch({ search: '', page: 1, ...filters })).toEqual({ status: 'draft' });
  });
});
