import type { ProductSummary } from '@backroom/contracts';
import type { FileRejection } from '@mantine/dropzone';
import { formatMoneyMajor } from '../../lib/format';
import { currencySign } from '../../lib/session';

/**
 * The price cell of a product (spec admin-dashboard §9 money: sign and 2 decimals, thousands separators): one
 * price when every variant costs the same, e.g. `$50.00`, else the range `$10.00 – $1,250.50`. `priceMin` and
 * `priceMax` are major units of `currency` (an ISO 4217 code; its en-US sign, e.g. USD → '$').
 */
export function formatPriceRange(p: Pick<ProductSummary, 'priceMin' | 'priceMax' | 'currency'>): string {
  const currency = { sign: currencySign(p.currency), code: p.currency };
  const min = formatMoneyMajor(p.priceMin, currency);
  const max = formatMoneyMajor(p.priceMax, currency);
  return min === max ? min : `${min} – ${max}`;
}

/** The status badge text of a product (Shopify's statuses): 'Active', 'Draft' or 'Archived'. */
export function productStatus(p: Pick<ProductSummary, 'status'>): 'Active' | 'Draft' | 'Archived' {
  return p.status === 'active' ? 'Active' : p.status === 'archived' ? 'Archived' : 'Draft';
}

/** A variants count as '1 variant' / '3 variants'. */
export function variantsLabel(n: number): string {
  return `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? 'variant' : 'variants'}`;
}

/** A file size in words: '512 B', '7.3 KB', '1.5 MB', '60 MB' (1 KB = 1024 bytes, one decimal unless whole). */
export function formatFileSize(bytes: number): string {
  const one = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  if (bytes < 1024) return `${bytes} B`;
  if (one(bytes / 1024) !== '1024.0' && bytes < 1024 * 1024) return `${one(bytes / 1024)} KB`;
  return `${one(bytes / (1024 * 1024))} MB`;
}

/**
 * Why the dropzone refused a file, in words (react-dropzone error codes): `file-invalid-type` → 'x.pdf is not a
 * CSV file', `file-too-large` → 'x.csv is 61.2 MB: the limit is 60 MB', `too-many-files` → 'Drop one CSV file at a
 * time'. `maxBytes` is the size limit in bytes. One text per refused file (the first error of each).
 */
export function rejectionMessages(rejections: readonly FileRejection[], maxBytes: number): string[] {
  if (rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) return ['Drop one CSV file at a time'];
  return rejections.map(({ file, errors }) => {
    const code = errors[0]?.code;
    if (code === 'file-invalid-type') return `${file.name} is not a CSV file: choose a .csv file exported from Shopify`;
    if (code === 'file-too-large') return `${file.name} is ${formatFileSize(file.size)}: the limit is ${formatFileSize(maxBytes)}`;
    return `${file.name}: ${errors[0]?.message ?? 'this file cannot be imported'}`;
  });
}

/**
 * The address query of a list state: empty search, page 1 and absent filters are left out, so the plain address is
 * the first page of everything.
 */
export function writeProductsSearch(q: { search: string; page: number } & object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) {
    if (k === 'page' ? typeof v === 'number' && v > 1 : typeof v === 'string' && v !== '') out[k] = v as string | number;
  }
  return out;
}
