import type { Page, PageBody, PageListQuery, PageListResponse } from '@backroom/contracts';
import { PageBody as PageBodySchema, PageListQuery as PageListQuerySchema } from '@backroom/contracts';
import { and, asc, count, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pages } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { firstFreeHandle, handleize, handleTaken, isUniqueViolation } from '../../lib/handles.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';

/**
 * Content pages of a shop (spec admin-dashboard §7 Pages; issue 11 item 2). Every query is scoped by the store id;
 * another shop's page answers 404 as if absent.
 */

type Row = typeof pages.$inferSelect;

const toPage = (r: Row): Page => ({
  id: r.id,
  title: r.title,
  handle: r.handle,
  bodyHtml: r.bodyHtml,
  seoTitle: r.seoTitle,
  seoDescription: r.seoDescription,
  published: r.published,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The shop's pages, by title, one 1-based page of `limit` (1–100), optionally whose title or handle contains
 * `search` (case-insensitive) and only published (`'true'`) or hidden (`'false'`) ones. Bodies are left out.
 */
export async function listPages(db: Db, storeId: string, query: PageListQuery): Promise<PageListResponse> {
  const q = PageListQuerySchema.parse(query);
  const conds = [eq(pages.storeId, storeId)];
  if (q.search) conds.push(or(ilike(pages.title, `%${escapeLike(q.search)}%`), ilike(pages.handle, `%${escapeLike(q.search)}%`))!);
  if (q.published) conds.push(eq(pages.published, q.published === 'true'));
  const where = and(...conds);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(pages)
      .where(where)
      .orderBy(asc(pages.title), asc(pages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(pages).where(where),
  ]);
  return {
    pages: list.map((r) => {
      const { bodyHtml: _omit, ...rest } = toPage(r);
      return rest;
    }),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** One page of the shop; 404 'Page not found' when absent or another shop's. */
export async function getPage(db: Db, storeId: string, id: string): Promise<Page> {
  const [r] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
  if (!r) throw notFound('Page');
  return toPage(r);
}

/** Handles of the shop's pages equal to `base` or starting with `base-` (other than page `exceptId`). */
async function takenHandles(db: Db, storeId: string, base: string, exceptId?: string): Promise<Set<string>> {
  const list = await db
    .select({ id: pages.id, handle: pages.handle })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), or(eq(pages.handle, base), like(pages.handle, `${escapeLike(base)}-%`))));
  return new Set(list.filter((r) => r.id !== exceptId).map((r) => r.handle));
}

/**
 * Creates (no `id`) or replaces (`id`) a page. The body is sanitised here (sanitize-html: no scripts, handlers or
 * javascript: links), and again when the storefront renders it. A handle given by the merchant must be free in the
 * shop (400 `body.handle: 'x' is already used by another page`); an absent one is made from the title and numbered
 * when taken (`about-us-2`); on update an absent handle keeps the page's own. Racing writers of one handle: the
 * unique index decides, the loser gets the same 400. 404 for an unknown or foreign id.
 */
export async function savePage(db: Db, storeId: string, input: PageBody, id?: string): Promise<Page> {
  const b = PageBodySchema.parse(input);
  const existing = id ? await getPage(db, storeId, id) : null;
  let handle: string;
  if (b.handle) {
    if ((await takenHandles(db, storeId, b.handle, id)).has(b.handle)) throw handleTaken(b.handle, 'page');
    handle = b.handle;
  } else if (existing) {
    handle = existing.handle;
  } else {
    const base = handleize(b.title, 'page');
    handle = firstFreeHandle(base, await takenHandles(db, storeId, base));
  }
  const values = {
    title: b.title,
    handle,
    bodyHtml: sanitizeMerchantHtml(b.bodyHtml),
    seoTitle: b.seoTitle,
    seoDescription: b.seoDescription,
    published: b.published,
  };
  try {
    if (existing) {
      const [r] = await db
        .update(pages)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(pages.storeId, storeId), eq(pages.id, existing.id)))
        .returning();
      if (!r) throw notFound('Page');
      return toPage(r);
    }
    const [r] = await db
      .insert(pages)
      .values({ storeId, ...values })
      .returning();
    return toPage(r!);
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken(handle, 'page');
    throw err;
  }
}

/** Deletes a page of the shop; 404 when absent or foreign. Menu items pointing at it are then shown as broken. */
export async function deletePage(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.id, id)))
    .returning({ id: pages.id });
  if (!r.length) throw notFound('Page');
}
