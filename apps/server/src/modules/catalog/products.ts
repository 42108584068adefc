import {
  type BulkVariantPatch,
  GRAMS_PER_UNIT,
  type Product,
  type ProductBulkBody,
  type ProductBulkResponse,
  type ProductCreateBody,
  type ProductStatus,
  type ProductUpdateBody,
  type VariantInput,
  type WeightUnit,
} from '@backroom/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { productImages, products, productVariants } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { pictureExists } from '../../lib/paths.js';
import { syncAutomatedCollections } from '../collections/index.js';
import { logStockChanges, type StockActor, type StockChange } from '../inventory/index.js';

/**
 * Products with their variants and images (issue 13 item 1, routes website.products.create / .update, scope
 * `products`), in Shopify's vocabulary. Every function takes the session's store: a product of another store is
 * answered 404 as if absent. Money: the API speaks major units, the tables cents (converted here, once, with
 * lib/money.ts). Stock changes made by an edit are logged in the inventory history (reason 'product_edit').
 */

type VariantRow = typeof productVariants.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** "Black / M" from option values; "Default Title" without any (Shopify). */
export const variantTitle = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  [v.option1, v.option2, v.option3].filter(Boolean).join(' / ') || 'Default Title';

/** A handle from a title: lower case, accents dropped, anything else than a letter or digit → '-' (Shopify). */
export function handleFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 240) || 'product'
  );
}

/** Weight in a unit → whole grams. */
const gramsOf = (weight: number, unit: WeightUnit) => Math.round(weight * GRAMS_PER_UNIT[unit]);
/** Grams → weight in a unit, 2 decimals. */
const weightIn = (grams: number, unit: string) => Math.round((grams / (GRAMS_PER_UNIT[unit as WeightUnit] ?? 1000)) * 100) / 100;

/** The options of a product from its stored option names and its variants' values, in first-seen order. */
function optionsOf(p: ProductRow, variants: VariantRow[]): Product['options'] {
  const names =
    p.optionNames.length === 1 && p.optionNames[0] === 'Title' && variants.every((v) => v.option1 === 'Default Title') ? [] : p.optionNames;
  return names.map((name, i) => {
    const key = `option${i + 1}` as 'option1' | 'option2' | 'option3';
    const values: string[] = [];
    for (const v of variants) {
      const value = v[key];
      if (value && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}

/** A stored variant as the API answers it. */
function variantOut(v: VariantRow): Product['variants'][number] {
  return {
    id: v.id,
    title: variantTitle(v),
    position: v.position,
    option1: v.option1,
    option2: v.option2,
    option3: v.option3,
    price: majorFromCents(v.priceCents),
    compareAtPrice: v.compareAtPriceCents == null ? null : majorFromCents(v.compareAtPriceCents),
    cost: v.costCents == null ? null : majorFromCents(v.costCents),
    sku: v.sku,
    barcode: v.barcode,
    weight: weightIn(v.grams, v.weightUnit),
    weightUnit: v.weightUnit as WeightUnit,
    inventoryQuantity: v.inventoryQty,
    inventoryPolicy: v.inventoryPolicy as 'deny' | 'continue',
    requiresShipping: v.requiresShipping,
    taxable: v.taxable,
    imageSrc: v.imageSrc,
  };
}

/**
 * GET /api/products/{id}: the product with variants (by position), images (by position), collections and the
 * store currency. 404 'Product not found' when it is not a product of `storeId`.
 */
export async function getProduct(db: Db, storeId: string, id: string): Promise<Product> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.storeId, storeId)));
  if (!p) throw notFound('Product');
  const [variants, images, cols, [store]] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
    rows<{ id: string; title: string; handle: string }>(
      db,
      sql`select c.id, c.title, c.handle from collections c join collection_products cp on cp.collection_id = c.id
          where cp.product_id = ${id}::uuid order by lower(c.title)`,
    ),
    rows<{ currency: string }>(db, sql`select currency from stores where id = ${storeId}::uuid`),
  ]);
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    bodyHtml: p.bodyHtml,
    status: p.status as ProductStatus,
    published: p.published,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    options: optionsOf(p, variants),
    variants: variants.map(variantOut),
    images: images.map((i, n) => ({ id: i.id, src: i.src, alt: i.alt, position: n + 1 })),
    collections: cols,
    currency: store?.currency ?? 'USD',
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Variant input → the columns it sets (only those given, except on create where defaults apply). */
function variantColumns(v: Partial<VariantInput> | BulkVariantPatch, old?: VariantRow): Partial<typeof productVariants.$inferInsert> {
  const set: Partial<typeof productVariants.$inferInsert> = {};
  if (v.price !== undefined) set.priceCents = centsFromMajor(v.price);
  if (v.compareAtPrice !== undefined)
    set.compareAtPriceCents = v.compareAtPrice == null || v.compareAtPrice === 0 ? null : centsFromMajor(v.compareAtPrice);
  if (v.cost !== undefined) set.costCents = v.cost == null ? null : centsFromMajor(v.cost);
  if (v.sku !== undefined) set.sku = v.sku;
  if (v.barcode !== undefined) set.barcode = v.barcode || null;
  const unit = v.weightUnit ?? (old?.weightUnit as WeightUnit | undefined) ?? 'kg';
  if (v.weightUnit !== undefined) set.weightUnit = v.weightUnit;
  if (v.weight !== undefined) set.grams = gramsOf(v.weight, unit);
  if (v.inventoryPolicy !== undefined) set.inventoryPolicy = v.inventoryPolicy;
  if (v.requiresShipping !== undefined) set.requiresShipping = v.requiresShipping;
  if (v.taxable !== undefined) set.taxable = v.taxable;
  return set;
}

/** A handle free in the store: `wanted` when given (400 when taken), else from the title with -1, -2… appended. */
async function freeHandle(tx: Db, storeId: string, title: string, wanted: string | undefined, selfId?: string): Promise<string> {
  const taken = async (h: string) => {
    const [r] = await rows<{ id: string }>(tx, sql`select id from products where store_id = ${storeId}::uuid and handle = ${h} limit 1`);
    return !!r && r.id !== selfId;
  };
  if (wanted) {
    if (await taken(wanted)) throw badRequest(`body.handle: '${wanted}' is already used by another product`);
    return wanted;
  }
  const base = handleFromTitle(title);
  for (let n = 0; ; n++) {
    const h = n ? `${base}-${n}` : base;
    if (!(await taken(h))) return h;
  }
}

/** Checks `options` against the variants a product will have (PUT with options but without variants). */
function checkOptionsFit(
  options: { name: string; values: string[] }[],
  variants: { option1: string | null; option2: string | null; option3: string | null }[],
) {
  variants.forEach((v, i) => {
    const values = [v.option1, v.option2, v.option3];
    for (let k = 0; k < 3; k++) {
      const opt = options[k];
      const value = values[k];
      if (opt && (!value || !opt.values.includes(value)))
        throw badRequest(
          `body.options.${k}.values: the stored variant ${i + 1} (${variantTitle(v)}) has no value of ${opt.name} in the list`,
        );
    }
  });
}

/** Option values of a variant input, normalised: none when the product has no options (Default Title). */
function optionValues(v: VariantInput, optionCount: number) {
  if (optionCount === 0) return { option1: 'Default Title', option2: null, option3: null };
  return {
    option1: v.option1 ?? null,
    option2: optionCount > 1 ? (v.option2 ?? null) : null,
    option3: optionCount > 2 ? (v.option3 ?? null) : null,
  };
}

/** Writes the images of a product as the whole ordered list (kept by id or by src, others removed). */
async function writeImages(tx: Db, storeId: string, productId: string, images: NonNullable<ProductCreateBody['images']>) {
  const old = await tx.select().from(productImages).where(eq(productImages.productId, productId));
  const byId = new Map(old.map((i) => [i.id, i]));
  const bySrc = new Map(old.map((i) => [i.src, i]));
  const kept = new Set<string>();
  for (const [n, img] of images.entries()) {
    if (!pictureExists(img.src)) throw badRequest(`body.images.${n}.src: no such demo picture`);
    const match = (img.id && byId.get(img.id)) || bySrc.get(img.src);
    if (img.id && !byId.has(img.id)) throw badRequest(`body.images.${n}.id: not an image of this product`);
    if (match && !kept.has(match.id)) {
      kept.add(match.id);
      await tx
        .update(productImages)
        .set({ position: n + 1, alt: img.alt ?? match.alt, src: img.src })
        .where(eq(productImages.id, match.id));
    } else {
      const [row] = await tx
        .insert(productImages)
        .values({
          storeId,
          productId,
          position: n + 1,
          src: img.src,
          remoteSrc: img.src.startsWith('/uploads/') ? null : img.src,
          alt: img.alt ?? '',
        })
        .returning({ id: productImages.id });
      kept.add(row!.id);
    }
  }
  const gone = old.filter((i) => !kept.has(i.id)).map((i) => i.id);
  if (gone.length) await tx.delete(productImages).where(inArray(productImages.id, gone));
}

/**
 * Writes the whole variant list of a product: inputs with an `id` update that variant (400 when the id is not
 * one of this product's), the others are created; stored variants not listed are deleted. Stock changes are
 * returned for the history (created variants count from 0).
 */
async function writeVariants(
  tx: Db,
  storeId: string,
  productId: string,
  optionCount: number,
  inputs: VariantInput[],
): Promise<StockChange[]> {
  const old = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const byId = new Map(old.map((v) => [v.id, v]));
  const changes: StockChange[] = [];
  const kept = new Set<string>();
  for (const [i, v] of inputs.entries())
    if (v.id && !byId.has(v.id)) throw badRequest(`body.variants.${i}.id: not a variant of this product`);
  for (const [i, v] of inputs.entries()) {
    const values = optionValues(v, optionCount);
    const prior = v.id ? byId.get(v.id) : undefined;
    const cols = { ...variantColumns(v, prior), ...values, position: i + 1 };
    if (prior) {
      kept.add(prior.id);
      if (v.inventoryQuantity !== undefined && v.inventoryQuantity !== prior.inventoryQty) {
        cols.inventoryQty = v.inventoryQuantity;
        changes.push({ variantId: prior.id, delta: v.inventoryQuantity - prior.inventoryQty, reason: 'product_edit' });
      }
      await tx.update(productVariants).set(cols).where(eq(productVariants.id, prior.id));
    } else {
      const [row] = await tx
        .insert(productVariants)
        .values({
          ...cols,
          storeId,
          productId,
          priceCents: centsFromMajor(v.price),
          inventoryQty: v.inventoryQuantity ?? 0,
        })
        .returning({ id: productVariants.id });
      kept.add(row!.id);
      if (v.inventoryQuantity) changes.push({ variantId: row!.id, delta: v.inventoryQuantity, reason: 'product_edit' });
    }
  }
  const gone = old.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  return changes;
}

/** The product columns a body sets (only the fields given). */
function productColumns(b: Omit<ProductUpdateBody, 'variants'>): Partial<typeof products.$inferInsert> {
  const set: Partial<typeof products.$inferInsert> = {};
  if (b.title !== undefined) set.title = b.title;
  if (b.bodyHtml !== undefined) set.bodyHtml = sanitizeMerchantHtml(b.bodyHtml);
  if (b.status !== undefined) {
    set.status = b.status;
    set.published = b.status === 'active';
  }
  if (b.vendor !== undefined) set.vendor = b.vendor;
  if (b.productType !== undefined) set.productType = b.productType;
  if (b.tags !== undefined) set.tags = [...new Set(b.tags)];
  if (b.seoTitle !== undefined) set.seoTitle = b.seoTitle || null;
  if (b.seoDescription !== undefined) set.seoDescription = b.seoDescription || null;
  if (b.options !== undefined) set.optionNames = b.options.map((o) => o.name);
  return set;
}

/**
 * POST /api/products: creates a product (default status active) with its variants (position = list order) and
 * images, in one transaction. The handle is the one given (400 `body.handle: '…' is already used by another
 * product`) or derived from the title, made unique with -1, -2…. Starting stock is logged (reason 'product_edit').
 */
export async function createProduct(db: Db, storeId: string, actor: StockActor, body: ProductCreateBody): Promise<Product> {
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const handle = await freeHandle(tx, storeId, body.title, body.handle);
    const cols = productColumns(body);
    const [row] = await tx
      .insert(products)
      .values({
        ...cols,
        storeId,
        handle,
        title: body.title,
        status: body.status ?? 'active',
        published: (body.status ?? 'active') === 'active',
        optionNames: body.options?.length ? body.options.map((o) => o.name) : ['Title'],
      })
      .returning({ id: products.id });
    const productId = row!.id;
    const stock = await writeVariants(tx, storeId, productId, body.options?.length ?? 0, body.variants);
    if (body.images?.length) await writeImages(tx, storeId, productId, body.images);
    await logStockChanges(tx, storeId, actor, stock);
    await syncAutomatedCollections(tx, storeId, { productIds: [productId] });
    return productId;
  });
  return getProduct(db, storeId, id);
}

/**
 * PUT /api/products/{id}: changes the fields given (see ProductUpdateBody) in one transaction; 404 for a product
 * of another store. `variants` replaces the list (by id), `images` replaces the ordered list; `options` without
 * `variants` must fit the stored variants (400 naming the option otherwise).
 */
export async function updateProduct(db: Db, storeId: string, actor: StockActor, id: string, body: ProductUpdateBody): Promise<Product> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [p] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.storeId, storeId)))
      .for('update');
    if (!p) throw notFound('Product');
    const set = productColumns(body);
    if (body.handle !== undefined && body.handle !== p.handle) set.handle = await freeHandle(tx, storeId, p.title, body.handle, p.id);
    let stock: StockChange[] = [];
    if (body.variants) {
      const optionCount = body.options ? body.options.length : p.optionNames.filter((n) => n !== 'Title').length;
      if (!body.variants.length) throw badRequest('body.variants: at least one variant (with its price) is required');
      if (body.options === undefined && optionCount > 0) {
        // The stored options stay: the variants must use their names' positions.
        body.variants.forEach((v, i) => {
          if (!v.option1) throw badRequest(`body.variants.${i}.option1: a value of ${p.optionNames[0]} is required`);
        });
      }
      stock = await writeVariants(tx, storeId, id, optionCount, body.variants);
      if (body.options && !body.options.length) set.optionNames = ['Title'];
    } else if (body.options) {
      // In display order: the message's "stored variant n" is the n-th the merchant sees (heap order varies on PostgreSQL).
      const current = await tx
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.position), asc(productVariants.id));
      checkOptionsFit(body.options, current);
      if (!body.options.length) set.optionNames = ['Title'];
    }
    if (body.images) await writeImages(tx, storeId, id, body.images);
    await tx
      .update(products)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(products.id, id));
    await logStockChanges(tx, storeId, actor, stock);
    await syncAutomatedCollections(tx, storeId, { productIds: [id] });
  });
  return getProduct(db, storeId, id);
}

/** DELETE /api/products/{id}: removes the product, its variants, images and collection memberships; 404 if foreign. */
export async function deleteProduct(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.storeId, storeId)))
    .returning({ id: products.id });
  if (!gone.length) throw notFound('Product');
}

/**
 * PATCH /api/products/bulk (the bulk-edit grid's one save, issue 13 items 1–2): applies every product's changes
 * and every variant's changes in ONE transaction — any unknown or foreign product or variant id (404 naming
 * `products.{i}.id` / `products.{i}.variants.{j}.id`) rolls everything back. Products are locked in id order so
 * two bulk saves never deadlock. Stock changes are logged (reason 'product_edit').
 */
export async function bulkUpdateProducts(db: Db, storeId: string, actor: StockActor, body: ProductBulkBody): Promise<ProductBulkResponse> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const ids = [...new Set(body.products.map((p) => p.id))].sort();
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.storeId, storeId)))
      .orderBy(asc(products.id))
      .for('update');
    const known = new Set(found.map((f) => f.id));
    const missing = body.products.findIndex((p) => !known.has(p.id));
    if (missing !== -1) throw notFound(`products.${missing}.id: Product`);
    const variantIds = body.products.flatMap((p) => (p.variants ?? []).map((v) => v.id));
    const variants = variantIds.length
      ? await tx
          .select()
          .from(productVariants)
          .where(and(inArray(productVariants.id, variantIds), eq(productVariants.storeId, storeId)))
      : [];
    const byId = new Map(variants.map((v) => [v.id, v]));
    const stock: StockChange[] = [];
    let variantCount = 0;
    for (const [i, p] of body.products.entries()) {
      const { variants: _v, ...fields } = p;
      const set = productColumns(fields);
      await tx
        .update(products)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(products.id, p.id));
      for (const [j, v] of (p.variants ?? []).entries()) {
        const old = byId.get(v.id);
        if (!old || old.productId !== p.id) throw notFound(`products.${i}.variants.${j}.id: Variant`);
        const cols = variantColumns(v, old);
        if (v.inventoryQuantity !== undefined && v.inventoryQuantity !== old.inventoryQty) {
          cols.inventoryQty = v.inventoryQuantity;
          stock.push({ variantId: old.id, delta: v.inventoryQuantity - old.inventoryQty, reason: 'product_edit' });
        }
        if (Object.keys(cols).length) {
          await tx.update(productVariants).set(cols).where(eq(productVariants.id, v.id));
          variantCount += 1;
        }
      }
    }
    await logStockChanges(tx, storeId, actor, stock);
    await syncAutomatedCollections(tx, storeId, { productIds: ids });
    return { products: ids.length, variants: variantCount };
  });
}
