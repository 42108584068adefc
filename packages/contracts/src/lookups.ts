import { z } from 'zod';
import { DISCOUNT_MAX_ITEMS } from './discounts.js';

/**
 * Query of the catalog pickers' lookups — `GET /api/discounts/lookups` (the discount and Boost UpSell forms, scope
 * `discounts`) and `GET /api/widgets/lookups` (the handpicked product widget, scope `apps`): the kind, a title
 * search, or comma-joined ids to name the items a form already holds; at most `LOOKUP_RESULTS_LIMIT` (20) answers for
 * a search. Each screen's own scope is enough: a picker never needs the Products permission.
 */
export const CatalogLookupQuery = z.object({
  kind: z.enum(['products', 'collections']),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  ids: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.uuid('ids must be comma-joined ids')).max(DISCOUNT_MAX_ITEMS).optional()),
});
export type CatalogLookupQuery = z.input<typeof CatalogLookupQuery>;

/** The catalog pickers' lookup answer: products or collections of the shop by title, with their first image. */
export const CatalogLookupResponse = z.object({
  items: z.array(z.object({ id: z.uuid(), title: z.string(), imageSrc: z.string().nullable() })),
});
export type CatalogLookupResponse = z.infer<typeof CatalogLookupResponse>;
