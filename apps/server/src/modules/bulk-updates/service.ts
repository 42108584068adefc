import {
  BULK_UPDATE_CHUNK,
  type BulkProductPatch,
  type BulkUpdate,
  type BulkUpdateBody,
  type BulkUpdateFilter,
  BulkUpdateReport,
  MAX_BULK_UPDATE_PRODUCTS,
  MAX_PRICE,
  type PriceChangeMode,
} from '@backroom/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { majorFromCents } from '../../lib/money.js';
import { bulkUpdateProducts } from '../catalog/index.js';
import { syncAutomatedCollections } from '../collections/index.js';
import type { StockActor } from '../inventory/index.js';

/**
 * Bulk updates (issue 13 item 5, route website.bulkupdates, scope `products`): price / compare-at changes by amount
 * or percentage, tags added or removed, status changes over a filter, and the bulk-edit grid's large saves — run as
 * the background job `catalog.bulk-update` (modules/jobs). The filter is resolved to product ids when the update is
 * started (the products it touches do not move while it runs). The job works in chunks of BULK_UPDATE_CHUNK products,
 * each ONE transaction that also writes the job's progress and running report: a retried or resumed job continues
 * after the last committed chunk, so no product is changed twice (a +5 % is never applied twice).
 */

/** The job type of a bulk update. */
export const BULK_UPDATE_JOB = 'catalog.bulk-update';

/** What the job carries: the update, the product ids it touches (or the grid's patches), who started it and a description. */
export type BulkUpdatePayload =
  | (Exclude<BulkUpdateBody, { action: 'edit' }> & { productIds: string[]; actor: StockActor; description: string })
  | (Extract<BulkUpdateBody, { action: 'edit' }> & { actor: StockActor; description: string });

/** `%…%` ILIKE pattern of a search text, with LIKE wildcards escaped. */
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The product ids of `storeId` a filter selects, in id order (every condition given applies). 400
 * `body.filter: no product matches` when none, `body.filter: … more than 10000 products` when too many.
 */
export async function resolveFilter(db: Db, storeId: string, f: BulkUpdateFilter): Promise<string[]> {
  const where: SQL[] = [sql`p.store_id = ${storeId}::uuid`];
  if (f.productIds) {
    if (!f.productIds.length) throw badRequest('body.filter.productIds: at least one product');
    where.push(
      sql`p.id in (${sql.join(
        f.productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (f.collection)
    where.push(sql`exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
                           where cp.product_id = p.id and c.store_id = ${storeId}::uuid and c.handle = ${f.collection})`);
  if (f.status) where.push(sql`p.status = ${f.status}`);
  if (f.vendor) where.push(sql`lower(p.vendor) = lower(${f.vendor})`);
  if (f.productType) where.push(sql`lower(p.product_type) = lower(${f.productType})`);
  if (f.search) {
    const pat = like(f.search);
    where.push(sql`(p.title ilike ${pat} or p.handle ilike ${pat} or p.vendor ilike ${pat}
                    or exists (select 1 from product_variants sv where sv.product_id = p.id and sv.sku ilike ${pat}))`);
  }
  const found = await rows<{ id: string }>(
    db,
    sql`select p.id from products p where ${sql.join(where, sql` and `)} order by p.id limit ${MAX_BULK_UPDATE_PRODUCTS + 1}`,
  );
  if (!found.length) throw badRequest('body.filter: no product matches');
  if (found.length > MAX_BULK_UPDATE_PRODUCTS) throw badRequest('body.filter: matches more than 10000 products; narrow it');
  return found.map((r) => r.id);
}

const money = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const MODE_TEXT: Record<PriceChangeMode, (v: number) => string> = {
  increase_percent: (v) => `increase by ${money(v)} %`,
  decrease_percent: (v) => `decrease by ${money(v)} %`,
  increase_amount: (v) => `increase by ${money(v)}`,
  decrease_amount: (v) => `decrease by ${money(v)}`,
  set: (v) => `set to ${money(v)}`,
};

/** A filter in words: "collection knitwear, status active" or "3 chosen products". */
function filterText(f: BulkUpdateFilter): string {
  const parts: string[] = [];
  if (f.productIds) parts.push(`${f.productIds.length} chosen product${f.productIds.length === 1 ? '' : 's'}`);
  if (f.collection) parts.push(`collection ${f.collection}`);
  if (f.status) parts.push(`status ${f.status}`);
  if (f.vendor) parts.push(`vendor ${f.vendor}`);
  if (f.productType) parts.push(`type ${f.productType}`);
  if (f.search) parts.push(`matching “${f.search}”`);
  return parts.join(', ') || 'all products';
}

/** What an update does, in words (the Bulk Updates list): "Price: increase by 5 % — collection knitwear". */
export function describeUpdate(b: BulkUpdateBody): string {
  switch (b.action) {
    case 'price':
      return `Price: ${MODE_TEXT[b.mode](b.value)} — ${filterText(b.filter)}`;
    case 'compare_at_price':
      return `Compare-at price: ${MODE_TEXT[b.mode](b.value)} — ${filterText(b.filter)}`;
    case 'add_tags':
      return `Add tags ${b.tags.join(', ')} — ${filterText(b.filter)}`;
    case 'remove_tags':
      return `Remove tags ${b.tags.join(', ')} — ${filterText(b.filter)}`;
    case 'status':
      return `Status: set to ${b.status} — ${filterText(b.filter)}`;
    case 'edit':
      return `Bulk edit of ${b.products.length} product${b.products.length === 1 ? '' : 's'}`;
  }
}

/** New price in cents by a mode, or an error message when it leaves 0…MAX_PRICE. */
function changedCents(cents: number, mode: PriceChangeMode, value: number): number | string {
  const v = Math.round(value * 100);
  const next =
    mode === 'increase_percent'
      ? Math.round((cents * (100 + value)) / 100)
      : mode === 'decrease_percent'
        ? Math.round((cents * (100 - value)) / 100)
        : mode === 'increase_amount'
          ? cents + v
          : mode === 'decrease_amount'
            ? cents - v
            : v;
  if (next < 0) return `would be below 0 (${majorFromCents(cents)} ${MODE_TEXT[mode](value)})`;
  if (next > MAX_PRICE * 100) return 'would be over 10000000';
  return next;
}

type Report = BulkUpdateReport;
const emptyReport = (matched: number): Report => ({ matched, updated: 0, variants: 0, unchanged: 0, errors: [] });

/** Price or compare-at changes of one chunk of products (inside the chunk's transaction). */
async function applyPrices(
  tx: Db,
  storeId: string,
  ids: string[],
  p: Extract<BulkUpdatePayload, { action: 'price' | 'compare_at_price' }>,
  r: Report,
): Promise<string[]> {
  const col = p.action === 'price' ? 'price_cents' : 'compare_at_price_cents';
  const list = await rows<{ id: string; product_id: string; title: string; cents: number | null; position: number }>(
    tx,
    sql`select v.id, v.product_id, pr.title, v.${sql.raw(col)} as cents, v.position
        from product_variants v join products pr on pr.id = v.product_id
        where v.store_id = ${storeId}::uuid and v.product_id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})
        order by v.product_id, v.position, v.id for update of v`,
  );
  const changed: string[] = [];
  for (const id of ids) {
    const vs = list.filter((v) => v.product_id === id);
    const plan: { id: string; cents: number | null }[] = [];
    let error: string | null = null;
    vs.forEach((v, j) => {
      if (error) return;
      // A variant without compare-at price has nothing to raise or lower (only `set` gives it one).
      if (v.cents == null && p.mode !== 'set') return;
      const next = changedCents(v.cents ?? 0, p.mode, p.value);
      if (typeof next === 'string') error = `variants.${j}.${p.action === 'price' ? 'price' : 'compareAtPrice'}: ${next}`;
      else {
        const stored = p.action === 'compare_at_price' && next === 0 ? null : next;
        if (stored !== v.cents) plan.push({ id: v.id, cents: stored });
      }
    });
    if (error) {
      r.errors.push({ productId: id, title: vs[0]?.title ?? '', message: error });
      continue;
    }
    if (!plan.length) {
      r.unchanged += 1;
      continue;
    }
    for (const v of plan) await tx.execute(sql`update product_variants set ${sql.raw(col)} = ${v.cents} where id = ${v.id}::uuid`);
    await tx.execute(sql`update products set updated_at = now() where id = ${id}::uuid`);
    r.updated += 1;
    r.variants += plan.length;
    changed.push(id);
  }
  return changed;
}

/** Tags added or removed (case-insensitively, Shopify) or a status set, on one chunk of products. */
async function applyProductFields(
  tx: Db,
  storeId: string,
  ids: string[],
  p: Extract<BulkUpdatePayload, { action: 'add_tags' | 'remove_tags' | 'status' }>,
  r: Report,
): Promise<string[]> {
  const list = await rows<{ id: string; tags: string[]; status: string }>(
    tx,
    sql`select id, tags, status from products where store_id = ${storeId}::uuid and id in (${sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    )}) order by id for update`,
  );
  const changed: string[] = [];
  for (const row of list) {
    if (p.action === 'status') {
      if (row.status === p.status) {
        r.unchanged += 1;
        continue;
      }
      await tx.execute(
        sql`update products set status = ${p.status}, published = ${p.status === 'active'}, updated_at = now() where id = ${row.id}::uuid`,
      );
    } else {
      const lower = new Set(row.tags.map((t) => t.toLowerCase()));
      const drop = new Set(p.tags.map((t) => t.toLowerCase()));
      const next =
        p.action === 'add_tags'
          ? [...row.tags, ...[...new Map(p.tags.map((t) => [t.toLowerCase(), t])).values()].filter((t) => !lower.has(t.toLowerCase()))]
          : row.tags.filter((t) => !drop.has(t.toLowerCase()));
      if (next.length === row.tags.length) {
        r.unchanged += 1;
        continue;
      }
      if (next.length > 250) {
        r.errors.push({ productId: row.id, title: '', message: 'tags: at most 250 tags' });
        continue;
      }
      await tx.execute(
        sql`update products set tags = ${sql`array[${sql.join(
          next.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}, updated_at = now() where id = ${row.id}::uuid`,
      );
    }
    r.updated += 1;
    changed.push(row.id);
  }
  // Products deleted since the update started are counted as unchanged.
  r.unchanged += ids.length - list.length;
  return changed;
}

/** The grid's patches of one chunk: all at once, or — when one is refused — one by one, the refused ones reported. */
async function applyEdits(tx: Db, storeId: string, actor: StockActor, patches: BulkProductPatch[], r: Report): Promise<void> {
  try {
    const res = await bulkUpdateProducts(tx, storeId, actor, { products: patches });
    r.updated += res.products;
    r.variants += res.variants;
    return;
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
  }
  for (const patch of patches) {
    try {
      const res = await bulkUpdateProducts(tx, storeId, actor, { products: [patch] });
      r.updated += res.products;
      r.variants += res.variants;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      r.errors.push({ productId: patch.id, title: patch.title ?? '', message: err.messages.join('; ').replace('products.0.', '') });
    }
  }
}

/**
 * Runs a bulk update (the job's work, testable without the queue). Reads the job's committed progress and running
 * report, then applies the remaining products in chunks of BULK_UPDATE_CHUNK; each chunk is one transaction that
 * also writes `progress_done` and the report into the job row, then `onProgress(done, total)` is called. Errors of
 * single products are reported, never thrown; anything else throws (the job is retried from the last chunk).
 */
export async function runBulkUpdate(
  db: Db,
  storeId: string,
  jobId: string,
  p: BulkUpdatePayload,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<Report> {
  const total = p.action === 'edit' ? p.products.length : p.productIds.length;
  const [row] = await db.select({ done: jobs.progressDone, result: jobs.result }).from(jobs).where(eq(jobs.id, jobId));
  const saved = BulkUpdateReport.safeParse(row?.result);
  let done = saved.success ? (row?.done ?? 0) : 0;
  let report = saved.success ? saved.data : emptyReport(total);
  while (done < total) {
    const next: Report = structuredClone(report);
    const end = Math.min(total, done + BULK_UPDATE_CHUNK);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (p.action === 'edit') await applyEdits(tx, storeId, p.actor, p.products.slice(done, end), next);
      else {
        const ids = p.productIds.slice(done, end);
        let changed: string[];
        if (p.action === 'price' || p.action === 'compare_at_price') changed = await applyPrices(tx, storeId, ids, p, next);
        else
          changed = await applyProductFields(
            tx,
            storeId,
            ids,
            p as Extract<BulkUpdatePayload, { action: 'add_tags' | 'remove_tags' | 'status' }>,
            next,
          );
        if (changed.length) await syncAutomatedCollections(tx, storeId, { productIds: changed });
      }
      await tx.update(jobs).set({ progressDone: end, progressTotal: total, result: next }).where(eq(jobs.id, jobId));
    });
    done = end;
    report = next;
    await onProgress(done, total);
  }
  return report;
}

/**
 * GET /api/bulk-updates: the store's bulk updates, newest first (at most `limit`), each with its description, who
 * started it, state, progress in products, report (running or final) and error.
 */
export async function listBulkUpdates(db: Db, storeId: string, limit: number): Promise<BulkUpdate[]> {
  const list = await rows<{
    id: string;
    state: BulkUpdate['state'];
    payload: { description?: string; actor?: StockActor } | null;
    progress_done: number;
    progress_total: number | null;
    result: unknown;
    error: string | null;
    created_at: Date | string;
    finished_at: Date | string | null;
  }>(
    db,
    sql`select id, state, payload, progress_done, progress_total, result, error, created_at, finished_at from jobs
        where store_id = ${storeId}::uuid and type = ${BULK_UPDATE_JOB}
        order by created_at desc, id desc limit ${limit}`,
  );
  return list.map((j) => {
    const report = BulkUpdateReport.safeParse(j.result);
    return {
      id: j.id,
      description: j.payload?.description ?? '',
      state: j.state,
      progress: { done: j.progress_done, total: j.progress_total },
      report: report.success ? report.data : null,
      error: j.error,
      createdBy: j.payload?.actor?.userName ?? '',
      createdAt: new Date(j.created_at).toISOString(),
      finishedAt: j.finished_at ? new Date(j.finished_at).toISOString() : null,
    };
  });
}
