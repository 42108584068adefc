import type {
  Collection,
  CollectionCreateBody,
  CollectionRule,
  CollectionSummary,
  CollectionType,
  CollectionUpdateBody,
  ProductStatus,
} from '@backroom/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { collectionProducts, collections } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { majorFromCents } from '../../lib/money.js';
import { pictureExists } from '../../lib/paths.js';

/**
 * Collections (issue 13 item 3, route website.collections, scope `products`): manual collections hold the
 * products the merchant picked, in the order they dragged them to (`collection_products.position`); automated
 * collections hold the products matching Shopify's smart-collection `rules` (all of them, or any with
 * `disjunctive`), kept current by `syncAutomatedCollections`, which every product write calls in its transaction.
 */

/** `%…%` / `…%` ILIKE patterns with LIKE wildcards escaped. */
const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL condition on product `p` for one rule (Shopify semantics; text compared case-insensitively). */
export function ruleCondition(r: CollectionRule): SQL {
  const c = r.condition;
  if (r.column.startsWith('variant_')) {
    const n = Number(c);
    const col = {
      variant_price: sql`v.price_cents`,
      variant_compare_at_price: sql`v.compare_at_price_cents`,
      variant_inventory: sql`v.inventory_qty`,
      variant_weight: sql`v.grams`,
    }[r.column as 'variant_price'];
    // Prices in major units → cents; weight in kg → grams; inventory as is.
    const value =
      r.column === 'variant_inventory' ? Math.round(n) : r.column === 'variant_weight' ? Math.round(n * 1000) : Math.round(n * 100);
    const op = { equals: sql`=`, not_equals: sql`<>`, greater_than: sql`>`, less_than: sql`<` }[r.relation as 'equals'];
    return sql`exists (select 1 from product_variants v where v.product_id = p.id and ${col} ${op} ${value}::int)`;
  }
  const text = (col: SQL): SQL => {
    switch (r.relation) {
      case 'equals':
        return sql`lower(${col}) = lower(${c})`;
      case 'not_equals':
        return sql`lower(${col}) <> lower(${c})`;
      case 'starts_with':
        return sql`${col} ilike ${`${esc(c)}%`}`;
      case 'ends_with':
        return sql`${col} ilike ${`%${esc(c)}`}`;
      case 'contains':
        return sql`${col} ilike ${`%${esc(c)}%`}`;
      default:
        return sql`${col} not ilike ${`%${esc(c)}%`}`;
    }
  };
  if (r.column === 'tag') {
    // A tag rule looks at each tag; the negative relations mean "no tag is / contains".
    if (r.relation === 'not_equals') return sql`not exists (select 1 from unnest(p.tags) t(tag) where lower(t.tag) = lower(${c}))`;
    if (r.relation === 'not_contains') return sql`not exists (select 1 from unnest(p.tags) t(tag) where t.tag ilike ${`%${esc(c)}%`})`;
    return sql`exists (select 1 from unnest(p.tags) t(tag) where ${text(sql`t.tag`)})`;
  }
  const col = { type: sql`p.product_type`, vendor: sql`p.vendor`, title: sql`p.title` }[r.column as 'type'];
  return text(col);
}

/** The condition "product p belongs" of an automated collection: all rules (or any, when disjunctive). */
function rulesCondition(rules: CollectionRule[], disjunctive: boolean): SQL {
  if (!rules.length) return sql`false`;
  return sql`(${sql.join(rules.map(ruleCondition), disjunctive ? sql` or ` : sql` and `)})`;
}

/**
 * Brings the automated collections of a store up to date (issue 13 item 3 "kept current as products change"):
 * for `productIds` (or every product when omitted, e.g. after a rule change, or `collectionId` alone), adds the
 * products that now match (at the end of the order) and removes those that no longer do. Call it inside the
 * transaction that changed the products.
 */
export async function syncAutomatedCollections(
  tx: Db,
  storeId: string,
  o: { productIds?: string[]; collectionId?: string } = {},
): Promise<void> {
  if (o.productIds && !o.productIds.length) return;
  const list = await rows<{ id: string; rules: CollectionRule[]; disjunctive: boolean }>(
    tx,
    sql`select id, rules, disjunctive from collections
        where store_id = ${storeId}::uuid and type = 'automated' ${o.collectionId ? sql`and id = ${o.collectionId}::uuid` : sql``}`,
  );
  const only = o.productIds
    ? sql`and p.id in (${sql.join(
        o.productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  for (const c of list) {
    const cond = rulesCondition(c.rules, c.disjunctive);
    await tx.execute(sql`
      delete from collection_products cp using products p
      where cp.collection_id = ${c.id}::uuid and p.id = cp.product_id ${only} and not ${cond}`);
    await tx.execute(sql`
      insert into collection_products (collection_id, product_id, position)
      select ${c.id}::uuid, p.id,
             (select coalesce(max(position), 0) from collection_products where collection_id = ${c.id}::uuid)
               + row_number() over (order by p.created_at, p.id)
      from products p
      where p.store_id = ${storeId}::uuid ${only} and ${cond}
      on conflict do nothing`);
  }
}

/**
 * One page of a store's collections, A→Z by title, with image.src (its own picture, else its first product's),
 * product count and type; `search` matches title or handle.
 */
export async function listCollections(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; search?: string },
): Promise<{ collections: CollectionSummary[]; total: number }> {
  const where: SQL[] = [sql`c.store_id = ${storeId}::uuid`];
  if (q.search) {
    const pat = `%${esc(q.search)}%`;
    where.push(sql`(c.title ilike ${pat} or c.handle ilike ${pat})`);
  }
  const cond = sql.join(where, sql` and `);
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(db, sql`select count(*)::int as total from collections c where ${cond}`);
  const list = await rows<{
    id: string;
    title: string;
    handle: string;
    description: string;
    image_src: string | null;
    n: number;
    type: string;
  }>(
    db,
    sql`select c.id, c.title, c.handle, c.description, c.type,
               coalesce(c.image_src, (select i.src from collection_products cp join product_images i on i.product_id = cp.product_id
                                      where cp.collection_id = c.id order by cp.position, i.position limit 1)) as image_src,
               (select count(*)::int from collection_products cp where cp.collection_id = c.id) as n
        from collections c where ${cond}
        order by lower(c.title), c.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    total,
    collections: list.map((c) => ({
      id: c.id,
      title: c.title,
      handle: c.handle,
      description: c.description,
      image: c.image_src ? { src: c.image_src } : null,
      productsCount: c.n,
      type: c.type as CollectionType,
    })),
  };
}

/** GET /api/collections/{id}: the collection with its products in order; 404 'Collection not found' when foreign. */
export async function getCollection(db: Db, storeId: string, id: string): Promise<Collection> {
  const [c] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.storeId, storeId)));
  if (!c) throw notFound('Collection');
  const list = await rows<{ id: string; title: string; handle: string; status: string; image: string | null; min_cents: number | null }>(
    db,
    sql`select p.id, p.title, p.handle, p.status,
               (select i.src from product_images i where i.product_id = p.id order by i.position limit 1) as image,
               (select min(price_cents) from product_variants v where v.product_id = p.id) as min_cents
        from collection_products cp join products p on p.id = cp.product_id
        where cp.collection_id = ${id}::uuid order by cp.position, p.id`,
  );
  return {
    id: c.id,
    title: c.title,
    handle: c.handle,
    description: c.description,
    imageSrc: c.imageSrc,
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    type: c.type as CollectionType,
    rules: c.rules as CollectionRule[],
    disjunctive: c.disjunctive,
    products: list.map((p) => ({
      id: p.id,
      title: p.title,
      handle: p.handle,
      status: p.status as ProductStatus,
      image: p.image ? { src: p.image } : null,
      price: majorFromCents(p.min_cents ?? 0),
    })),
    productsCount: list.length,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A collection handle from a title (Shopify: lower case, '-' between words), unique in the store. */
async function freeHandle(tx: Db, storeId: string, title: string, wanted: string | undefined, selfId?: string) {
  const taken = async (h: string) => {
    const [r] = await rows<{ id: string }>(tx, sql`select id from collections where store_id = ${storeId}::uuid and handle = ${h} limit 1`);
    return !!r && r.id !== selfId;
  };
  if (wanted) {
    if (await taken(wanted)) throw badRequest(`body.handle: '${wanted}' is already used by another collection`);
    return wanted;
  }
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 240) || 'collection';
  for (let n = 0; ; n++) {
    const h = n ? `${base}-${n}` : base;
    if (!(await taken(h))) return h;
  }
}

/** Replaces a manual collection's products with `productIds` in that order (400 naming a foreign/unknown id). */
async function writeManualProducts(tx: Db, storeId: string, collectionId: string, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length) {
    const found = await rows<{ id: string }>(
      tx,
      sql`select id from products where store_id = ${storeId}::uuid and id in (${sql.join(
        ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`,
    );
    const known = new Set(found.map((f) => f.id));
    const bad = productIds.findIndex((i) => !known.has(i));
    if (bad !== -1) throw badRequest(`body.productIds.${bad}: not a product of this store`);
  }
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (ids.length) await tx.insert(collectionProducts).values(ids.map((productId, i) => ({ collectionId, productId, position: i + 1 })));
}

/**
 * POST /api/collections: creates a manual collection with `productIds` in order, or an automated one filled at
 * once from its rules. Handle as given (400 when taken) or from the title. One transaction.
 */
export async function createCollection(db: Db, storeId: string, body: CollectionCreateBody): Promise<Collection> {
  if (body.imageSrc && !pictureExists(body.imageSrc)) throw badRequest('body.imageSrc: no such demo picture');
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const handle = await freeHandle(tx, storeId, body.title, body.handle);
    const [c] = await tx
      .insert(collections)
      .values({
        storeId,
        handle,
        title: body.title,
        description: sanitizeMerchantHtml(body.description ?? ''),
        imageSrc: body.imageSrc ?? null,
        seoTitle: body.seoTitle || null,
        seoDescription: body.seoDescription || null,
        type: body.type,
        rules: body.type === 'automated' ? (body.rules ?? []) : [],
        disjunctive: body.disjunctive ?? false,
      })
      .returning({ id: collections.id });
    if (body.type === 'manual') await writeManualProducts(tx, storeId, c!.id, body.productIds ?? []);
    else await syncAutomatedCollections(tx, storeId, { collectionId: c!.id });
    return c!.id;
  });
  return getCollection(db, storeId, id);
}

/**
 * PUT /api/collections/{id}: changes the fields given. A manual collection takes `productIds` (the new order) and
 * refuses rules; an automated one takes `rules`/`disjunctive` (its products are recomputed) and refuses
 * productIds. 404 when foreign.
 */
export async function updateCollection(db: Db, storeId: string, id: string, body: CollectionUpdateBody): Promise<Collection> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [c] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.id, id), eq(collections.storeId, storeId)))
      .for('update');
    if (!c) throw notFound('Collection');
    if (c.type === 'manual' && body.rules?.length) throw badRequest('body.rules: a manual collection has no rules');
    if (c.type === 'automated' && body.productIds)
      throw badRequest('body.productIds: the products of an automated collection come from its rules');
    if (c.type === 'automated' && body.rules && !body.rules.length)
      throw badRequest('body.rules: an automated collection needs at least one rule');
    const set: Partial<typeof collections.$inferInsert> = { updatedAt: new Date() };
    if (body.title !== undefined) set.title = body.title;
    if (body.handle !== undefined && body.handle !== c.handle) set.handle = await freeHandle(tx, storeId, c.title, body.handle, c.id);
    if (body.description !== undefined) set.description = sanitizeMerchantHtml(body.description);
    if (body.imageSrc && !pictureExists(body.imageSrc)) throw badRequest('body.imageSrc: no such demo picture');
    if (body.imageSrc !== undefined) set.imageSrc = body.imageSrc;
    if (body.seoTitle !== undefined) set.seoTitle = body.seoTitle || null;
    if (body.seoDescription !== undefined) set.seoDescription = body.seoDescription || null;
    if (body.rules !== undefined) set.rules = body.rules;
    if (body.disjunctive !== undefined) set.disjunctive = body.disjunctive;
    await tx.update(collections).set(set).where(eq(collections.id, id));
    if (c.type === 'manual' && body.productIds) await writeManualProducts(tx, storeId, id, body.productIds);
    if (c.type === 'automated' && (body.rules !== undefined || body.disjunctive !== undefined)) {
      await syncAutomatedCollections(tx, storeId, { collectionId: id });
    }
  });
  return getCollection(db, storeId, id);
}

/** DELETE /api/collections/{id}: removes the collection (its products stay); 404 when foreign. */
export async function deleteCollection(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await db
    .delete(collections)
    .where(and(eq(collections.id, id), eq(collections.storeId, storeId)))
    .returning({ id: collections.id });
  if (!gone.length) throw notFound('Collection');
}
