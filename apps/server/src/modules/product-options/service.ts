import type { ProductFilter, ProductFiltersBody, ProductFilterType, StorefrontFilter } from '@backroom/contracts';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { collections, productFilters, stores } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

type Row = typeof productFilters.$inferSelect;
const toFilter = (r: Row): ProductFilter => ({
  id: r.id,
  type: r.type as ProductFilterType,
  label: r.label,
  optionName: r.optionName,
  values: r.values,
  enabled: r.enabled,
  position: r.position,
});

/**
 * The options the store's products use: every option name (not Shopify's placeholder 'Title') with the values its
 * variants hold, A→Z, and how many products use it — the option definitions the Product Options screen offers.
 */
export async function productOptionsInUse(db: Db, storeId: string) {
  const r = await rows<{ name: string; values: string[]; products: number }>(
    db,
    sql`select o.name, array_agg(distinct o.value order by o.value) as values, count(distinct p.id)::int as products
        from products p
        join product_variants v on v.product_id = p.id
        cross join lateral (values (p.option_names[1], v.option1), (p.option_names[2], v.option2), (p.option_names[3], v.option3)) o(name, value)
        where p.store_id = ${storeId} and o.name is not null and o.value is not null and o.name <> 'Title'
        group by o.name
        order by o.name`,
  );
  return r.map((x) => ({ name: x.name, values: x.values, products: Number(x.products) }));
}

/** GET /api/product-options: the store's storefront filters in order, and the options its products use. */
export async function getProductFilters(db: Db, storeId: string) {
  const [list, options] = await Promise.all([
    db.select().from(productFilters).where(eq(productFilters.storeId, storeId)).orderBy(asc(productFilters.position)),
    productOptionsInUse(db, storeId),
  ]);
  return { filters: list.map(toFilter), options };
}

/**
 * PUT /api/product-options (issue 13 item 6): replaces the store's filters with `body.filters` in that order, in one
 * transaction that first locks the store's row, so two saves at once are applied one after the other (the last wins
 * whole, never a mix or a doubled list).
 */
export async function saveProductFilters(db: Db, storeId: string, { filters }: z.output<typeof ProductFiltersBody>) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    await tx.delete(productFilters).where(eq(productFilters.storeId, storeId));
    if (filters.length) {
      await tx.insert(productFilters).values(
        filters.map((f, i) => ({
          storeId,
          position: i + 1,
          type: f.type,
          label: f.label,
          optionName: f.type === 'option' ? f.optionName! : null,
          values: [...new Set(f.values)],
          enabled: f.enabled,
        })),
      );
    }
  });
  return getProductFilters(db, storeId);
}

/** The storefront's filter choices (query of GET /api/storefront/products): all optional, combined with AND. */
export interface ShopperFilters {
  /** `Name:Value` pairs; values of one option are alternatives (OR). */
  option?: string[];
  vendor?: string[];
  type?: string[];
  available?: boolean;
  /** Price bounds in cents, inclusive: a product matches when one of its variants' price lies within. */
  priceMin?: number;
  priceMax?: number;
}

const list = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
/** The value of the option named `name` on variant `v` of product `p` (null when the product has no such option). */
const optionValue = (name: string) =>
  sql`(case array_position(p.option_names, ${name}) when 1 then v.option1 when 2 then v.option2 when 3 then v.option3 end)`;

/**
 * The SQL condition (on products aliased `p`) for the shopper's filters (issue 13 item 6 "the storefront filters by
 * them"): each option's values OR-ed (a variant holding one of them), vendors and types OR-ed, availability = a
 * variant in stock or sold when out of stock, price = a variant within the bounds; the groups AND-ed.
 */
export function shopperFilterCondition(f: ShopperFilters): SQL {
  const parts: SQL[] = [];
  const byOption = new Map<string, string[]>();
  for (const pair of f.option ?? []) {
    const at = pair.indexOf(':');
    if (at <= 0) continue;
    const name = pair.slice(0, at);
    byOption.set(name, [...(byOption.get(name) ?? []), pair.slice(at + 1)]);
  }
  for (const [name, values] of byOption) {
    parts.push(sql`exists (select 1 from product_variants v where v.product_id = p.id and ${optionValue(name)} in (${list(values)}))`);
  }
  if (f.vendor?.length) parts.push(sql`p.vendor in (${list(f.vendor)})`);
  if (f.type?.length) parts.push(sql`p.product_type in (${list(f.type)})`);
  if (f.available) {
    parts.push(
      sql`exists (select 1 from product_variants v where v.product_id = p.id and (v.inventory_qty > 0 or v.inventory_policy = 'continue'))`,
    );
  }
  if (f.priceMin !== undefined || f.priceMax !== undefined) {
    parts.push(
      sql`exists (select 1 from product_variants v where v.product_id = p.id
            ${f.priceMin !== undefined ? sql`and v.price_cents >= ${f.priceMin}` : sql``}
            ${f.priceMax !== undefined ? sql`and v.price_cents <= ${f.priceMax}` : sql``})`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * GET /api/storefront/filters?collection= (issue 13 item 6): the shop's ENABLED filters in their order, each with the
 * values found among the published products of the collection (every product when absent or `all`) and how many
 * products have each; an option's values follow the merchant's order first, then A→Z; the price filter carries the
 * lowest and highest variant price (cents). A filter with nothing to offer is left out. 404 unknown collection.
 */
export async function storefrontFilters(db: Db, storeId: string, handle?: string): Promise<StorefrontFilter[]> {
  let scope = sql``;
  if (handle && handle !== 'all') {
    const [c] = await db
      .select({ id: collections.id })
      .from(collections)
      .where(sql`${collections.storeId} = ${storeId} and ${collections.handle} = ${handle}`);
    if (!c) throw notFound('Collection');
    scope = sql`and p.id in (select cp.product_id from collection_products cp where cp.collection_id = ${c.id})`;
  }
  const base = sql`from products p where p.store_id = ${storeId} and p.published ${scope}`;
  const defs = (await getProductFilters(db, storeId)).filters.filter((f) => f.enabled);
  const out: StorefrontFilter[] = [];
  for (const f of defs) {
    if (f.type === 'price') {
      const [r] = await rows<{ lo: number | null; hi: number | null }>(
        db,
        sql`select min(v.price_cents)::int as lo, max(v.price_cents)::int as hi
            from product_variants v where v.product_id in (select p.id ${base})`,
      );
      if (r?.lo != null && r.hi != null)
        out.push({ type: f.type, label: f.label, param: 'price', values: [], range: { minCents: r.lo, maxCents: r.hi } });
      continue;
    }
    let found: { value: string; count: number }[];
    if (f.type === 'option') {
      found = await rows(
        db,
        sql`select x.value, count(distinct x.pid)::int as count from (
              select p.id as pid, ${optionValue(f.optionName!)} as value
              from products p join product_variants v on v.product_id = p.id
              where p.store_id = ${storeId} and p.published ${scope}) x
            where x.value is not null group by x.value order by x.value`,
      );
      const rank = (v: string) => {
        const i = f.values.indexOf(v);
        return i === -1 ? f.values.length : i;
      };
      found.sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
    } else if (f.type === 'availability') {
      const [r] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count ${base} and exists (select 1 from product_variants v where v.product_id = p.id
              and (v.inventory_qty > 0 or v.inventory_policy = 'continue'))`,
      );
      found = r && Number(r.count) > 0 ? [{ value: '1', count: Number(r.count) }] : [];
    } else {
      const col = f.type === 'vendor' ? sql`p.vendor` : sql`p.product_type`;
      found = await rows(db, sql`select ${col} as value, count(*)::int as count ${base} and ${col} <> '' group by 1 order by 1`);
    }
    if (!found.length) continue;
    out.push({
      type: f.type,
      label: f.label,
      param: f.type === 'productType' ? 'type' : f.type === 'availability' ? 'available' : f.type,
      values: found.map((x) => ({
        value: f.type === 'option' ? `${f.optionName}:${x.value}` : x.value,
        label: f.type === 'availability' ? 'In stock' : x.value,
        count: Number(x.count),
      })),
      range: null,
    } as StorefrontFilter);
  }
  return out;
}
