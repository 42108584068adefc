-- Global search (issue 20 item 1): trigram indexes of each table's search text (db/search-text.ts), store first.
-- pg_trgm gives gin_trgm_ops (LIKE/ILIKE and word_similarity '<%' through the index); btree_gin lets store_id
-- (uuid) sit in the same GIN index. PGlite loads both from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "collections_search" ON "collections" USING gin ("store_id",(title || ' ' || handle) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search" ON "customers" USING gin ("store_id",(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search" ON "orders" USING gin ("store_id",(order_name || ' ' || coalesce(customer_info -> 0 ->> 'full_name', '') || ' ' || coalesce(customer_info -> 0 ->> 'email', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_variants_search" ON "product_variants" USING gin ("store_id",(sku || ' ' || coalesce(barcode, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin ("store_id",(title || ' ' || handle) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pages_search" ON "pages" USING gin ("store_id",(title || ' ' || handle) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discounts_search" ON "discounts" USING gin ("store_id",(coalesce(code, '') || ' ' || title) gin_trgm_ops);
