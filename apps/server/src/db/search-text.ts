import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index } from 'drizzle-orm/pg-core';

/**
 * The text global search matches per table (issue 20 item 1), declared once: the schema's trigram indexes
 * (`*_search` GIN indexes, `(store_id, <text> gin_trgm_ops)`) are built on exactly these expressions, and
 * `modules/search/service.ts` queries the same expressions, so PostgreSQL uses the index. Changing one changes both
 * (then `npm run db:generate -w apps/server` writes the new index). Each expression uses only the table's own
 * columns and immutable functions (an index expression must be immutable).
 */
export const SEARCH_TEXT = {
  /** Order name (#1042), the customer's full name and e-mail from the checkout's snapshot. */
  orders: `order_name || ' ' || coalesce(customer_info -> 0 ->> 'full_name', '') || ' ' || coalesce(customer_info -> 0 ->> 'email', '')`,
  products: `title || ' ' || handle`,
  /** SKU and barcode of a variant. */
  variants: `sku || ' ' || coalesce(barcode, '')`,
  customers: `first_name || ' ' || last_name || ' ' || email`,
  collections: `title || ' ' || handle`,
  pages: `title || ' ' || handle`,
  discounts: `coalesce(code, '') || ' ' || title`,
} as const;

/**
 * A trigram GIN index of a table's search text (issue 20 item 1, `db/search-text.ts`), store first: `store_id`
 * through btree_gin, so one index scan finds a shop's rows whose text is LIKE / `<%` (word_similarity) the query.
 * The extensions pg_trgm and btree_gin are created by the migration that added these indexes (0017_search).
 */
export const searchIndex = (name: string, storeIdColumn: AnyPgColumn, text: string) =>
  index(name).using('gin', storeIdColumn, sql.raw(`(${text}) gin_trgm_ops`));
