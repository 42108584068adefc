import type { ImportReport } from '@backroom/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collectionProducts, collections, productImages, products, productVariants, uploads } from '../../db/schema/index.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { syncAutomatedCollections } from '../collections/index.js';
import type { MediaStorage } from '../media/index.js';
import { type CsvEncoding, detectEncoding, groupRows, type ProductGroup, type RowRejection, readCsvRows } from './csv.js';
import { RemoteImages, type ResolvedImage } from './images.js';

/** Products handled per transaction. */
const BATCH = 100;
/** Rows per multi-row INSERT (keeps below PostgreSQL's 65 535 parameters). */
const INSERT_CHUNK = 1000;

export interface ImportOptions {
  storeId: string;
  /** DATA_DIR: fetched pictures go to `${dataDir}/uploads/${storeId}/products/`. */
  dataDir: string;
  /** The CSV file on disk (the route spools the upload to a temporary file first). */
  path: string;
  /** Picture fetcher; default: a RemoteImages with a 3 s budget per host storing into `storage`. */
  images?: RemoteImages;
  /** Media storage of the app (DATA_DIR/uploads or the S3 bucket); default DATA_DIR/uploads. */
  storage?: MediaStorage;
  /** Private addresses/CIDRs the default fetcher may reach anyway (config FETCH_ALLOW_ADDRESSES). */
  fetchAllow?: readonly string[];
  /**
   * Progress callback (the import job's `reportProgress`): CSV records read of the file's total, called as the
   * import goes; the total is counted in a first streaming pass when a callback is given.
   */
  onProgress?: (rowsRead: number, rowsTotal: number) => unknown;
}

/**
 * The file-level checks of an import, run by the route before the job is queued so a bad file is answered at once:
 * 400 'file: the CSV is empty', 400 for a binary file, 400 when the header has no Handle column. Reads only the
 * start of the file (the encoding check reads it through once).
 */
export async function checkImportFile(path: string): Promise<void> {
  const { encoding } = await detectEncoding(path);
  for await (const _ of readCsvRows(path, encoding)) break;
}

/** CSV records in the file (what `ImportReport.rows` will count), in one streaming pass. */
async function countRecords(path: string, encoding: CsvEncoding): Promise<number> {
  let n = 0;
  for await (const _ of readCsvRows(path, encoding)) n += 1;
  return n;
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

const variantKey = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  `${v.option1 ?? ''}\u0000${v.option2 ?? ''}\u0000${v.option3 ?? ''}`;
const optionLabel = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  [v.option1, v.option2, v.option3].filter(Boolean).join(' / ');
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'collection';
const sameArray = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Imports a Shopify product CSV into the store `storeId` (issue "Product import from a Shopify product CSV").
 * The file is streamed (a 50 MB file keeps memory flat) and handled 100 products per transaction. Rows are
 * grouped by Handle; a Handle the store already has is UPDATED (fields given in the file replace the stored ones,
 * variants are matched by their option values, pictures by their source URL; nothing is deleted), so importing the
 * same file twice creates nothing new (the second time every product counts as skipped = unchanged). A bad row is
 * rejected with its line and reason and never stops the others: a new product needs a Title and a priced variant,
 * a new variant needs a Variant Price, option values may not repeat within a product. Pictures are fetched into
 * `DATA_DIR/uploads/{storeId}/products/` when reachable, else kept as remote links (never a rejection).
 * A `Collection` column, when the file has one, files the product in that collection (created by title);
 * Shopify's own exports carry none, so products import without collections.
 * Throws 400 for a file-level problem (empty file, missing Handle column, binary file).
 */
export async function importProductsCsv(db: Db, opts: ImportOptions): Promise<ImportReport> {
  const { encoding, warnings } = await detectEncoding(opts.path);
  const images =
    opts.images ?? new RemoteImages({ dataDir: opts.dataDir, storeId: opts.storeId, storage: opts.storage, allow: opts.fetchAllow });
  const report: ImportReport = {
    rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    variants: 0,
    images: 0,
    imagesStored: 0,
    imagesRemote: 0,
    encoding,
    rejected: [],
    warnings: [...warnings],
  };
  const stats = { rows: 0 };
  const total = opts.onProgress ? await countRecords(opts.path, encoding) : 0;
  const seen = new Set<string>();
  let batch = new Map<string, ProductGroup>();
  const flush = async () => {
    if (!batch.size) return;
    const groups = [...batch.values()];
    batch = new Map();
    await importBatch(db, opts.storeId, groups, images, report, seen);
  };
  for await (const { group, rejected } of groupRows(readCsvRows(opts.path, encoding), stats)) {
    for (const r of rejected) report.rejected.push({ row: r.line, handle: r.handle, reason: r.reason });
    if (!group) continue;
    const same = batch.get(group.handle);
    if (same) {
      // The same Handle again further down the file: one product.
      if (!same.hasTitle && group.hasTitle) {
        same.product = group.product;
        same.hasTitle = true;
      }
      same.variants.push(...group.variants);
      same.images.push(...group.images);
    } else batch.set(group.handle, group);
    if (batch.size >= BATCH) await flush();
    await opts.onProgress?.(stats.rows, total);
  }
  await flush();
  await opts.onProgress?.(stats.rows, Math.max(total, stats.rows));
  report.rows = stats.rows;
  report.rejected.sort((a, b) => a.row - b.row);
  if (report.rows === 0) report.warnings.push('file: the CSV has a header but no product rows');
  if (images.failedHosts.size) {
    const hosts = [...images.failedHosts].map(([h, why]) => `${h} (${why})`).join(', ');
    report.warnings.push(
      `images: ${report.imagesRemote} picture(s) could not be fetched and are kept as remote links; unreachable: ${hosts}`,
    );
  }
  return report;
}

/** Every line a group came from, first line first. */
function groupLines(g: ProductGroup): number[] {
  return [...new Set([g.firstLine, ...g.variants.map((v) => v.line), ...g.images.map((i) => i.line)])].sort((a, b) => a - b);
}

/** What one group will write, decided before the transaction. */
interface Plan {
  group: ProductGroup;
  existing: ProductRow | null;
  productChanges: Partial<typeof products.$inferInsert>;
  newVariants: (typeof productVariants.$inferInsert & { line: number })[];
  variantUpdates: { id: string; set: Partial<typeof productVariants.$inferInsert> }[];
  newImages: { line: number; url: string; position: number; alt: string }[];
  imageUpdates: { id: string; set: Partial<typeof productImages.$inferInsert> }[];
  collection?: string;
}

/**
 * Imports one batch of groups in one transaction; when the transaction fails (a database error), each group is
 * retried alone so that only the failing product's rows are rejected.
 */
async function importBatch(db: Db, storeId: string, groups: ProductGroup[], images: RemoteImages, report: ImportReport, seen: Set<string>) {
  const handles = groups.map((g) => g.handle);
  const existing = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.handle, handles)));
  const byHandle = new Map(existing.map((p) => [p.handle, p]));
  const ids = existing.map((p) => p.id);
  const oldVariants: VariantRow[] = ids.length
    ? await db.select().from(productVariants).where(inArray(productVariants.productId, ids))
    : [];
  const oldImages: ImageRow[] = ids.length ? await db.select().from(productImages).where(inArray(productImages.productId, ids)) : [];

  const plans: Plan[] = [];
  const urls = new Set<string>();
  for (const g of groups) {
    const plan = planGroup(g, byHandle.get(g.handle) ?? null, oldVariants, oldImages, report);
    if (!plan) continue;
    plans.push(plan);
    for (const i of plan.newImages) urls.add(i.url);
    for (const v of g.variants) if (v.imageUrl) urls.add(v.imageUrl);
  }
  const resolved = new Map<string, ResolvedImage>();
  await Promise.all(
    [...urls].map(async (u) => {
      resolved.set(u, await images.resolve(u));
    }),
  );
  const known = new Map<string, string>();
  for (const i of oldImages) {
    known.set(i.remoteSrc ?? i.src, i.src);
    known.set(i.src, i.src);
  }
  const srcOf = (url: string) => known.get(url) ?? resolved.get(url)?.src ?? url;

  const tally = { created: 0, updated: 0, skipped: 0, variants: 0, images: 0, imagesStored: 0, imagesRemote: 0 };
  const apply = async (tx: Db, list: Plan[], t: typeof tally) => {
    const fresh = list.filter((p) => !p.existing);
    const ids = new Map<string, string>();
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(products)
        .values(
          fresh
            .slice(i, i + INSERT_CHUNK)
            .map((p) => ({ storeId, handle: p.group.handle, title: p.group.product.title!, ...p.productChanges })),
        )
        .returning({ id: products.id, handle: products.handle });
      for (const r of rows) ids.set(r.handle, r.id);
    }
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    const uploadRows: (typeof uploads.$inferInsert)[] = [];
    for (const p of list) {
      const productId = p.existing?.id ?? ids.get(p.group.handle)!;
      let changed = !p.existing;
      if (p.existing && Object.keys(p.productChanges).length) {
        await tx
          .update(products)
          .set({ ...p.productChanges, updatedAt: new Date() })
          .where(eq(products.id, productId));
        changed = true;
      }
      for (const v of p.newVariants) {
        const { line: _line, ...row } = v;
        variantRows.push({ ...row, storeId, productId, imageSrc: v.imageSrc ? srcOf(v.imageSrc) : null });
      }
      for (const u of p.variantUpdates) {
        const set = { ...u.set };
        if (set.imageSrc) set.imageSrc = srcOf(set.imageSrc);
        await tx.update(productVariants).set(set).where(eq(productVariants.id, u.id));
      }
      for (const i of p.newImages) {
        const r = resolved.get(i.url);
        imageRows.push({ storeId, productId, position: i.position, src: r?.src ?? i.url, remoteSrc: i.url, alt: i.alt });
        if (r?.stored) {
          t.imagesStored += 1;
          uploadRows.push({ storeId, path: r.path!, contentType: r.contentType!, bytes: r.bytes! });
        } else t.imagesRemote += 1;
      }
      for (const u of p.imageUpdates) await tx.update(productImages).set(u.set).where(eq(productImages.id, u.id));
      if (p.collection) {
        const handle = slug(p.collection);
        await tx.insert(collections).values({ storeId, handle, title: p.collection }).onConflictDoNothing();
        const [c] = await tx
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.storeId, storeId), eq(collections.handle, handle)));
        const linked = await tx
          .insert(collectionProducts)
          .values({ collectionId: c!.id, productId })
          .onConflictDoNothing()
          .returning({ id: collectionProducts.productId });
        if (linked.length) changed = true;
      }
      changed ||= p.newVariants.length > 0 || p.variantUpdates.length > 0 || p.newImages.length > 0 || p.imageUpdates.length > 0;
      t.variants += p.newVariants.length + p.variantUpdates.length;
      t.images += p.newImages.length + p.imageUpdates.length;
      if (!p.existing) t.created += 1;
      else if (seen.has(p.group.handle)) {
        // Second part of a product created or updated earlier in this file: already counted.
      } else if (changed) t.updated += 1;
      else t.skipped += 1;
    }
    for (let i = 0; i < variantRows.length; i += INSERT_CHUNK)
      await tx.insert(productVariants).values(variantRows.slice(i, i + INSERT_CHUNK));
    for (let i = 0; i < imageRows.length; i += INSERT_CHUNK) await tx.insert(productImages).values(imageRows.slice(i, i + INSERT_CHUNK));
    if (uploadRows.length) await tx.insert(uploads).values(uploadRows);
    // Automated collections follow the imported products (issue 13 item 3).
    await syncAutomatedCollections(tx, storeId, { productIds: list.map((p) => p.existing?.id ?? ids.get(p.group.handle)!) });
  };
  const commit = (t: typeof tally, list: Plan[]) => {
    for (const k of Object.keys(t) as (keyof typeof tally)[]) report[k] += t[k];
    for (const p of list) seen.add(p.group.handle);
  };
  try {
    await db.transaction(async (tx) => apply(tx as unknown as Db, plans, tally));
    commit(tally, plans);
  } catch (err) {
    if (plans.length === 1) {
      const g = plans[0]!.group;
      const why = (err as { cause?: Error }).cause?.message ?? (err as Error).message;
      for (const line of groupLines(g)) report.rejected.push({ row: line, handle: g.handle, reason: `could not be saved: ${why}` });
      return;
    }
    // Isolate the failing product: retry each one on its own.
    for (const p of plans) {
      const one = { created: 0, updated: 0, skipped: 0, variants: 0, images: 0, imagesStored: 0, imagesRemote: 0 };
      try {
        await db.transaction(async (tx) => apply(tx as unknown as Db, [p], one));
        commit(one, [p]);
      } catch (e) {
        const why = (e as { cause?: Error }).cause?.message ?? (e as Error).message;
        for (const line of groupLines(p.group))
          report.rejected.push({ row: line, handle: p.group.handle, reason: `could not be saved: ${why}` });
      }
    }
  }
}

/**
 * Decides what one group writes, rejecting the rows that cannot be imported (pushed to `report.rejected`).
 * Returns null when the whole product is rejected.
 */
function planGroup(
  g: ProductGroup,
  existing: ProductRow | null,
  oldVariants: VariantRow[],
  oldImages: ImageRow[],
  report: ImportReport,
): Plan | null {
  const reject = (r: RowRejection) => report.rejected.push({ row: r.line, handle: r.handle, reason: r.reason });
  const rejectAll = (reason: string) => {
    const [first, ...rest] = groupLines(g);
    reject({ line: first!, handle: g.handle, reason });
    for (const line of rest) reject({ line, handle: g.handle, reason: `product '${g.handle}' was not imported (see row ${first})` });
    return null;
  };
  const f = g.product;
  if (!existing && !g.hasTitle) return rejectAll(`Title: is required to create product '${g.handle}' (on its first row)`);

  // Product fields.
  const changes: Partial<typeof products.$inferInsert> = {};
  if (g.hasTitle) {
    const body = f.bodyHtml === undefined ? undefined : sanitizeMerchantHtml(f.bodyHtml);
    const want: Partial<typeof products.$inferInsert> = {
      title: f.title,
      bodyHtml: body,
      vendor: f.vendor,
      productType: f.productType,
      tags: f.tags,
      published: f.published,
      status: f.status,
      optionNames: f.optionNames,
      seoTitle: f.seoTitle,
      seoDescription: f.seoDescription,
    };
    for (const [k, v] of Object.entries(want) as [keyof typeof want, unknown][]) {
      if (v === undefined) continue;
      const old = existing?.[k as keyof ProductRow];
      const same = Array.isArray(v) ? Array.isArray(old) && sameArray(v as string[], old as string[]) : old === v;
      if (!existing || !same) (changes as Record<string, unknown>)[k] = v;
    }
  }

  // Variants: matched by option values; new ones need a price.
  const mine = existing ? oldVariants.filter((v) => v.productId === existing.id) : [];
  const byKey = new Map(mine.map((v) => [variantKey(v), v]));
  const seenKeys = new Map<string, number>();
  const newVariants: Plan['newVariants'] = [];
  const variantUpdates: Plan['variantUpdates'] = [];
  let position = mine.reduce((m, v) => Math.max(m, v.position), 0);
  for (const v of g.variants) {
    const key = variantKey(v);
    const dup = seenKeys.get(key);
    if (dup !== undefined) {
      reject({ line: v.line, handle: g.handle, reason: `Option1 Value: '${optionLabel(v)}' repeats the variant of row ${dup}` });
      continue;
    }
    seenKeys.set(key, v.line);
    const old = byKey.get(key);
    if (!old) {
      if (v.priceCents === undefined) {
        reject({ line: v.line, handle: g.handle, reason: 'Variant Price: is required for a new variant' });
        continue;
      }
      position += 1;
      newVariants.push({
        line: v.line,
        storeId: '',
        productId: '',
        position,
        sku: v.sku ?? '',
        option1: v.option1,
        option2: v.option2,
        option3: v.option3,
        priceCents: v.priceCents,
        compareAtPriceCents: v.compareAtPriceCents ?? null,
        costCents: v.costCents ?? null,
        inventoryQty: v.inventoryQty ?? 0,
        inventoryPolicy: v.inventoryPolicy ?? 'deny',
        weightUnit: v.weightUnit ?? 'kg',
        grams: v.grams ?? 0,
        requiresShipping: v.requiresShipping ?? true,
        taxable: v.taxable ?? true,
        barcode: v.barcode ?? null,
        imageSrc: v.imageUrl ?? null,
      });
      continue;
    }
    const set: Partial<typeof productVariants.$inferInsert> = {};
    const cmp = <K extends keyof VariantRow>(k: K, value: VariantRow[K] | undefined) => {
      if (value !== undefined && old[k] !== value) (set as Record<string, unknown>)[k] = value;
    };
    cmp('sku', v.sku);
    cmp('priceCents', v.priceCents);
    cmp('compareAtPriceCents', v.compareAtPriceCents);
    cmp('costCents', v.costCents);
    cmp('inventoryQty', v.inventoryQty);
    cmp('inventoryPolicy', v.inventoryPolicy);
    cmp('weightUnit', v.weightUnit);
    cmp('grams', v.grams);
    cmp('requiresShipping', v.requiresShipping);
    cmp('taxable', v.taxable);
    cmp('barcode', v.barcode);
    if (v.imageUrl) {
      const known = oldImages.find((i) => i.productId === old.productId && (i.remoteSrc === v.imageUrl || i.src === v.imageUrl));
      if (!known || old.imageSrc !== known.src) set.imageSrc = v.imageUrl;
    }
    if (Object.keys(set).length) variantUpdates.push({ id: old.id, set });
  }
  if (!existing && newVariants.length === 0) {
    if (g.variants.length === 0)
      return rejectAll(`Variant Price: product '${g.handle}' has no variant row (Option1 Value, Variant SKU or Variant Price)`);
    return rejectAll(`product '${g.handle}' has no importable variant (see the rejected rows)`);
  }

  // Pictures: matched by their source URL; the variant pictures are added too when missing.
  const myImages = existing ? oldImages.filter((i) => i.productId === existing.id) : [];
  const imageOf = new Map<string, ImageRow>();
  for (const i of myImages) {
    imageOf.set(i.remoteSrc ?? i.src, i);
    imageOf.set(i.src, i);
  }
  const newImages: Plan['newImages'] = [];
  const imageUpdates: Plan['imageUpdates'] = [];
  const taken = new Set<string>();
  let imagePos = myImages.reduce((m, i) => Math.max(m, i.position), 0);
  const wanted = [
    ...g.images,
    ...g.variants.filter((v) => v.imageUrl).map((v) => ({ line: v.line, url: v.imageUrl!, position: undefined, alt: '' })),
  ];
  for (const i of wanted) {
    if (taken.has(i.url)) continue;
    taken.add(i.url);
    const old = imageOf.get(i.url);
    if (old) {
      const set: Partial<typeof productImages.$inferInsert> = {};
      if (i.position !== undefined && old.position !== i.position) set.position = i.position;
      if (i.alt && old.alt !== i.alt) set.alt = i.alt;
      if (Object.keys(set).length) imageUpdates.push({ id: old.id, set });
      continue;
    }
    const pos = i.position ?? imagePos + 1;
    imagePos = Math.max(imagePos, pos);
    newImages.push({ line: i.line, url: i.url, position: pos, alt: i.alt });
  }
  return {
    group: g,
    existing,
    productChanges: changes,
    newVariants,
    variantUpdates,
    newImages,
    imageUpdates,
    collection: g.hasTitle ? f.collection : undefined,
  };
}
