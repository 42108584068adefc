import type {
  InventoryAdjustBody,
  InventoryAdjustment,
  InventoryAdjustResponse,
  InventoryHistoryQuery,
  InventoryItem,
  InventoryListQuery,
} from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';

/**
 * Stock of variants and its append-only history (issue 13 item 4, route website.inventory). Every change of a
 * variant's `inventory_qty` goes through this file so it is logged in `inventory_adjustments` in the SAME
 * transaction as the change. Limits shared by concurrent writers (a "deny" variant's stock) are enforced by a
 * conditional UPDATE in PostgreSQL (`… where inventory_qty >= q`), never by reading first.
 */

/** Who changed the stock: a staff member (id and display name), or nobody (a shopper's checkout). */
export interface StockActor {
  userId: string | null;
  userName: string;
}

/** The system as actor (storefront checkout, imports). */
const SYSTEM_ACTOR: StockActor = { userId: null, userName: '' };

/** One logged change: the variant, by how much, and why. */
export interface StockChange {
  variantId: string;
  delta: number;
  reason: string;
  note?: string;
  orderId?: string | null;
}

/**
 * Appends one history row per change, reading the variant's product title, option title, SKU and its quantity
 * AFTER the change (call it after the UPDATE, inside the same transaction). Changes with delta 0 are skipped.
 * Variants not of `storeId` are ignored (the caller has checked them).
 * Rows are stamped with `clock_timestamp()`, read after the variant's row lock, so the history's order is the order the
 * changes were serialised in (`now()` is the transaction's start: a count that started first but waited for a checkout's
 * lock would otherwise sort before it).
 */
export async function logStockChanges(tx: Db, storeId: string, actor: StockActor, changes: StockChange[]): Promise<void> {
  const list = changes.filter((c) => c.delta !== 0);
  if (!list.length) return;
  const values = sql.join(
    list.map((c) => sql`(${c.variantId}::uuid, ${c.delta}::int, ${c.reason}::text, ${c.note ?? ''}::text, ${c.orderId ?? null}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into inventory_adjustments
      (store_id, variant_id, product_id, product_title, variant_title, sku, delta, quantity_after, reason, note, user_id, user_name, order_id, created_at)
    select v.store_id, v.id, v.product_id, p.title,
           coalesce(nullif(concat_ws(' / ', v.option1, v.option2, v.option3), ''), 'Default Title'),
           v.sku, c.delta, v.inventory_qty, c.reason, c.note, ${actor.userId}::uuid, ${actor.userName}, c.order_id, clock_timestamp()
    from (values ${values}) as c(variant_id, delta, reason, note, order_id)
    join product_variants v on v.id = c.variant_id and v.store_id = ${storeId}::uuid
    join products p on p.id = v.product_id`);
}

/** One line an order takes from stock; `index` is the line's position the error names (default: its place in the list). */
interface StockLine {
  variantId: string;
  quantity: number;
  index?: number;
}

/**
 * Takes the lines of an order out of stock — call it INSIDE the checkout's transaction, with the order it writes
 * (storefront `placeTestOrder` calls it right after inserting the order, to log its id; issue 13 item 4: "deny" variants are never oversold by concurrent checkouts). Each line is ONE
 * conditional UPDATE (`inventory_qty = inventory_qty - q where inventory_policy = 'continue' or inventory_qty >= q`),
 * in variant-id order so two checkouts never deadlock: PostgreSQL's row lock makes a racing checkout wait and
 * re-check the condition against the committed quantity, so with stock 3 and 10 racing checkouts of 1, exactly 3
 * succeed. Logged with reason 'order' (and `orderId` when known). Throws 409 OUT_OF_STOCK
 * `lines.{i}.quantity: only {n} left of {title}` for the first line (its `index`, else its place in `lines`) that
 * does not fit; the caller's transaction then rolls back whatever was taken.
 */
export async function takeStock(
  tx: Db,
  storeId: string,
  lines: StockLine[],
  o: { orderId?: string | null; actor?: StockActor } = {},
): Promise<void> {
  const order = lines
    .map((l, i) => ({ ...l, i: l.index ?? i }))
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  for (const l of order) {
    const done = await rows<{ id: string }>(
      tx,
      sql`update product_variants set inventory_qty = inventory_qty - ${l.quantity}::int
          where id = ${l.variantId}::uuid and store_id = ${storeId}::uuid
            and (inventory_policy = 'continue' or inventory_qty >= ${l.quantity}::int)
          returning id`,
    );
    if (!done.length) {
      const [v] = await rows<{ qty: number; title: string }>(
        tx,
        sql`select v.inventory_qty as qty, p.title from product_variants v join products p on p.id = v.product_id
            where v.id = ${l.variantId}::uuid and v.store_id = ${storeId}::uuid`,
      );
      if (!v) throw new HttpError(400, 'BAD_REQUEST', [`lines.${l.i}.variantId: not a product of this store`]);
      throw new HttpError(409, 'OUT_OF_STOCK', [`lines.${l.i}.quantity: only ${Math.max(0, v.qty)} left of ${v.title}`]);
    }
  }
  await logStockChanges(
    tx,
    storeId,
    o.actor ?? SYSTEM_ACTOR,
    lines.map((l) => ({ variantId: l.variantId, delta: -l.quantity, reason: 'order', orderId: o.orderId ?? null })),
  );
}

/**
 * Puts the lines of a cancelled or refunded order back in stock (reason 'restock'), inside the caller's
 * transaction. Variants deleted since are skipped.
 */
export async function returnStock(
  tx: Db,
  storeId: string,
  lines: StockLine[],
  o: { orderId?: string | null; actor?: StockActor } = {},
): Promise<void> {
  for (const l of [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
    await tx.execute(
      sql`update product_variants set inventory_qty = inventory_qty + ${l.quantity}::int
          where id = ${l.variantId}::uuid and store_id = ${storeId}::uuid`,
    );
  }
  await logStockChanges(
    tx,
    storeId,
    o.actor ?? SYSTEM_ACTOR,
    lines.map((l) => ({ variantId: l.variantId, delta: l.quantity, reason: 'restock', orderId: o.orderId ?? null })),
  );
}

/** `%…%` ILIKE pattern of a search text, with LIKE wildcards escaped. */
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/inventory: one page of the store's variants (product A→Z, then variant position) with their stock and
 * policy. `search` matches the product title or the SKU; `stock` keeps variants with > 0 (in_stock) or ≤ 0.
 */
export async function listInventory(db: Db, storeId: string, q: InventoryListQuery): Promise<{ items: InventoryItem[]; total: number }> {
  const where: SQL[] = [sql`v.store_id = ${storeId}::uuid`];
  if (q.search) where.push(sql`(p.title ilike ${like(q.search)} or v.sku ilike ${like(q.search)})`);
  if (q.stock) where.push(q.stock === 'in_stock' ? sql`v.inventory_qty > 0` : sql`v.inventory_qty <= 0`);
  const cond = sql.join(where, sql` and `);
  const [[{ total } = { total: 0 }], list] = await Promise.all([
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from product_variants v join products p on p.id = v.product_id where ${cond}`,
    ),
    rows<{
      id: string;
      product_id: string;
      title: string;
      variant_title: string;
      sku: string;
      image: string | null;
      status: string;
      inventory_qty: number;
      inventory_policy: string;
    }>(
      db,
      sql`select v.id, v.product_id, p.title, coalesce(nullif(concat_ws(' / ', v.option1, v.option2, v.option3), ''), 'Default Title') as variant_title,
                 v.sku, coalesce(v.image_src, (select i.src from product_images i where i.product_id = p.id order by i.position, i.id limit 1)) as image,
                 p.status, v.inventory_qty, v.inventory_policy
          from product_variants v join products p on p.id = v.product_id
          where ${cond}
          order by lower(p.title), p.id, v.position, v.id
          limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
  ]);
  return {
    total,
    items: list.map((v) => ({
      variantId: v.id,
      productId: v.product_id,
      productTitle: v.title,
      variantTitle: v.variant_title,
      sku: v.sku,
      image: v.image,
      status: v.status as InventoryItem['status'],
      inventoryQuantity: v.inventory_qty,
      inventoryPolicy: v.inventory_policy as InventoryItem['inventoryPolicy'],
    })),
  };
}

type AdjustmentRow = {
  id: string;
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  sku: string;
  delta: number;
  quantity_after: number;
  reason: string;
  note: string;
  user_name: string;
  order_id: string | null;
  created_at: Date | string;
};
const adjustmentOut = (r: AdjustmentRow): InventoryAdjustment => ({
  id: r.id,
  variantId: r.variant_id,
  productId: r.product_id,
  productTitle: r.product_title,
  variantTitle: r.variant_title,
  sku: r.sku,
  delta: r.delta,
  quantityAfter: r.quantity_after,
  reason: r.reason,
  note: r.note,
  userName: r.user_name,
  orderId: r.order_id,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * POST /api/inventory/adjustments (issue 13 item 4): changes one variant's stock by `delta`, or sets it to the
 * counted `quantity`, and appends the history row (reason, note, who) in the SAME transaction. Serialised in
 * PostgreSQL: a delta is one `UPDATE … set inventory_qty = inventory_qty + d` (racing adjustments and checkouts
 * each apply to the committed value); a count locks the row (`FOR UPDATE`) to learn the delta it makes. A count
 * equal to the stock changes nothing and answers `adjustment: null`. 404 'Variant not found' for another store's
 * variant.
 */
export async function adjustStock(db: Db, storeId: string, actor: StockActor, b: InventoryAdjustBody): Promise<InventoryAdjustResponse> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    let delta: number;
    let after: number;
    if (b.delta !== undefined) {
      const [v] = await rows<{ qty: number }>(
        tx,
        sql`update product_variants set inventory_qty = inventory_qty + ${b.delta}::int
            where id = ${b.variantId}::uuid and store_id = ${storeId}::uuid returning inventory_qty as qty`,
      );
      if (!v) throw notFound('Variant');
      delta = b.delta;
      after = v.qty;
    } else {
      const [v] = await rows<{ qty: number }>(
        tx,
        sql`select inventory_qty as qty from product_variants where id = ${b.variantId}::uuid and store_id = ${storeId}::uuid for update`,
      );
      if (!v) throw notFound('Variant');
      delta = (b.quantity ?? v.qty) - v.qty;
      after = b.quantity ?? v.qty;
      if (delta === 0) return { inventoryQuantity: after, adjustment: null };
      await tx.execute(sql`update product_variants set inventory_qty = ${after}::int where id = ${b.variantId}::uuid`);
    }
    if (Math.abs(after) > 1_000_000_000) throw badRequest('body.delta: the stock would be beyond ±1000000000');
    const [row] = await rows<AdjustmentRow>(
      tx,
      sql`insert into inventory_adjustments
            (store_id, variant_id, product_id, product_title, variant_title, sku, delta, quantity_after, reason, note, user_id, user_name, created_at)
          select v.store_id, v.id, v.product_id, p.title,
                 coalesce(nullif(concat_ws(' / ', v.option1, v.option2, v.option3), ''), 'Default Title'),
                 v.sku, ${delta}::int, v.inventory_qty, ${b.reason}, ${b.note ?? ''}, ${actor.userId}::uuid, ${actor.userName}, clock_timestamp()
          from product_variants v join products p on p.id = v.product_id where v.id = ${b.variantId}::uuid
          returning id, variant_id, product_id, product_title, variant_title, sku, delta, quantity_after, reason, note, user_name, order_id, created_at`,
    );
    return { inventoryQuantity: after, adjustment: row ? adjustmentOut(row) : null };
  });
}

/** GET /api/inventory/history: the store's stock history, newest first, of one variant or of all. */
export async function stockHistory(
  db: Db,
  storeId: string,
  q: InventoryHistoryQuery,
): Promise<{ items: InventoryAdjustment[]; total: number }> {
  const cond = q.variantId ? sql`store_id = ${storeId}::uuid and variant_id = ${q.variantId}::uuid` : sql`store_id = ${storeId}::uuid`;
  const [[{ total } = { total: 0 }], list] = await Promise.all([
    rows<{ total: number }>(db, sql`select count(*)::int as total from inventory_adjustments where ${cond}`),
    rows<AdjustmentRow>(
      db,
      sql`select id, variant_id, product_id, product_title, variant_title, sku, delta, quantity_after, reason, note, user_name, order_id, created_at
          from inventory_adjustments where ${cond}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
  ]);
  return { total, items: list.map(adjustmentOut) };
}
