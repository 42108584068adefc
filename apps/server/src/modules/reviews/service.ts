import {
  MAX_REVIEW_IMPORT_ROWS,
  type Review,
  type ReviewBulkBody,
  type ReviewBulkResult,
  type ReviewFit,
  type ReviewImportReport,
  type ReviewListQuery,
  type ReviewStatus,
  type ReviewUpdateBody,
  type StorefrontReviewBody,
} from '@backroom/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { productReviews, products } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';

type ListQuery = z.output<typeof ReviewListQuery>;

interface ReviewRow {
  id: string;
  product_id: string;
  product_title: string;
  product_handle: string;
  author: string;
  email: string;
  rating: number;
  title: string;
  body: string;
  size?: string;
  fit?: string;
  status: ReviewStatus;
  reply: string;
  replied_at: Date | string | null;
  source: 'storefront' | 'import';
  created_at: Date | string;
  total?: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  product: { id: r.product_id, title: r.product_title, handle: r.product_handle },
  author: r.author,
  email: r.email,
  rating: Number(r.rating),
  title: r.title,
  body: r.body,
  size: r.size ?? '',
  fit: (r.fit ?? '') as ReviewFit,
  status: r.status,
  reply: r.reply,
  repliedAt: r.replied_at ? iso(r.replied_at) : null,
  source: r.source,
  createdAt: iso(r.created_at),
});

const SELECT = sql`select r.id, r.product_id, p.title as product_title, p.handle as product_handle, r.author, r.email, r.rating,
  r.title, r.body, r.size, r.fit, r.status, r.reply, r.replied_at, r.source, r.created_at`;

/**
 * GET /api/reviews (issue 13 item 8 "list with filters"): the store's reviews newest first, filtered by status,
 * stars, product and a case-insensitive search in author, e-mail, title, body and product title; one page; and the
 * number of reviews per status in the whole store (the tabs).
 */
export async function listReviews(db: Db, storeId: string, q: ListQuery) {
  const where: SQL[] = [sql`r.store_id = ${storeId}`];
  if (q.status) where.push(sql`r.status = ${q.status}`);
  if (q.rating) where.push(sql`r.rating = ${q.rating}`);
  if (q.productId) where.push(sql`r.product_id = ${q.productId}`);
  if (q.search) {
    const s = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(r.author ilike ${s} or r.email ilike ${s} or r.title ilike ${s} or r.body ilike ${s} or p.title ilike ${s})`);
  }
  const [list, counts] = await Promise.all([
    rows<ReviewRow>(
      db,
      sql`${SELECT}, count(*) over () as total
          from product_reviews r join products p on p.id = r.product_id
          where ${sql.join(where, sql` and `)}
          order by r.created_at desc, r.id
          limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rows<{ status: ReviewStatus; n: number }>(
      db,
      sql`select status, count(*)::int as n from product_reviews where store_id = ${storeId} group by status`,
    ),
  ]);
  const by = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  return {
    reviews: list.map(toReview),
    total: Number(list[0]?.total ?? 0),
    page: q.page,
    limit: q.limit,
    counts: { pending: by.pending ?? 0, published: by.published ?? 0, hidden: by.hidden ?? 0 },
  };
}

async function getReview(db: Db, storeId: string, id: string): Promise<Review> {
  const [r] = await rows<ReviewRow>(
    db,
    sql`${SELECT} from product_reviews r join products p on p.id = r.product_id where r.store_id = ${storeId} and r.id = ${id}`,
  );
  if (!r) throw notFound('Review');
  return toReview(r);
}

/**
 * PATCH /api/reviews/{id}: publish / hide / back to pending (`status`) and the shop's public reply (`reply`; '' removes
 * it, `repliedAt` follows). 404 when the review is not of this store.
 */
export async function updateReview(db: Db, storeId: string, id: string, b: z.output<typeof ReviewUpdateBody>): Promise<Review> {
  const set: Partial<typeof productReviews.$inferInsert> = {};
  if (b.status) set.status = b.status;
  if (b.reply !== undefined) {
    set.reply = b.reply;
    set.repliedAt = b.reply ? new Date() : null;
  }
  const r = await db
    .update(productReviews)
    .set(set)
    .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)))
    .returning({ id: productReviews.id });
  if (!r.length) throw notFound('Review');
  return getReview(db, storeId, id);
}

/** DELETE /api/reviews/{id} (404 when not of this store). */
export async function deleteReview(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(productReviews)
    .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)))
    .returning({ id: productReviews.id });
  if (!r.length) throw notFound('Review');
}

/**
 * POST /api/reviews/bulk (issue 13 item 8, bulk moderation): publishes, hides or deletes every given review of this
 * store in ONE transaction. All or nothing: when an id is not a review of this store (another shop's, or gone), the
 * transaction rolls back and the answer is 404 `Review not found`, so a foreign id never half-applies a batch.
 */
export async function bulkModerate(db: Db, storeId: string, b: z.output<typeof ReviewBulkBody>): Promise<ReviewBulkResult> {
  const mine = and(eq(productReviews.storeId, storeId), inArray(productReviews.id, b.ids));
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const done =
      b.action === 'delete'
        ? await tx.delete(productReviews).where(mine).returning({ id: productReviews.id })
        : await tx
            .update(productReviews)
            .set({ status: b.action === 'publish' ? 'published' : 'hidden' })
            .where(mine)
            .returning({ id: productReviews.id });
    if (done.length !== b.ids.length) throw notFound('Review');
  });
  return { action: b.action, count: b.ids.length };
}

/** Judge.me's `curated` column → our status (ok published, not-yet pending, spam hidden); absent → published. */
const CURATED: Record<string, ReviewStatus> = {
  ok: 'published',
  published: 'published',
  'not-yet': 'pending',
  pending: 'pending',
  spam: 'hidden',
  hidden: 'hidden',
};

/**
 * POST /api/reviews/import (issue 13 item 8 "import from CSV"): reads a review CSV with Judge.me's export columns —
 * `product_handle` (required), `rating` (1–5), `title`, `body` (required), `reviewer_name` (required),
 * `reviewer_email`, `review_date` (any date JavaScript reads; default now), `reply`, `curated` (ok / not-yet / spam).
 * Rows naming a product this store does not have, or with a bad rating, empty body or name, are skipped with their
 * line (header = line 1) and reason; a row identical to a stored review (product, name, body, date) is skipped as
 * already imported, so importing a file twice adds nothing. 400 for a file that is not such a CSV.
 */
export async function importReviews(db: Db, storeId: string, csv: string): Promise<ReviewImportReport> {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()), skip_empty_lines: true, bom: true, trim: true });
  } catch (err) {
    throw badRequest(`file: not a readable CSV (${(err as Error).message.split('\n')[0]})`);
  }
  if (!records.length) throw badRequest('file: the CSV has no reviews');
  if (records.length > MAX_REVIEW_IMPORT_ROWS) throw badRequest(`file: at most ${MAX_REVIEW_IMPORT_ROWS} reviews per import`);
  const header = Object.keys(records[0]!);
  for (const col of ['product_handle', 'rating', 'body', 'reviewer_name']) {
    if (!header.includes(col)) throw badRequest(`file: the column '${col}' is missing`);
  }
  const handles = [...new Set(records.map((r) => r.product_handle ?? ''))].filter(Boolean);
  const found = handles.length
    ? await rows<{ id: string; handle: string }>(
        db,
        sql`select id, handle from products where store_id = ${storeId} and handle in (${sql.join(
          handles.map((h) => sql`${h}`),
          sql`, `,
        )})`,
      )
    : [];
  const byHandle = new Map(found.map((p) => [p.handle, p.id]));
  const skipped: ReviewImportReport['skipped'] = [];
  const values: { line: number; v: typeof productReviews.$inferInsert }[] = [];
  records.forEach((r, i) => {
    const line = i + 2;
    const productId = byHandle.get(r.product_handle ?? '');
    const rating = Number(r.rating);
    const date = r.review_date ? new Date(r.review_date) : new Date();
    const status = r.curated ? CURATED[r.curated.toLowerCase()] : 'published';
    if (!productId) skipped.push({ line, reason: `no product with the handle '${r.product_handle ?? ''}'` });
    else if (!Number.isInteger(rating) || rating < 1 || rating > 5)
      skipped.push({ line, reason: 'rating must be a whole number from 1 to 5' });
    else if (!r.body) skipped.push({ line, reason: 'body is empty' });
    else if (!r.reviewer_name) skipped.push({ line, reason: 'reviewer_name is empty' });
    else if (Number.isNaN(date.getTime())) skipped.push({ line, reason: `review_date '${r.review_date}' is not a date` });
    else if (!status) skipped.push({ line, reason: `curated must be ok, not-yet or spam (got '${r.curated}')` });
    else {
      values.push({
        line,
        v: {
          storeId,
          productId,
          rating,
          author: r.reviewer_name.slice(0, 80),
          email: (r.reviewer_email ?? '').slice(0, 255),
          title: (r.title ?? '').slice(0, 120),
          body: r.body.slice(0, 5000),
          status,
          reply: (r.reply ?? '').slice(0, 2000),
          repliedAt: r.reply ? date : null,
          source: 'import',
          createdAt: date,
        },
      });
    }
  });
  let imported = 0;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    for (const { line, v } of values) {
      const dup = await rows(
        tx,
        sql`select 1 from product_reviews where store_id = ${storeId} and product_id = ${v.productId} and author = ${v.author}
              and body = ${v.body} and created_at = ${v.createdAt!.toISOString()}`,
      );
      if (dup.length) {
        skipped.push({ line, reason: 'already imported' });
        continue;
      }
      await tx.insert(productReviews).values(v);
      imported++;
    }
  });
  return { imported, skipped: skipped.sort((a, b) => a.line - b.line) };
}

/** A published product of the store by handle (404 otherwise). */
async function publishedProduct(db: Db, storeId: string, handle: string): Promise<string> {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.published, true)));
  if (!p) throw notFound('Product');
  return p.id;
}

/**
 * GET /api/storefront/products/{handle}/reviews (issue 13 item 8 "the product page shows published reviews and the
 * average rating"): published reviews newest first, one page, their count and average (1 decimal; null when none),
 * each with the size bought and its fit ('' when not given; the product page hides them when the theme's
 * `hideReviewSizes` is on).
 */
export async function storefrontReviews(db: Db, storeId: string, handle: string, q: { page: number; limit: number }) {
  const productId = await publishedProduct(db, storeId, handle);
  const [[agg], list] = await Promise.all([
    rows<{ n: number; avg: number | null }>(
      db,
      sql`select count(*)::int as n, round(avg(rating)::numeric, 1)::float8 as avg from product_reviews
          where product_id = ${productId} and status = 'published'`,
    ),
    rows<ReviewRow>(
      db,
      sql`select id, author, rating, title, body, size, fit, reply, created_at from product_reviews
          where product_id = ${productId} and status = 'published'
          order by created_at desc, id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
  ]);
  return {
    average: agg?.avg == null ? null : Number(agg.avg),
    count: Number(agg?.n ?? 0),
    page: q.page,
    reviews: list.map((r) => ({
      id: r.id,
      author: r.author,
      rating: Number(r.rating),
      title: r.title,
      body: r.body,
      size: r.size ?? '',
      fit: (r.fit ?? '') as ReviewFit,
      reply: r.reply,
      createdAt: iso(r.created_at),
    })),
  };
}

/** POST /api/storefront/products/{handle}/reviews: stores a shopper's review as pending (held for moderation). */
export async function submitReview(db: Db, storeId: string, handle: string, b: z.output<typeof StorefrontReviewBody>): Promise<void> {
  const productId = await publishedProduct(db, storeId, handle);
  await db.insert(productReviews).values({
    storeId,
    productId,
    author: b.author,
    email: b.email,
    rating: b.rating,
    title: b.title,
    body: b.body,
    size: b.size,
    fit: b.fit,
    status: 'pending',
    source: 'storefront',
  });
}
