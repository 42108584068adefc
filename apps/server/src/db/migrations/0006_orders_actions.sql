CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"author_id" uuid,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_fulfillments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_number" text,
	"carrier" text,
	"tracking_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_fulfillments_order" ON "order_fulfillments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customers_store_created" ON "customers" USING btree ("store_id","created_at");--> statement-breakpoint
-- Hand-written (issue 12 items 1–2). A refund never exceeds the order's grand total, even if a code path forgets.
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("refunded_cents" >= 0 AND "refunded_cents" <= "grand_total_cents");--> statement-breakpoint
-- The paid-order rule of apps/server/src/lib/money.ts, replacing 0002's: financial_status paid, partially_refunded
-- or refunded (captured money) counts as a paid order of its created_at, with sales net of refunds
-- (grand_total_cents - refunded_cents). A refund is an UPDATE of refunded_cents, so the UPDATE branch subtracts
-- the old net and adds the new one in the order's bucket: the order's day loses exactly the refunded amount.
CREATE OR REPLACE FUNCTION analytics_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
    SELECT n.store_id, analytics_bucket(n.created_at), count(*), sum(n.grand_total_cents - n.refunded_cents),
           coalesce(sum(n.grand_total_cents - n.refunded_cents) FILTER (WHERE n.source_name = 'online_store'), 0)
    FROM new_rows n
    WHERE n.financial_status IN ('paid', 'partially_refunded', 'refunded')
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, bucket) DO UPDATE SET
      paid_orders = b.paid_orders + excluded.paid_orders,
      paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
    SELECT o.store_id, analytics_bucket(o.created_at), -count(*), -sum(o.grand_total_cents - o.refunded_cents),
           -coalesce(sum(o.grand_total_cents - o.refunded_cents) FILTER (WHERE o.source_name = 'online_store'), 0)
    FROM old_rows o
    WHERE o.financial_status IN ('paid', 'partially_refunded', 'refunded') AND EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, bucket) DO UPDATE SET
      paid_orders = b.paid_orders + excluded.paid_orders,
      paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  ELSE
    INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
    SELECT d.store_id, d.bucket, sum(d.sign), sum(d.sign * d.cents), sum(d.sign * d.online)
    FROM (
      SELECT n.store_id, analytics_bucket(n.created_at) AS bucket, 1 AS sign, (n.grand_total_cents - n.refunded_cents)::bigint AS cents,
             CASE WHEN n.source_name = 'online_store' THEN n.grand_total_cents - n.refunded_cents ELSE 0 END::bigint AS online
      FROM new_rows n WHERE n.financial_status IN ('paid', 'partially_refunded', 'refunded')
      UNION ALL
      SELECT o.store_id, analytics_bucket(o.created_at), -1, (o.grand_total_cents - o.refunded_cents)::bigint,
             CASE WHEN o.source_name = 'online_store' THEN o.grand_total_cents - o.refunded_cents ELSE 0 END::bigint
      FROM old_rows o WHERE o.financial_status IN ('paid', 'partially_refunded', 'refunded')
    ) d
    WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = d.store_id)
    GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.cents) <> 0 OR sum(d.sign * d.online) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, bucket) DO UPDATE SET
      paid_orders = b.paid_orders + excluded.paid_orders,
      paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Shopify's fulfillment vocabulary: 'partial' (was 'partially_fulfilled'); a refunded order gave its total back.
UPDATE orders SET fulfillment_status = 'partial' WHERE fulfillment_status = 'partially_fulfilled';--> statement-breakpoint
UPDATE orders SET refunded_cents = grand_total_cents WHERE financial_status = 'refunded' AND refunded_cents = 0;--> statement-breakpoint
UPDATE orders SET closed_at = created_at
  WHERE closed_at IS NULL AND fulfillment_status = 'fulfilled' AND financial_status IN ('paid', 'partially_refunded', 'refunded');--> statement-breakpoint
-- Rebuild the paid-order columns of the roll-up under the new rule.
UPDATE analytics_buckets SET paid_orders = 0, paid_sales_cents = 0, online_sales_cents = 0
  WHERE paid_orders <> 0 OR paid_sales_cents <> 0 OR online_sales_cents <> 0;--> statement-breakpoint
INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
SELECT store_id, analytics_bucket(created_at), count(*), sum(grand_total_cents - refunded_cents),
       coalesce(sum(grand_total_cents - refunded_cents) FILTER (WHERE source_name = 'online_store'), 0)
FROM orders WHERE financial_status IN ('paid', 'partially_refunded', 'refunded')
GROUP BY 1, 2
ON CONFLICT (store_id, bucket) DO UPDATE SET
  paid_orders = excluded.paid_orders,
  paid_sales_cents = excluded.paid_sales_cents,
  online_sales_cents = excluded.online_sales_cents;
