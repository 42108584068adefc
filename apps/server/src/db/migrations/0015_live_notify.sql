-- Live view (issue 17 item 5): every statement writing storefront events or orders raises NOTIFY backroom_live with
-- the store id of each store it touched (one notice per store and statement; PostgreSQL sends them at commit and
-- merges identical notices of one transaction). Every server copy LISTENs (modules/live), so a shopper's click on
-- one copy moves the live view open on any other. Statement-level with transition tables: bulk writes stay cheap.
CREATE OR REPLACE FUNCTION live_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE s text;
BEGIN
  FOR s IN SELECT DISTINCT n.store_id::text FROM new_rows n LOOP
    PERFORM pg_notify('backroom_live', s);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER storefront_events_live AFTER INSERT ON storefront_events
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_notify();
--> statement-breakpoint
CREATE TRIGGER orders_live_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_notify();
--> statement-breakpoint
CREATE TRIGGER orders_live_update AFTER UPDATE ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_notify();
