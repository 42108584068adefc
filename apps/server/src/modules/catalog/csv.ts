import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { restoreCsvCell } from '../../lib/csv-export.js';
import { badRequest } from '../../lib/errors.js';

/**
 * Reading a Shopify product CSV (the public format: Handle, Title, Body (HTML), Vendor, Type, Tags, Published,
 * Option1..3 Name/Value, Variant SKU, Variant Price, Variant Compare At Price, Variant Inventory Qty, Image Src,
 * Image Position, …; one row per variant or extra image, rows grouped by Handle) into product groups, streaming:
 * memory stays flat whatever the file size. Pure: no database here (see import.ts).
 */

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a file is read with, and the file-level warnings that come with it. */
export interface EncodingInfo {
  encoding: CsvEncoding;
  warnings: string[];
}

/**
 * Finds how to decode the file at `path`: a UTF-16 byte-order mark → UTF-16; valid UTF-8 (with or without BOM) →
 * UTF-8; otherwise Windows-1252 (what Excel writes on Windows) with a warning naming the first line that is not
 * UTF-8, so the merchant can check accented letters. Throws 400 'file: the CSV is empty' for an empty (or
 * blank) file and 400 for a binary file (NUL bytes outside UTF-16).
 */
export async function detectEncoding(path: string): Promise<EncodingInfo> {
  let first = true;
  let utf16: CsvEncoding | null = null;
  let blank = true;
  let line = 1;
  let badLine = 0;
  let nul = false;
  // UTF-8 validator state: continuation bytes still expected, and the allowed range of the next one.
  let need = 0;
  let lo = 0x80;
  let hi = 0xbf;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    let i = 0;
    if (first) {
      first = false;
      if (chunk[0] === 0xff && chunk[1] === 0xfe) utf16 = 'utf-16le';
      else if (chunk[0] === 0xfe && chunk[1] === 0xff) utf16 = 'utf-16be';
      else if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
      if (utf16) {
        blank = !chunk.subarray(2).some((b) => b !== 0 && b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
        if (!blank) break;
        continue;
      }
    }
    if (utf16) {
      if (chunk.some((b) => b !== 0 && b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09)) blank = false;
      if (!blank) break;
      continue;
    }
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0x0a) line += 1;
      if (b === 0) nul = true;
      if (blank && b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) blank = false;
      if (badLine) continue;
      if (need > 0) {
        if (b < lo || b > hi) {
          badLine = b === 0x0a ? line - 1 : line;
          need = 0;
          continue;
        }
        need -= 1;
        lo = 0x80;
        hi = 0xbf;
        continue;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) need = 1;
      else if (b >= 0xe0 && b <= 0xef) {
        need = 2;
        if (b === 0xe0) lo = 0xa0;
        if (b === 0xed) hi = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3;
        if (b === 0xf0) lo = 0x90;
        if (b === 0xf4) hi = 0x8f;
      } else badLine = line;
    }
  }
  if (need > 0 && !badLine) badLine = line;
  if (blank) throw badRequest('file: the CSV is empty');
  if (utf16) return { encoding: utf16, warnings: [] };
  if (nul) throw badRequest('file: this is not a text CSV file (it contains NUL bytes)');
  if (badLine) {
    return {
      encoding: 'windows-1252',
      warnings: [
        `file: not valid UTF-8 (first at line ${badLine}); it was read as Windows-1252 — check accented letters, or export the CSV as UTF-8`,
      ],
    };
  }
  return { encoding: 'utf-8', warnings: [] };
}

/** A Transform decoding bytes to text with `encoding` (chunk boundaries inside a character are handled). */
function decoder(encoding: CsvEncoding): Transform {
  const d = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, cb) {
      cb(null, d.decode(chunk, { stream: true }));
    },
    flush(cb) {
      cb(null, d.decode());
    },
  });
}

/** One parsed record: its 1-based start line and its cells by lower-cased header name. */
export interface CsvRow {
  line: number;
  cells: Map<string, string>;
}

/** A record the parser could not read (bad quoting), with its line. */
export interface CsvBadRecord {
  line: number;
  reason: string;
}

/** Header names of the Shopify product CSV that the importer reads (compared case-insensitively). */
export const COLUMNS = {
  handle: 'handle',
  title: 'title',
  body: 'body (html)',
  vendor: 'vendor',
  type: 'type',
  tags: 'tags',
  published: 'published',
  status: 'status',
  option1Name: 'option1 name',
  option1Value: 'option1 value',
  option2Name: 'option2 name',
  option2Value: 'option2 value',
  option3Name: 'option3 name',
  option3Value: 'option3 value',
  sku: 'variant sku',
  grams: 'variant grams',
  inventoryQty: 'variant inventory qty',
  price: 'variant price',
  compareAt: 'variant compare at price',
  requiresShipping: 'variant requires shipping',
  taxable: 'variant taxable',
  barcode: 'variant barcode',
  inventoryPolicy: 'variant inventory policy',
  weightUnit: 'variant weight unit',
  cost: 'cost per item',
  imageSrc: 'image src',
  imagePosition: 'image position',
  imageAlt: 'image alt text',
  variantImage: 'variant image',
  seoTitle: 'seo title',
  seoDescription: 'seo description',
  collection: 'collection',
} as const;

/**
 * Streams the records of a CSV file decoded with `encoding`. The first record is the header: it must have a
 * Handle column, else 400 naming it. Empty lines are skipped; a record with broken quoting is reported as a
 * CsvBadRecord and the rest of the file still parses.
 */
export async function* readCsvRows(path: string, encoding: CsvEncoding): AsyncGenerator<CsvRow | CsvBadRecord> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    // A stray quote inside a cell is kept as text (as spreadsheets do); only a quote never closed is an error.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  // csv-parse counts a CR and an LF inside a quoted cell as two lines: `excess` undoes that so line numbers
  // match the file (a CRLF is one line break).
  let excess = 0;
  const bad: CsvBadRecord[] = [];
  parser.on('skip', (err: Error & { code?: string; lines?: number }) => {
    const line = Math.max(1, (err.lines ?? 0) - excess);
    bad.push({
      line,
      reason:
        err.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `a quoted cell is never closed: the file could not be read past the last imported row (up to line ${line})`
          : `the line could not be read as CSV (${err.message.replace(/ at line \d+.*$/, '')})`,
    });
  });
  const source = createReadStream(path, { highWaterMark: 1 << 16 }).pipe(decoder(encoding));
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let header: string[] | null = null;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record, info } = item;
      let counted = 0;
      let breaks = 0;
      for (const cell of record) {
        for (let i = 0; i < cell.length; i++) {
          const c = cell.charCodeAt(i);
          if (c === 13) {
            counted += 1;
            breaks += 1;
            if (cell.charCodeAt(i + 1) === 10) {
              counted += 1;
              i += 1;
            }
          } else if (c === 10) {
            counted += 1;
            breaks += 1;
          }
        }
      }
      const line = info.lines - excess - counted;
      excess += counted - breaks;
      while (bad.length) yield bad.shift()!;
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        if (!header.includes(COLUMNS.handle)) {
          parser.destroy();
          source.destroy();
          throw badRequest(
            `file: the 'Handle' column is missing (line ${line} must be the header of a Shopify product CSV: Handle, Title, Body (HTML), Vendor, …)`,
          );
        }
        continue;
      }
      const cells = new Map<string, string>();
      header.forEach((h, i) => {
        // Our export quotes a formula-like cell ('=…); the import reads it back as the merchant typed it.
        if (!cells.has(h)) cells.set(h, restoreCsvCell(record[i] ?? ''));
      });
      yield { line, cells };
    }
  } finally {
    // A reader that stops early (the import's header check) must not leave the file open.
    parser.destroy();
    source.destroy();
  }
  while (bad.length) yield bad.shift()!;
  if (!header) throw badRequest('file: the CSV is empty');
}

/** Product-level fields of a group, from its first row with a Title (undefined = not given in the file). */
export interface ProductFields {
  title?: string;
  bodyHtml?: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  published?: boolean;
  /** active | draft | archived (Status column; else draft when Published is false). */
  status?: 'active' | 'draft' | 'archived';
  optionNames?: string[];
  seoTitle?: string;
  seoDescription?: string;
  collection?: string;
}

/** A variant row: option values identify it within its product. Money in cents; undefined = not given. */
export interface VariantInput {
  line: number;
  option1: string;
  option2: string | null;
  option3: string | null;
  sku?: string;
  priceCents?: number;
  compareAtPriceCents?: number | null;
  costCents?: number | null;
  inventoryQty?: number;
  inventoryPolicy?: 'deny' | 'continue';
  weightUnit?: 'g' | 'kg' | 'lb' | 'oz';
  grams?: number;
  requiresShipping?: boolean;
  taxable?: boolean;
  barcode?: string;
  imageUrl?: string;
}

/** A picture row (Image Src with its position and alt text). */
export interface ImageInput {
  line: number;
  url: string;
  position?: number;
  alt: string;
}

/** A rejected row and why. */
export interface RowRejection {
  line: number;
  handle: string | null;
  reason: string;
}

/** All accepted rows of one Handle, in file order. `firstLine` is the line of its first row. */
export interface ProductGroup {
  handle: string;
  firstLine: number;
  product: ProductFields;
  /** True when one of its rows carried a Title (needed to create the product). */
  hasTitle: boolean;
  variants: VariantInput[];
  images: ImageInput[];
}

const PRICE = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/**
 * A price in major units ("42.99", "1,299.00", "50") → integer cents, rounded half up past 2 decimals.
 * Throws the rejection reason ("Variant Price: 'abc' is not a price") otherwise.
 */
export function parsePriceCents(raw: string, label = 'Variant Price'): number {
  const v = raw.trim().replace(/^\$/, '');
  if (v.startsWith('-')) throw new Error(`${label}: '${raw}' must not be negative`);
  if (!PRICE.test(v)) throw new Error(`${label}: '${raw}' is not a price`);
  const [int, frac = ''] = v.replaceAll(',', '').split('.');
  const cents = Number(int) * 100 + Number(`${frac}00`.slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents) || cents > 2_000_000_000) throw new Error(`${label}: '${raw}' is too large`);
  return cents;
}

/** "true"/"false" (also TRUE, yes/no, 1/0) → boolean; '' → undefined; anything else throws the reason. */
export function parseBool(raw: string, label: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (v === 'true' || v === 'yes' || v === '1') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  throw new Error(`${label}: '${raw}' must be true or false`);
}

function parseInteger(raw: string, label: string, o: { min?: number; round?: boolean } = {}): number | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (!(o.round ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/).test(v)) throw new Error(`${label}: '${raw}' is not a whole number`);
  const n = Math.round(Number(v));
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2_000_000_000) throw new Error(`${label}: '${raw}' is too large`);
  if (o.min !== undefined && n < o.min) throw new Error(`${label}: '${raw}' must be ${o.min} or more`);
  return n;
}

const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

function httpUrl(raw: string, label: string): string {
  const v = raw.trim();
  let u: URL;
  try {
    u = new URL(v.startsWith('//') ? `https:${v}` : v);
  } catch {
    throw new Error(`${label}: '${raw}' is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${label}: '${raw}' must be an http(s) URL`);
  return u.toString();
}

/** One row read into its parts, or the reason it is rejected. */
type ParsedRow =
  | { ok: true; handle: string; product: ProductFields | null; variant: VariantInput | null; image: ImageInput | null }
  | { ok: false; handle: string | null; reason: string };

/**
 * Reads one CSV row: the Handle (required, letters/digits/-/_), the product columns when the row has a Title,
 * a variant when it has an Option1 Value, a Variant SKU or a Variant Price, and a picture when it has an Image
 * Src. Every value is checked (prices, whole numbers, booleans, URLs); the first bad one rejects the row.
 */
export function parseRow(row: CsvRow): ParsedRow {
  const get = (k: string) => (row.cells.get(k) ?? '').trim();
  const has = (k: string) => row.cells.has(k);
  const rawHandle = get(COLUMNS.handle);
  if (!rawHandle) return { ok: false, handle: null, reason: 'Handle: is required' };
  const handle = rawHandle.toLowerCase();
  if (handle.length > 255) return { ok: false, handle, reason: 'Handle: must be at most 255 characters' };
  if (!HANDLE.test(handle)) return { ok: false, handle, reason: `Handle: '${rawHandle}' may only contain letters, digits, '-' and '_'` };
  try {
    let product: ProductFields | null = null;
    const title = get(COLUMNS.title);
    if (title) {
      if (title.length > 255) throw new Error('Title: must be at most 255 characters');
      let published = has(COLUMNS.published) ? parseBool(get(COLUMNS.published), 'Published') : undefined;
      const status = get(COLUMNS.status).toLowerCase();
      if (status && !['active', 'draft', 'archived'].includes(status))
        throw new Error(`Status: '${get(COLUMNS.status)}' must be active, draft or archived`);
      if (status === 'draft' || status === 'archived') published = false;
      const productStatus = (status || (published === false ? 'draft' : published === true ? 'active' : '')) as
        | ProductFields['status']
        | '';
      const optionNames = [get(COLUMNS.option1Name), get(COLUMNS.option2Name), get(COLUMNS.option3Name)];
      while (optionNames.length && !optionNames[optionNames.length - 1]) optionNames.pop();
      product = {
        title,
        bodyHtml: has(COLUMNS.body) ? (row.cells.get(COLUMNS.body) ?? '') : undefined,
        vendor: has(COLUMNS.vendor) ? get(COLUMNS.vendor) : undefined,
        productType: has(COLUMNS.type) ? get(COLUMNS.type) : undefined,
        tags: has(COLUMNS.tags)
          ? [
              ...new Set(
                get(COLUMNS.tags)
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              ),
            ]
          : undefined,
        published,
        status: productStatus || undefined,
        optionNames: optionNames.length
          ? optionNames.map((n, i) => n || `Option${i + 1}`)
          : has(COLUMNS.option1Name)
            ? ['Title']
            : undefined,
        seoTitle: get(COLUMNS.seoTitle) || undefined,
        seoDescription: get(COLUMNS.seoDescription) || undefined,
        collection: get(COLUMNS.collection) || undefined,
      };
    }
    let variant: VariantInput | null = null;
    const o1 = get(COLUMNS.option1Value);
    const price = get(COLUMNS.price);
    const sku = get(COLUMNS.sku);
    if (o1 || price || sku) {
      const compare = get(COLUMNS.compareAt);
      const cost = get(COLUMNS.cost);
      const policy = get(COLUMNS.inventoryPolicy).toLowerCase();
      if (policy && policy !== 'deny' && policy !== 'continue')
        throw new Error(`Variant Inventory Policy: '${get(COLUMNS.inventoryPolicy)}' must be deny or continue`);
      const unit = get(COLUMNS.weightUnit).toLowerCase();
      if (unit && !['g', 'kg', 'lb', 'oz'].includes(unit))
        throw new Error(`Variant Weight Unit: '${get(COLUMNS.weightUnit)}' must be g, kg, lb or oz`);
      variant = {
        line: row.line,
        option1: o1 || 'Default Title',
        option2: get(COLUMNS.option2Value) || null,
        option3: get(COLUMNS.option3Value) || null,
        sku: has(COLUMNS.sku) ? sku : undefined,
        priceCents: price ? parsePriceCents(price) : undefined,
        compareAtPriceCents: has(COLUMNS.compareAt) ? (compare ? parsePriceCents(compare, 'Variant Compare At Price') : null) : undefined,
        costCents: has(COLUMNS.cost) ? (cost ? parsePriceCents(cost, 'Cost per item') : null) : undefined,
        inventoryQty: parseInteger(get(COLUMNS.inventoryQty), 'Variant Inventory Qty'),
        inventoryPolicy: (policy || undefined) as VariantInput['inventoryPolicy'],
        weightUnit: (unit || undefined) as VariantInput['weightUnit'],
        grams: parseInteger(get(COLUMNS.grams), 'Variant Grams', { min: 0, round: true }),
        requiresShipping: parseBool(get(COLUMNS.requiresShipping), 'Variant Requires Shipping'),
        taxable: parseBool(get(COLUMNS.taxable), 'Variant Taxable'),
        barcode: get(COLUMNS.barcode) || undefined,
        imageUrl: get(COLUMNS.variantImage) ? httpUrl(get(COLUMNS.variantImage), 'Variant Image') : undefined,
      };
      if (variant.compareAtPriceCents === 0) variant.compareAtPriceCents = null;
    }
    let image: ImageInput | null = null;
    const src = get(COLUMNS.imageSrc);
    if (src) {
      image = {
        line: row.line,
        url: httpUrl(src, 'Image Src'),
        position: parseInteger(get(COLUMNS.imagePosition), 'Image Position', { min: 1 }),
        alt: get(COLUMNS.imageAlt),
      };
    }
    if (!product && !variant && !image) {
      return { ok: false, handle, reason: 'the row has no Title, variant (Option1 Value, Variant SKU, Variant Price) or Image Src' };
    }
    return { ok: true, handle, product, variant, image };
  } catch (e) {
    return { ok: false, handle, reason: (e as Error).message };
  }
}

/**
 * Groups the rows of a CSV by Handle (Shopify writes a product's rows together), yielding each group when the
 * Handle changes, with the rows rejected on the way (bad values, unreadable quoting). Within a group the first
 * row with a Title gives the product fields; every variant and picture row is kept in file order. `stats.rows`
 * counts the data records read. Whether a group may create or update a product is the importer's call.
 */
export async function* groupRows(
  rows: AsyncIterable<CsvRow | CsvBadRecord>,
  stats: { rows: number },
): AsyncGenerator<{ group: ProductGroup | null; rejected: RowRejection[] }> {
  let current: ProductGroup | null = null;
  let rejected: RowRejection[] = [];
  for await (const r of rows) {
    stats.rows += 1;
    if (!('cells' in r)) {
      rejected.push({ line: r.line, handle: null, reason: r.reason });
      continue;
    }
    const p = parseRow(r);
    if (!p.ok) {
      rejected.push({ line: r.line, handle: p.handle, reason: p.reason });
      continue;
    }
    if (current && current.handle !== p.handle) {
      yield { group: current, rejected };
      rejected = [];
      current = null;
    }
    if (!current) current = { handle: p.handle, firstLine: r.line, product: {}, hasTitle: false, variants: [], images: [] };
    if (p.product && !current.hasTitle) {
      current.product = p.product;
      current.hasTitle = true;
    }
    if (p.variant) current.variants.push(p.variant);
    if (p.image) current.images.push(p.image);
  }
  if (current || rejected.length) yield { group: current, rejected };
}
