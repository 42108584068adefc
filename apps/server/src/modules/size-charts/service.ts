import { MAX_SIZE_CHARTS, type SizeChart, type SizeChartBody } from '@backroom/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rows } from '../../db/client.js';
import { collections, products, sizeCharts, stores } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';

type Body = z.output<typeof SizeChartBody>;
type Row = typeof sizeCharts.$inferSelect;

/** Rows → SizeCharts with the titles of their products and collections (ids no longer in the shop are dropped). */
async function withTargets(db: Db, storeId: string, list: Row[]): Promise<SizeChart[]> {
  const pids = [...new Set(list.flatMap((c) => c.productIds))];
  const cids = [...new Set(list.flatMap((c) => c.collectionIds))];
  const [ps, cs] = await Promise.all([
    pids.length
      ? db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, pids)))
      : [],
    cids.length
      ? db
          .select({ id: collections.id, title: collections.title })
          .from(collections)
          .where(and(eq(collections.storeId, storeId), inArray(collections.id, cids)))
      : [],
  ]);
  const pt = new Map(ps.map((p) => [p.id, p.title]));
  const ct = new Map(cs.map((c) => [c.id, c.title]));
  return list.map((c) => ({
    id: c.id,
    title: c.title,
    unit: c.unit as 'cm' | 'in',
    columns: c.columns,
    rows: c.rows,
    note: c.note,
    products: c.productIds.filter((id) => pt.has(id)).map((id) => ({ id, title: pt.get(id)! })),
    collections: c.collectionIds.filter((id) => ct.has(id)).map((id) => ({ id, title: ct.get(id)! })),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** GET /api/size-charts: the store's size charts, most recently changed first. */
export async function listSizeCharts(db: Db, storeId: string): Promise<SizeChart[]> {
  const list = await db.select().from(sizeCharts).where(eq(sizeCharts.storeId, storeId)).orderBy(desc(sizeCharts.updatedAt), sizeCharts.id);
  return withTargets(db, storeId, list);
}

/** One chart of the store (404 otherwise). */
export async function getSizeChart(db: Db, storeId: string, id: string): Promise<SizeChart> {
  const [row] = await db
    .select()
    .from(sizeCharts)
    .where(and(eq(sizeCharts.storeId, storeId), eq(sizeCharts.id, id)));
  if (!row) throw notFound('Size chart');
  return (await withTargets(db, storeId, [row]))[0]!;
}

/** 400 `body.productIds.{i}: no such product` when an id is not a product (collection) of this store. */
async function checkTargets(db: Db, storeId: string, b: Body) {
  const ids = [...new Set(b.productIds)];
  if (ids.length) {
    const found = new Set(
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
      ).map((r) => r.id),
    );
    const i = b.productIds.findIndex((id) => !found.has(id));
    if (i !== -1) throw badRequest(`body.productIds.${i}: no such product`);
  }
  const cids = [...new Set(b.collectionIds)];
  if (cids.length) {
    const found = new Set(
      (
        await db
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.storeId, storeId), inArray(collections.id, cids)))
      ).map((r) => r.id),
    );
    const i = b.collectionIds.findIndex((id) => !found.has(id));
    if (i !== -1) throw badRequest(`body.collectionIds.${i}: no such collection`);
  }
}

const columnsOf = (b: Body) => ({
  title: b.title,
  unit: b.unit,
  columns: b.columns,
  rows: b.rows,
  note: b.note,
  productIds: [...new Set(b.productIds)],
  collectionIds: [...new Set(b.collectionIds)],
});

/**
 * POST /api/size-charts (issue 13 item 7): stores a chart; the products and collections must be the store's (400
 * naming the index). At most MAX_SIZE_CHARTS per store: the store row is locked first, so racing creations cannot
 * pass the limit together (400 `at most 200 size charts per shop`).
 */
export async function createSizeChart(db: Db, storeId: string, b: Body): Promise<SizeChart> {
  await checkTargets(db, storeId, b);
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    const [{ n }] = (await rows<{ n: number }>(tx, sql`select count(*)::int as n from size_charts where store_id = ${storeId}`)) as [
      { n: number },
    ];
    if (Number(n) >= MAX_SIZE_CHARTS) throw badRequest(`at most ${MAX_SIZE_CHARTS} size charts per shop`);
    const [row] = await tx
      .insert(sizeCharts)
      .values({ storeId, ...columnsOf(b) })
      .returning({ id: sizeCharts.id });
    return row!.id;
  });
  return getSizeChart(db, storeId, id);
}

/** PUT /api/size-charts/{id}: replaces the chart (404 when not of this store). */
export async function updateSizeChart(db: Db, storeId: string, id: string, b: Body): Promise<SizeChart> {
  await checkTargets(db, storeId, b);
  const r = await db
    .update(sizeCharts)
    .set({ ...columnsOf(b), updatedAt: new Date() })
    .where(and(eq(sizeCharts.storeId, storeId), eq(sizeCharts.id, id)))
    .returning({ id: sizeCharts.id });
  if (!r.length) throw notFound('Size chart');
  return getSizeChart(db, storeId, id);
}

/** DELETE /api/size-charts/{id} (404 when not of this store). */
export async function deleteSizeChart(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(sizeCharts)
    .where(and(eq(sizeCharts.storeId, storeId), eq(sizeCharts.id, id)))
    .returning({ id: sizeCharts.id });
  if (!r.length) throw notFound('Size chart');
}

/**
 * The chart shown on a published product's page (GET /api/storefront/products/{handle}/size-chart): a chart naming
 * the product itself wins over one naming a collection the product is in; among equals the most recently changed.
 * null when none applies; 404 when the product is not published in this store.
 */
export async function storefrontSizeChart(db: Db, storeId: string, handle: string) {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.published, true)));
  if (!p) throw notFound('Product');
  const [c] = await rows<{ title: string; unit: 'cm' | 'in'; columns: string[]; rows: string[][]; note: string }>(
    db,
    sql`select s.title, s.unit, s.columns, s.rows, s.note from size_charts s
        where s.store_id = ${storeId}
          and (${p.id} = any(s.product_ids)
               or s.collection_ids && array(select cp.collection_id from collection_products cp where cp.product_id = ${p.id}))
        order by (${p.id} = any(s.product_ids)) desc, s.updated_at desc, s.id
        limit 1`,
  );
  return { sizeChart: c ? { title: c.title, unit: c.unit, columns: c.columns, rows: c.rows, note: c.note } : null };
}
