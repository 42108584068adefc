CREATE TABLE "catalog_changes" (
	"store_id" uuid NOT NULL,
	"xid" "xid8" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_changes_store_id_xid_pk" PRIMARY KEY("store_id","xid")
);
--> statement-breakpoint
-- Issue 14 item 1: every statement that writes a shop's product list notes (store, its transaction) once;
-- the admin product list's answers are reused until a transaction their snapshot could not see has written here.
-- Statement-level triggers with transition tables: one insert per statement, however many rows it wrote.
CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (store_id, xid)
  SELECT DISTINCT store_id, pg_current_xact_id() FROM changed_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- collection_products has no store_id: its collection's store.
CREATE OR REPLACE FUNCTION catalog_links_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (store_id, xid)
  SELECT DISTINCT c.store_id, pg_current_xact_id() FROM changed_rows r JOIN collections c ON c.id = r.collection_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The list shows prices in the store's currency.
CREATE OR REPLACE FUNCTION catalog_currency_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (store_id, xid) VALUES (NEW.id, pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_ins AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_del AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_ins AFTER INSERT ON product_variants REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_upd AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_del AFTER DELETE ON product_variants REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_ins AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_upd AFTER UPDATE ON product_images REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_del AFTER DELETE ON product_images REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_ins AFTER INSERT ON collections REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_upd AFTER UPDATE ON collections REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_del AFTER DELETE ON collections REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_ins AFTER INSERT ON collection_products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_changed();
--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_upd AFTER UPDATE ON collection_products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_changed();
--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_del AFTER DELETE ON collection_products REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_changed();
--> statement-breakpoint
CREATE TRIGGER stores_catalog_currency AFTER UPDATE OF currency ON stores FOR EACH ROW WHEN (OLD.currency IS DISTINCT FROM NEW.currency) EXECUTE FUNCTION catalog_currency_changed();
