-- orders.customer_id references customers ON DELETE SET NULL: without an index every deleted customer makes
-- PostgreSQL scan all orders (deleting a demo shop of a million orders never finished). Also serves "orders of
-- a customer" lookups.
CREATE INDEX IF NOT EXISTS "orders_customer" ON "orders" ("customer_id");
