CREATE TABLE "analytics_days" (
	"store_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"paid_sales_cents" bigint DEFAULT 0 NOT NULL,
	"online_sales_cents" bigint DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"view_store" integer DEFAULT 0 NOT NULL,
	"add_to_cart" integer DEFAULT 0 NOT NULL,
	"reached_checkout" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- analytics_days: the analytics_buckets roll-up summed per UTC day (issue 14 item 1), kept current in the writing
-- transaction by statement-level triggers on analytics_buckets: every inserted, updated or deleted bucket row adds
-- its delta (new − old) to the row of its UTC day, with additive upserts (n = n + excluded.n) aggregated in
-- (store_id, day) order, like the bucket triggers. Rows of a store being deleted are skipped (its days go by cascade).
CREATE OR REPLACE FUNCTION analytics_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT 1 AS s, n.* FROM new_rows n) x
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      paid_orders = d.paid_orders + excluded.paid_orders,
      paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
      visitors = d.visitors + excluded.visitors,
      view_store = d.view_store + excluded.view_store,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout,
      purchased = d.purchased + excluded.purchased;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x
    WHERE EXISTS (SELECT 1 FROM stores st WHERE st.id = x.store_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      paid_orders = d.paid_orders + excluded.paid_orders,
      paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
      visitors = d.visitors + excluded.visitors,
      view_store = d.view_store + excluded.view_store,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout,
      purchased = d.purchased + excluded.purchased;
  ELSE
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT -1 AS s, o.* FROM old_rows o) x
    WHERE EXISTS (SELECT 1 FROM stores st WHERE st.id = x.store_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      paid_orders = d.paid_orders + excluded.paid_orders,
      paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
      visitors = d.visitors + excluded.visitors,
      view_store = d.view_store + excluded.view_store,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout,
      purchased = d.purchased + excluded.purchased;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_days_on_insert AFTER INSERT ON analytics_buckets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_days_on_update AFTER UPDATE ON analytics_buckets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_days_on_delete AFTER DELETE ON analytics_buckets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_apply();
--> statement-breakpoint
-- The days of the buckets already there.
INSERT INTO analytics_days (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
SELECT store_id, date_trunc('day', bucket, 'UTC'), sum(paid_orders), sum(paid_sales_cents), sum(online_sales_cents), sum(visitors), sum(view_store), sum(add_to_cart), sum(reached_checkout), sum(purchased)
FROM analytics_buckets
GROUP BY 1, 2;
