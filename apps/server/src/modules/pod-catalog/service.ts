import type { AddBaseProductBody, BaseCatalogQuery, BaseProduct, Product, ProductCreateBody } from '@backroom/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { productBases, products } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { createProduct } from '../catalog/index.js';
import type { StockActor } from '../inventory/index.js';
import { type MediaStorage, saveUpload } from '../media/index.js';
import { BASE_PRODUCT_DEFS, type BaseProductDef, withPixels } from './base-products.js';
import { areaOnMockup, mockupSvg } from './mockups.js';

/** Tag put on every shop product made from the base catalogue (the product list can filter by it). */
export const POD_TAG = 'print-on-demand';

/** A base product as the admin API answers it (major units), with how many products of this shop were made from it. */
function toBaseProduct(d: BaseProductDef, inShop: number): BaseProduct {
  return {
    id: d.id,
    title: d.title,
    category: d.category,
    brand: d.brand,
    description: d.description,
    technique: d.technique,
    provider: d.provider,
    productionDays: d.productionDays,
    baseCost: majorFromCents(d.baseCostCents),
    suggestedPrice: majorFromCents(d.suggestedPriceCents),
    sizes: d.sizes.map((s) => ({ name: s.name, extraCost: majorFromCents(s.extraCents) })),
    colors: d.colors,
    printAreas: d.printAreas.map((a) => ({ ...withPixels(a), mockup: areaOnMockup(d.id, a.at) })),
    book: d.book ?? null,
    imageSrc: `/base-catalog/${d.id}.svg`,
    inShop,
  };
}

/** How many products of the store were made from each base product. */
async function usage(db: Db, storeId: string): Promise<Map<string, number>> {
  const r = await db
    .select({ id: productBases.baseProductId, n: sql<number>`count(*)::int` })
    .from(productBases)
    .where(eq(productBases.storeId, storeId))
    .groupBy(productBases.baseProductId);
  return new Map(r.map((x) => [x.id, Number(x.n)]));
}

/**
 * GET /api/catalog/base-products: the base catalogue in its declared order, filtered by exact `category` and by a
 * case-insensitive `search` in title, brand or category; `categories` lists every category once, in catalogue order.
 */
export async function listBaseProducts(db: Db, storeId: string, q: BaseCatalogQuery) {
  const used = await usage(db, storeId);
  const needle = q.search?.trim().toLowerCase();
  const list = BASE_PRODUCT_DEFS.filter(
    (d) => (!q.category || d.category === q.category) && (!needle || `${d.title} ${d.brand} ${d.category}`.toLowerCase().includes(needle)),
  ).map((d) => toBaseProduct(d, used.get(d.id) ?? 0));
  return { products: list, categories: [...new Set(BASE_PRODUCT_DEFS.map((d) => d.category))] };
}

function defOf(id: string): BaseProductDef {
  const d = BASE_PRODUCT_DEFS.find((x) => x.id === id);
  if (!d) throw notFound('Base product');
  return d;
}

/**
 * The mockup of a base product as SVG (GET /base-catalog/{id}.svg?color&plain); 404 for an unknown id or a colour
 * the product does not come in. `color`: one of its colour names (case-insensitive; default its first colour);
 * `plain`: without the dashed print area (the design editors' live mockup, issue 19 item 3).
 */
export function baseProductMockup(id: string, o: { color?: string; plain?: boolean } = {}): string {
  const d = defOf(id);
  const color = o.color ? d.colors.find((c) => c.name.toLowerCase() === o.color?.toLowerCase()) : d.colors[0];
  if (!color) throw notFound('Colour');
  return mockupSvg(d, color.hex, { markArea: !o.plain });
}

/** GET /api/catalog/base-products/{id}: one base product (404 for an unknown id). */
export async function getBaseProduct(db: Db, storeId: string, id: string): Promise<BaseProduct> {
  const d = defOf(id);
  return toBaseProduct(d, (await usage(db, storeId)).get(id) ?? 0);
}

/** The chosen names in the base product's order; 400 `{field}: '{x}' is not a {what} of {title}` for a foreign one. */
function pick<T extends { name: string }>(all: T[], chosen: string[] | undefined, field: string, what: string, title: string): T[] {
  if (!chosen) return all;
  for (const c of chosen) {
    if (!all.some((x) => x.name === c)) throw badRequest(`body.${field}: '${c}' is not a ${what} of ${title}`);
  }
  return all.filter((x) => chosen.includes(x.name));
}

/** 'Sport Grey' → 'SPORT-GREY' for SKUs. */
const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * POST /api/catalog/base-products/{id}/products (issue 13 item 10 "add to the shop with one click"): creates a DRAFT
 * product of the store from a base product. Options Size and Color
 * (only those with more than one value chosen), one variant per size × colour, each with price = `price` (default
 * the suggested retail price) + the size's extra cost, cost per item = base cost + the size's extra cost, SKU
 * `{BASE}-{COLOR}-{SIZE}`, policy `continue` (made to order) and stock 0; body = the base description; type = the
 * category; tag `print-on-demand`; its picture = the base item's mockup (mockups.ts) in the first chosen colour, rendered to an image and stored
 * in the shop's uploads like a merchant's own upload (so the storefront, the feed and the CSV export use it). The
 * `product_bases` link is written with it (the draft is removed when that fails). 400 for a size or colour the base
 * product does not offer; 404 unknown base id.
 */
export async function addBaseProduct(
  db: Db,
  storage: MediaStorage,
  storeId: string,
  actor: StockActor,
  id: string,
  body: AddBaseProductBody,
): Promise<Product> {
  const d = defOf(id);
  const sizes = pick(d.sizes, body.sizes, 'sizes', 'size', d.title);
  const colors = pick(d.colors, body.colors, 'colors', 'colour', d.title);
  const priceCents = body.price !== undefined ? centsFromMajor(body.price) : d.suggestedPriceCents;
  const options: { name: string; values: string[] }[] = [];
  if (sizes.length > 1) options.push({ name: 'Size', values: sizes.map((s) => s.name) });
  if (colors.length > 1) options.push({ name: 'Color', values: colors.map((c) => c.name) });
  const variants: ProductCreateBody['variants'] = [];
  for (const c of colors) {
    for (const s of sizes) {
      const values = [sizes.length > 1 ? s.name : null, colors.length > 1 ? c.name : null].filter((x): x is string => x !== null);
      variants.push({
        option1: values[0] ?? null,
        option2: values[1] ?? null,
        price: majorFromCents(priceCents + s.extraCents),
        cost: majorFromCents(d.baseCostCents + s.extraCents),
        sku: [skuPart(d.id), skuPart(c.name), skuPart(s.name)].join('-'),
        inventoryQuantity: 0,
        inventoryPolicy: 'continue',
      });
    }
  }
  // createProduct runs its own transaction and reads the product back with parallel queries, which must not share
  // one client inside an outer transaction; so the link is written right after, and the product removed again if
  // that fails (nothing else can have seen a draft in between).
  const picture = await saveUpload(
    db,
    storage,
    storeId,
    await sharp(Buffer.from(mockupSvg(d)))
      .png()
      .toBuffer(),
  );
  const product = await createProduct(db, storeId, actor, {
    title: body.title ?? d.title,
    images: [{ src: picture.src, alt: `${body.title ?? d.title} mockup` }],
    bodyHtml: `<p>${d.description}</p>`,
    status: 'draft',
    productType: d.category,
    tags: [POD_TAG],
    options,
    variants,
  });
  try {
    await db.insert(productBases).values({ productId: product.id, storeId, baseProductId: d.id });
  } catch (err) {
    await db.delete(products).where(and(eq(products.storeId, storeId), eq(products.id, product.id)));
    throw err;
  }
  return product;
}

/** The base product a store's product was made from (issue 19's editors read its print areas), or null. */
export async function baseOfProduct(db: Db, storeId: string, productId: string): Promise<BaseProduct | null> {
  const [row] = await db
    .select({ id: productBases.baseProductId })
    .from(productBases)
    .where(and(eq(productBases.storeId, storeId), eq(productBases.productId, productId)));
  return row ? getBaseProduct(db, storeId, row.id) : null;
}
