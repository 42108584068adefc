-- Issue 31 item 4: the storefront answers 410 Gone (not 404) for the page of a product the shop deleted, so search
-- engines and feeds drop it. Products are deleted outright, so their handles are kept here by a statement-level
-- trigger (one insert per statement, however many rows it deleted). No foreign key: a shop being deleted takes its
-- products with it, and those handles are not kept (the shop is gone).
CREATE TABLE "deleted_product_handles" (
	"store_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_product_handles_store_id_handle_pk" PRIMARY KEY("store_id","handle")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_handles_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_product_handles (store_id, handle)
  SELECT DISTINCT r.store_id, r.handle FROM gone_rows r WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = r.store_id)
  ON CONFLICT (store_id, handle) DO UPDATE SET deleted_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_handles_del AFTER DELETE ON products REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION product_handles_deleted();
