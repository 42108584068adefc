import type { Discount, DiscountListResponse, DiscountStatus, DiscountValues } from '@backroom/contracts';
import { and, sql as dsql, eq, inArray } from 'drizzle-orm';
import { type Db, rows, sql } from '../../db/client.js';
import { collections, discounts, discountUsages, products, stores } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { majorFromCents } from '../../lib/money.js';
import type { AppliedEngineDiscount, EngineDiscount } from './engine.js';

type Row = typeof discounts.$inferSelect;

/** The status of a discount at `now`: scheduled before its start, expired from its end on, else active. */
export function statusAt(d: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): DiscountStatus {
  if (d.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (d.endsAt && d.endsAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Percent (10, 12.5) → basis points (1000, 1250); major units (19.99) → cents (1999). */
const toHundredths = (v: number) => Math.round(v * 100);

/** A row as the admin API answers it (money in major units, percentages in percent). */
function toDiscount(d: Row, currency: string, now: Date): Discount {
  const percent = d.type === 'percentage' || d.type === 'buy_x_get_y';
  return {
    id: d.id,
    method: d.method as Discount['method'],
    code: d.code ?? '',
    title: d.title,
    type: d.type as Discount['type'],
    value: d.type === 'free_shipping' ? 0 : percent ? d.value / 100 : majorFromCents(d.value),
    appliesTo: d.appliesTo as Discount['appliesTo'],
    productIds: d.productIds,
    collectionIds: d.collectionIds,
    buyQuantity: d.buyQuantity,
    getQuantity: d.getQuantity,
    minimumType: d.minimumType as Discount['minimumType'],
    minimumSubtotal: d.minimumType === 'subtotal' ? majorFromCents(d.minimumValue) : 0,
    minimumQuantity: d.minimumType === 'quantity' ? d.minimumValue : 0,
    customerEmails: d.customerEmails,
    usageLimit: d.usageLimit,
    usageCount: d.usageCount,
    oncePerCustomer: d.oncePerCustomer,
    combinesWith: d.combinesWith as Discount['combinesWith'],
    startsAt: d.startsAt.toISOString(),
    endsAt: d.endsAt?.toISOString() ?? null,
    status: statusAt(d, now),
    currency,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

async function currencyOf(db: Db, storeId: string): Promise<string> {
  const [s] = await db.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
  return s?.currency ?? 'USD';
}

/**
 * GET /api/discounts: the store's discounts of one method (tab), whose code or title contains `search`
 * (case-insensitive), of one status at `now`, newest first, one 1-based page.
 */
export async function listDiscounts(
  db: Db,
  storeId: string,
  q: { method?: 'code' | 'automatic'; search?: string; status?: DiscountStatus; page: number; limit: number },
  now = new Date(),
): Promise<DiscountListResponse> {
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const at = now.toISOString();
  const status = {
    active: sql`and d.starts_at <= ${at}::timestamptz and (d.ends_at is null or d.ends_at > ${at}::timestamptz)`,
    scheduled: sql`and d.starts_at > ${at}::timestamptz`,
    expired: sql`and d.ends_at <= ${at}::timestamptz`,
  };
  const found = await rows<{ id: string; total: number }>(
    db,
    sql`select d.id, count(*) over () as total from discounts d
        where d.store_id = ${storeId}
          ${q.method ? sql`and d.method = ${q.method}` : sql``}
          ${search ? sql`and (d.code ilike ${search} or d.title ilike ${search})` : sql``}
          ${q.status ? status[q.status] : sql``}
        order by d.created_at desc, d.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const ids = found.map((r) => r.id);
  const [list, currency] = await Promise.all([
    ids.length ? db.select().from(discounts).where(inArray(discounts.id, ids)) : Promise.resolve([] as Row[]),
    currencyOf(db, storeId),
  ]);
  const byId = new Map(list.map((d) => [d.id, d]));
  return {
    discounts: ids.map((id) => toDiscount(byId.get(id)!, currency, now)),
    total: Number(found[0]?.total ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** GET /api/discounts/{id}: one discount of the store; 404 when absent or another store's. */
export async function getDiscount(db: Db, storeId: string, id: string, now = new Date()): Promise<Discount> {
  const [d] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.storeId, storeId)));
  if (!d) throw notFound('Discount');
  return toDiscount(d, await currencyOf(db, storeId), now);
}

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === '23505' || x?.cause?.code === '23505';
};

/** The columns of a validated input; 400 when a product or collection id is not the store's. */
async function columnsOf(db: Db, storeId: string, v: DiscountValues) {
  const productIds = v.appliesTo === 'products' ? [...new Set(v.productIds)] : [];
  const collectionIds = v.appliesTo === 'collections' ? [...new Set(v.collectionIds)] : [];
  if (productIds.length) {
    const own = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, productIds)));
    if (own.length !== productIds.length) throw badRequest('productIds: not a product of this store');
  }
  if (collectionIds.length) {
    const own = await db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.storeId, storeId), inArray(collections.id, collectionIds)));
    if (own.length !== collectionIds.length) throw badRequest('collectionIds: not a collection of this store');
  }
  const code = v.method === 'code' ? v.code.trim() : null;
  return {
    method: v.method,
    code,
    title: v.method === 'code' ? v.title || code! : v.title,
    type: v.type,
    // Percent → basis points and major units → cents are both × 100.
    value: v.type === 'free_shipping' ? 0 : toHundredths(v.value),
    appliesTo: v.appliesTo,
    productIds,
    collectionIds,
    buyQuantity: v.type === 'buy_x_get_y' ? v.buyQuantity : null,
    getQuantity: v.type === 'buy_x_get_y' ? v.getQuantity : null,
    minimumType: v.minimumType,
    minimumValue: v.minimumType === 'subtotal' ? toHundredths(v.minimumSubtotal) : v.minimumType === 'quantity' ? v.minimumQuantity : 0,
    customerEmails: [...new Set(v.customerEmails)],
    usageLimit: v.usageLimit,
    oncePerCustomer: v.oncePerCustomer,
    combinesWith: v.combinesWith,
    startsAt: new Date(v.startsAt),
    endsAt: v.endsAt ? new Date(v.endsAt) : null,
  };
}

/**
 * POST /api/discounts: creates a discount of the store (values validated by the contract's DiscountInput).
 * 400 `code: is already used by another discount` when the code exists in the store (any case), 400 for ids of
 * products or collections that are not the store's.
 */
export async function createDiscount(db: Db, storeId: string, v: DiscountValues, now = new Date()): Promise<Discount> {
  const cols = await columnsOf(db, storeId, v);
  try {
    const [d] = await db
      .insert(discounts)
      .values({ storeId, ...cols })
      .returning();
    return toDiscount(d!, await currencyOf(db, storeId), now);
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest('code: is already used by another discount');
    throw e;
  }
}

/**
 * PUT /api/discounts/{id}: replaces a discount's settings (uses so far are kept). 404 when absent or another
 * store's; 400 `method: cannot be changed` (a code discount stays a code discount); 400 on a used code; 400
 * `usageLimit: is below the N uses so far` when the limit would be under the uses already counted.
 */
export async function updateDiscount(db: Db, storeId: string, id: string, v: DiscountValues, now = new Date()): Promise<Discount> {
  const [old] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.storeId, storeId)));
  if (!old) throw notFound('Discount');
  if (old.method !== v.method) throw badRequest('method: cannot be changed');
  const cols = await columnsOf(db, storeId, v);
  try {
    const [d] = await db
      .update(discounts)
      .set({ ...cols, updatedAt: now })
      .where(
        and(
          eq(discounts.id, id),
          eq(discounts.storeId, storeId),
          cols.usageLimit === null ? undefined : dsql`${discounts.usageCount} <= ${cols.usageLimit}`,
        ),
      )
      .returning();
    if (!d) {
      const [cur] = await db.select({ n: discounts.usageCount }).from(discounts).where(eq(discounts.id, id));
      throw badRequest(`usageLimit: is below the ${cur?.n ?? 0} uses so far`);
    }
    return toDiscount(d, await currencyOf(db, storeId), now);
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest('code: is already used by another discount');
    throw e;
  }
}

/** DELETE /api/discounts/{id}: deletes a discount (orders keep what it took off); 404 when absent or another store's. */
export async function deleteDiscount(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await db
    .delete(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.storeId, storeId)))
    .returning({ id: discounts.id });
  if (!gone.length) throw notFound('Discount');
}

function toEngine(d: Row, usedBy: Set<string>): EngineDiscount {
  return {
    id: d.id,
    method: d.method as EngineDiscount['method'],
    code: d.code,
    title: d.title,
    type: d.type as EngineDiscount['type'],
    value: d.value,
    appliesTo: d.appliesTo as EngineDiscount['appliesTo'],
    productIds: d.productIds,
    collectionIds: d.collectionIds,
    buyQuantity: d.buyQuantity,
    getQuantity: d.getQuantity,
    minimumType: d.minimumType as EngineDiscount['minimumType'],
    minimumValue: d.minimumValue,
    customerEmails: d.customerEmails,
    usageLimit: d.usageLimit,
    usageCount: d.usageCount,
    oncePerCustomer: d.oncePerCustomer,
    usedByCustomer: usedBy.has(d.id),
    combinesWith: d.combinesWith as EngineDiscount['combinesWith'],
    startsAt: d.startsAt,
    endsAt: d.endsAt,
  };
}

/**
 * The discounts that may apply to a cart of store `storeId`: the code discount whose code equals `code`
 * case-insensitively (`null` when none does, `undefined` when no code was typed) and the automatic discounts active
 * at `now`, each knowing whether `email` already used it. With `lock` (the checkout transaction) the rows are read
 * `FOR UPDATE`, in id order, so concurrent checkouts sharing a discount take turns and its usage count is exact.
 */
export async function discountsForCart(
  db: Db,
  storeId: string,
  o: { code?: string; email: string | null; now: Date; lock: boolean },
): Promise<{ code: EngineDiscount | null | undefined; automatic: EngineDiscount[] }> {
  const code = o.code?.trim() || null;
  const at = o.now.toISOString();
  const found = await rows<{ id: string }>(
    db,
    sql`select d.id from discounts d
        where d.store_id = ${storeId}
          and ((d.method = 'automatic' and d.starts_at <= ${at}::timestamptz and (d.ends_at is null or d.ends_at > ${at}::timestamptz))
               ${code ? sql`or (d.method = 'code' and lower(d.code) = lower(${code}))` : sql``})
        order by d.id
        ${o.lock ? sql`for update` : sql``}`,
  );
  const ids = found.map((r) => r.id);
  const list = ids.length ? await db.select().from(discounts).where(inArray(discounts.id, ids)) : [];
  const used = new Set<string>();
  if (o.email && ids.length) {
    const u = await db
      .selectDistinct({ id: discountUsages.discountId })
      .from(discountUsages)
      .where(and(inArray(discountUsages.discountId, ids), eq(discountUsages.email, o.email)));
    for (const r of u) used.add(r.id);
  }
  const engine = list.map((d) => toEngine(d, used));
  return {
    code: code ? (engine.find((d) => d.method === 'code') ?? null) : undefined,
    automatic: engine.filter((d) => d.method === 'automatic'),
  };
}

/**
 * Counts the uses of the discounts an order applied, inside the checkout transaction that read them with
 * `discountsForCart(…, {lock: true})`: one conditional update per discount (`usage_count + 1` only while under
 * `usage_limit`) and one `discount_usages` row (order, e-mail, amount in cents). Returns false when a limit was
 * reached meanwhile (the caller refuses the checkout), which the row lock makes impossible in practice.
 */
export async function recordDiscountUses(
  db: Db,
  applied: readonly AppliedEngineDiscount[],
  orderId: string,
  email: string,
): Promise<boolean> {
  for (const a of applied) {
    const done = await db
      .update(discounts)
      .set({ usageCount: dsql`${discounts.usageCount} + 1` })
      .where(and(eq(discounts.id, a.id), dsql`(${discounts.usageLimit} is null or ${discounts.usageCount} < ${discounts.usageLimit})`))
      .returning({ id: discounts.id });
    if (!done.length) return false;
    await db.insert(discountUsages).values({ discountId: a.id, orderId, email, amountCents: a.amountCents });
  }
  return true;
}
