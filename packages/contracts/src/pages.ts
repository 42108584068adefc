import { z } from 'zod';
import { PAGES_PAGE_SIZE, SEO_DESCRIPTION_MAX } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Content pages (spec admin-dashboard §7 Pages; issue 11 item 2): `/api/stores/onlinestore/pages/…`, scope `pages`.
 * The storefront shows a published page at `/pages/{handle}`.
 */

/** Longest page title and SEO title, in characters. */
export const PAGE_TITLE_MAX = 255;
/** Largest page body, in characters of HTML. */
export const PAGE_BODY_MAX = 200_000;

/**
 * A URL handle (pages, menus): 1–255 lower-case letters, digits and single hyphens, e.g. `refund-policy`
 * (Shopify's handles). The storefront path is built from it.
 */
export const Handle = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'handle is required')
  .max(255, 'handle must have at most 255 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'handle may hold only letters a-z, digits and single hyphens (e.g. refund-policy)');

/**
 * POST and PUT body of a page: `title` (required), `handle` (optional: made from the title when absent; unique in
 * the shop), `bodyHtml` (rich text, sanitised on save), SEO title and description, `published`.
 */
export const PageBody = z.object({
  title: z.string().trim().min(1, 'title is required').max(PAGE_TITLE_MAX, `title must have at most ${PAGE_TITLE_MAX} characters`),
  handle: z.union([Handle, z.literal('').transform(() => undefined)]).optional(),
  bodyHtml: z.string().max(PAGE_BODY_MAX, `bodyHtml must have at most ${PAGE_BODY_MAX} characters`).default(''),
  seoTitle: z.string().trim().max(PAGE_TITLE_MAX, `seoTitle must have at most ${PAGE_TITLE_MAX} characters`).default(''),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, `seoDescription must have at most ${SEO_DESCRIPTION_MAX} characters`)
    .default(''),
  published: z.boolean().default(true),
});
export type PageBody = z.input<typeof PageBody>;

/** A page as the admin reads it; times ISO 8601. */
export const Page = z
  .object({
    id: z.uuid(),
    title: z.string(),
    handle: z.string(),
    bodyHtml: z.string(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    published: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof Page>;

/** GET /api/stores/onlinestore/pages/ query: 1-based page, 1–100 a page, title/handle search, published filter. */
export const PageListQuery = z.object({
  page: pageParam,
  limit: limitParam(PAGES_PAGE_SIZE),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  published: z.enum(['true', 'false'], 'published must be true or false').optional(),
});
export type PageListQuery = z.input<typeof PageListQuery>;

/** A page in the list: no body. */
export const PageSummary = Page.omit({ bodyHtml: true }).meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof PageSummary>;
export const PageListResponse = z.object({
  pages: z.array(PageSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PageListResponse = z.infer<typeof PageListResponse>;

/** `{id}` of a page, menu, domain, personalisation or font. */
export const IdParams = z.object({ id: z.uuid('id must be a uuid') });
