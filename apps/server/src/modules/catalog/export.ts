import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { csvStream } from '../../lib/csv-export.js';

/**
 * `GET /api/products/export` (issue 13 item 1): the store's catalog as a Shopify product CSV — the very columns
 * the import reads (csv.ts COLUMNS), so export → import into another shop is a round trip: same products (handle,
 * title, HTML, vendor, type, tags, status, SEO), variants (option values, price, compare-at price, cost, SKU,
 * barcode, grams, stock, policy) and pictures in the same order with their alt text. Shopify's layout: the first
 * row of a product carries its fields, its first variant and first picture; further rows carry one variant and/or
 * one picture each, with only the Handle repeated. Prices are written in major units with 2 decimals. A picture
 * stored in the shop (`/uploads/…`) is written as an absolute URL on `origin` (the admin origin, which serves
 * every shop's files), so the other shop's import can fetch it. Products are written A→Z by handle, 200 at a time.
 * Text cells that start like a formula get a leading quote (lib/csv-export.ts) which the import drops again;
 * prices, quantities and grams are plain numbers and are written as they are.
 */

/** The header of the exported file (Shopify's product CSV, plus Cost per item and Status as Shopify writes them today). */
export const EXPORT_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Cost per item',
  'Status',
] as const;

type Cells = Partial<Record<(typeof EXPORT_HEADER)[number], string>>;

/** Integer cents → "19.99". */
const money = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

interface ExportProduct {
  id: string;
  handle: string;
  title: string;
  body_html: string;
  vendor: string;
  product_type: string;
  tags: string[];
  published: boolean;
  status: string;
  option_names: string[];
  seo_title: string | null;
  seo_description: string | null;
}
interface ExportVariant {
  product_id: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  grams: number;
  inventory_qty: number;
  inventory_policy: string;
  price_cents: number;
  compare_at_price_cents: number | null;
  cost_cents: number | null;
  requires_shipping: boolean;
  taxable: boolean;
  barcode: string | null;
  image_src: string | null;
  weight_unit: string;
}
interface ExportImage {
  product_id: string;
  src: string;
  alt: string;
}

/** The rows of one product, Shopify's layout (see the module comment). */
function productRows(p: ExportProduct, variants: ExportVariant[], images: ExportImage[], url: (src: string) => string): Cells[] {
  const names = p.option_names;
  const out: Cells[] = [];
  const n = Math.max(variants.length, images.length, 1);
  for (let i = 0; i < n; i++) {
    const row: Cells = { Handle: p.handle };
    if (i === 0) {
      Object.assign(row, {
        Title: p.title,
        'Body (HTML)': p.body_html,
        Vendor: p.vendor,
        Type: p.product_type,
        Tags: p.tags.join(', '),
        Published: p.published ? 'true' : 'false',
        'Option1 Name': names[0] ?? '',
        'Option2 Name': names[1] ?? '',
        'Option3 Name': names[2] ?? '',
        'SEO Title': p.seo_title ?? '',
        'SEO Description': p.seo_description ?? '',
        Status: p.status,
      });
    }
    const v = variants[i];
    if (v) {
      Object.assign(row, {
        'Option1 Value': v.option1 ?? '',
        'Option2 Value': v.option2 ?? '',
        'Option3 Value': v.option3 ?? '',
        'Variant SKU': v.sku,
        'Variant Grams': String(v.grams),
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': String(v.inventory_qty),
        'Variant Inventory Policy': v.inventory_policy,
        'Variant Fulfillment Service': 'manual',
        'Variant Price': money(v.price_cents),
        'Variant Compare At Price': money(v.compare_at_price_cents),
        'Variant Requires Shipping': v.requires_shipping ? 'true' : 'false',
        'Variant Taxable': v.taxable ? 'true' : 'false',
        'Variant Barcode': v.barcode ?? '',
        'Variant Image': v.image_src ? url(v.image_src) : '',
        'Variant Weight Unit': v.weight_unit,
        'Cost per item': money(v.cost_cents),
      });
    }
    const img = images[i];
    if (img) Object.assign(row, { 'Image Src': url(img.src), 'Image Position': String(i + 1), 'Image Alt Text': img.alt });
    out.push(row);
  }
  return out;
}

/** Products read per query while exporting. */
const PAGE = 200;

/** Streams the store's catalog as CSV text (see the module comment); `origin` makes `/uploads/…` absolute. */
export function exportProductsCsv(db: Db, storeId: string, origin: string): Readable {
  const url = (src: string) => (src.startsWith('/') ? `${origin.replace(/\/$/, '')}${src}` : src);
  async function* records() {
    yield [...EXPORT_HEADER];
    let after = '';
    for (;;) {
      const list = await rows<ExportProduct>(
        db,
        sql`select id, handle, title, body_html, vendor, product_type, tags, published, status, option_names, seo_title, seo_description
            from products where store_id = ${storeId}::uuid and handle > ${after} order by handle limit ${PAGE}`,
      );
      if (!list.length) return;
      const ids = sql.join(
        list.map((p) => sql`${p.id}::uuid`),
        sql`, `,
      );
      const [variants, images] = await Promise.all([
        rows<ExportVariant>(
          db,
          sql`select product_id, option1, option2, option3, sku, grams, inventory_qty, inventory_policy, price_cents,
                     compare_at_price_cents, cost_cents, requires_shipping, taxable, barcode, image_src, weight_unit
              from product_variants where product_id in (${ids}) order by position, id`,
        ),
        rows<ExportImage>(db, sql`select product_id, src, alt from product_images where product_id in (${ids}) order by position, id`),
      ]);
      for (const p of list) {
        const mine = variants.filter((v) => v.product_id === p.id);
        const pics = images.filter((i) => i.product_id === p.id);
        for (const r of productRows(p, mine, pics, url)) yield EXPORT_HEADER.map((h) => r[h] ?? '');
      }
      after = list[list.length - 1]!.handle;
    }
  }
  return Readable.from(records()).pipe(csvStream());
}
