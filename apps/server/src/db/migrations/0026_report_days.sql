CREATE TABLE "live_session_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"landing_path" text NOT NULL,
	"source" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_session_days_store_id_day_landing_path_source_pk" PRIMARY KEY("store_id","day","landing_path","source")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discounts_cents" bigint DEFAULT 0 NOT NULL,
	"returns_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"taxes_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"restocked_cost_cents" bigint DEFAULT 0 NOT NULL,
	"uncosted_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_fee_basis" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee_fixed_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_line_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discounts_cents" bigint DEFAULT 0 NOT NULL,
	"returns_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"restocked_cost_cents" bigint DEFAULT 0 NOT NULL,
	"uncosted_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_line_days_store_id_day_variant_id_product_id_pk" PRIMARY KEY("store_id","day","variant_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_utm_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"landing_path" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"add_to_cart" integer DEFAULT 0 NOT NULL,
	"reached_checkout" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_utm_days_store_id_day_utm_source_utm_medium_utm_campaign_landing_path_pk" PRIMARY KEY("store_id","day","utm_source","utm_medium","utm_campaign","landing_path")
);
--> statement-breakpoint
ALTER TABLE "report_order_buckets" ADD COLUMN "fees_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_session_days" ADD CONSTRAINT "live_session_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_line_days" ADD CONSTRAINT "report_line_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_utm_days" ADD CONSTRAINT "report_utm_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 17 items 5 and 7): per-day, per-store roll-ups of the Sales and Estimated profit reports in the SHOP'S
-- timezone, so a year in that zone reads 365 rows (report_days) or a row per day and variant sold (report_line_days)
-- or a row per day and attribution (report_utm_days) instead of ~35,000 fifteen-minute buckets, and the payment fees as a roll-up column instead of a scan of orders.
-- The day tables are derived from the 15-minute bucket tables of 0018 by statement triggers on those tables
-- (deltas new − old, additive upserts in key order, like 0016's analytics_days), so every write path that keeps the
-- buckets keeps the days, and a day is exactly the sum of its buckets (a local midnight is a 15-minute bound).

-- A store's standard timezone (lib/store-timezone.ts: its preference, else America/Los_Angeles, spec §9).
CREATE OR REPLACE FUNCTION reports_store_tz(p_store uuid) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT coalesce((SELECT nullif(p.standard_timezone, '') FROM store_preferences p WHERE p.store_id = p_store), 'America/Los_Angeles') $$;
--> statement-breakpoint

-- The payout ledger's processing fee of an order (payout/ledger.ts processingFeeSql): round(total × bps / 10 000)
-- half up + fixed, never more than the total; integer cents.
CREATE OR REPLACE FUNCTION reports_fee(total bigint, bps int, fixed int) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT least(total, (total * bps + 5000) / 10000 + fixed) $$;
--> statement-breakpoint

-- The rates the buckets' fees_cents are computed with; the app writes its config's rates at start
-- (reports_fee_basis_set). Until then, the config defaults (PAYOUT_FEE_BPS 290, PAYOUT_FEE_FIXED_CENTS 30).
INSERT INTO report_fee_basis (id, fee_bps, fee_fixed_cents) VALUES (1, 290, 30);
--> statement-breakpoint

-- 0018's orders roll-up, now also adding each paid order's processing fee (at the basis rates, read FOR SHARE so a
-- change of rates waits for this transaction and this transaction waits for a change in progress) to fees_cents.
CREATE OR REPLACE FUNCTION reports_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS reports_order_delta_v2 (store_id uuid, sign int, created_at timestamptz, channel text,
    utm_source text, utm_medium text, utm_campaign text, landing_path text, subtotal_cents bigint,
    discount_cents bigint, shipping_cents bigint, tax_cents bigint, line_items jsonb, grand_total_cents bigint)
    ON COMMIT DELETE ROWS;
  TRUNCATE reports_order_delta_v2;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO reports_order_delta_v2
    SELECT n.store_id, 1, n.created_at, n.source_name, coalesce(n.utm_source, ''), coalesce(n.utm_medium, ''),
           coalesce(n.utm_campaign, ''), coalesce(n.landing_path, ''), n.subtotal_cents, n.discount_cents,
           n.shipping_cents, n.tax_cents, n.line_items, n.grand_total_cents
    FROM new_rows n WHERE reports_is_paid(n.financial_status);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO reports_order_delta_v2
    SELECT o.store_id, -1, o.created_at, o.source_name, coalesce(o.utm_source, ''), coalesce(o.utm_medium, ''),
           coalesce(o.utm_campaign, ''), coalesce(o.landing_path, ''), o.subtotal_cents, o.discount_cents,
           o.shipping_cents, o.tax_cents, o.line_items, o.grand_total_cents
    FROM old_rows o WHERE reports_is_paid(o.financial_status);
  END IF;
  -- A store's cascade delete: its roll-ups go with it.
  DELETE FROM reports_order_delta_v2 d WHERE NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = d.store_id);
  IF TG_OP = 'UPDATE' THEN
    -- An update leaving every reported column as it was (a refund, a note, a fulfilment) changes nothing.
    DELETE FROM reports_order_delta_v2 d USING (
      SELECT store_id, created_at, channel, utm_source, utm_medium, utm_campaign, landing_path, subtotal_cents,
             discount_cents, shipping_cents, tax_cents, line_items, grand_total_cents
      FROM reports_order_delta_v2 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 HAVING sum(sign) = 0
    ) z
    WHERE d.store_id = z.store_id AND d.created_at = z.created_at AND d.channel = z.channel
      AND d.utm_source = z.utm_source AND d.utm_medium = z.utm_medium AND d.utm_campaign = z.utm_campaign
      AND d.landing_path = z.landing_path AND d.subtotal_cents = z.subtotal_cents
      AND d.discount_cents = z.discount_cents AND d.shipping_cents = z.shipping_cents AND d.tax_cents = z.tax_cents
      AND d.line_items = z.line_items AND d.grand_total_cents = z.grand_total_cents;
  END IF;

  WITH basis AS (SELECT fee_bps, fee_fixed_cents FROM report_fee_basis WHERE id = 1 FOR SHARE)
  INSERT INTO report_order_buckets AS b (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path,
    orders, gross_cents, discounts_cents, shipping_cents, taxes_cents, fees_cents)
  SELECT d.store_id, analytics_bucket(d.created_at), d.channel, d.utm_source, d.utm_medium, d.utm_campaign,
         d.landing_path, sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.discount_cents),
         sum(d.sign * d.shipping_cents), sum(d.sign * d.tax_cents),
         sum(d.sign * reports_fee(d.grand_total_cents, f.fee_bps, f.fee_fixed_cents))
  FROM reports_order_delta_v2 d CROSS JOIN basis f
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
    orders = b.orders + excluded.orders,
    gross_cents = b.gross_cents + excluded.gross_cents,
    discounts_cents = b.discounts_cents + excluded.discounts_cents,
    shipping_cents = b.shipping_cents + excluded.shipping_cents,
    taxes_cents = b.taxes_cents + excluded.taxes_cents,
    fees_cents = b.fees_cents + excluded.fees_cents;

  INSERT INTO report_line_buckets AS b (store_id, bucket, variant_id, product_id, lines, quantity, gross_cents,
    discounts_cents, cogs_cents, uncosted_lines)
  SELECT l.store_id, l.bucket, l.variant_id, l.product_id, sum(l.sign), sum(l.sign * l.qty), sum(l.sign * l.gross),
         sum(l.sign * l.disc), sum(l.sign * coalesce(l.cost, 0) * l.qty), coalesce(sum(l.sign) FILTER (WHERE l.cost IS NULL), 0)
  FROM (
    SELECT d.store_id, analytics_bucket(d.created_at) AS bucket, d.sign,
           coalesce(li->>'variantId', '') AS variant_id, coalesce(li->>'productId', '') AS product_id,
           (li->>'quantity')::bigint AS qty, (li->>'priceCents')::bigint * (li->>'quantity')::bigint AS gross,
           CASE WHEN d.subtotal_cents > 0 AND d.discount_cents > 0
                THEN round(d.discount_cents::numeric * (li->>'priceCents')::bigint * (li->>'quantity')::bigint
                           / d.subtotal_cents)::bigint
                ELSE 0 END AS disc,
           v.cost_cents::bigint AS cost
    FROM reports_order_delta_v2 d
    CROSS JOIN LATERAL jsonb_array_elements(d.line_items) li
    LEFT JOIN product_variants v ON v.id::text = li->>'variantId'
  ) l
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, bucket, variant_id, product_id) DO UPDATE SET
    lines = b.lines + excluded.lines,
    quantity = b.quantity + excluded.quantity,
    gross_cents = b.gross_cents + excluded.gross_cents,
    discounts_cents = b.discounts_cents + excluded.discounts_cents,
    cogs_cents = b.cogs_cents + excluded.cogs_cents,
    uncosted_lines = b.uncosted_lines + excluded.uncosted_lines;
  TRUNCATE reports_order_delta_v2;
  RETURN NULL;
END $$;

--> statement-breakpoint

-- report_order_buckets → report_days (orders, gross, discounts, returns, shipping, taxes, fees) and report_utm_days
-- (orders, total sales, per attribution), per store and local day of the store's timezone. Rows of a store being deleted are skipped (its days go by cascade).
CREATE OR REPLACE FUNCTION reports_order_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH x AS (SELECT 1 AS s, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, orders, gross_cents, discounts_cents, returns_cents, shipping_cents, taxes_cents, fees_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.orders), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.shipping_cents), sum(x.s * x.taxes_cents), sum(x.s * x.fees_cents)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.shipping_cents) <> 0 OR sum(x.s * x.taxes_cents) <> 0 OR sum(x.s * x.fees_cents) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      orders = d.orders + excluded.orders,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      shipping_cents = d.shipping_cents + excluded.shipping_cents,
      taxes_cents = d.taxes_cents + excluded.taxes_cents,
      fees_cents = d.fees_cents + excluded.fees_cents;
    WITH x AS (SELECT 1 AS s, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, orders, sales_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.orders), sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents))
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents)) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      orders = d.orders + excluded.orders,
      sales_cents = d.sales_cents + excluded.sales_cents;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, orders, gross_cents, discounts_cents, returns_cents, shipping_cents, taxes_cents, fees_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.orders), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.shipping_cents), sum(x.s * x.taxes_cents), sum(x.s * x.fees_cents)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.shipping_cents) <> 0 OR sum(x.s * x.taxes_cents) <> 0 OR sum(x.s * x.fees_cents) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      orders = d.orders + excluded.orders,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      shipping_cents = d.shipping_cents + excluded.shipping_cents,
      taxes_cents = d.taxes_cents + excluded.taxes_cents,
      fees_cents = d.fees_cents + excluded.fees_cents;
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, orders, sales_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.orders), sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents))
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents)) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      orders = d.orders + excluded.orders,
      sales_cents = d.sales_cents + excluded.sales_cents;
  ELSE
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, orders, gross_cents, discounts_cents, returns_cents, shipping_cents, taxes_cents, fees_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.orders), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.shipping_cents), sum(x.s * x.taxes_cents), sum(x.s * x.fees_cents)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.shipping_cents) <> 0 OR sum(x.s * x.taxes_cents) <> 0 OR sum(x.s * x.fees_cents) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      orders = d.orders + excluded.orders,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      shipping_cents = d.shipping_cents + excluded.shipping_cents,
      taxes_cents = d.taxes_cents + excluded.taxes_cents,
      fees_cents = d.fees_cents + excluded.fees_cents;
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, orders, sales_cents)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.orders), sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents))
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.orders) <> 0 OR sum(x.s * (x.gross_cents - x.discounts_cents - x.returns_cents + x.shipping_cents + x.taxes_cents)) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      orders = d.orders + excluded.orders,
      sales_cents = d.sales_cents + excluded.sales_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- report_line_buckets → report_line_days (every line figure, per variant) and report_days (cost of goods, cost of
-- restocked returns, lines without a cost).
CREATE OR REPLACE FUNCTION reports_line_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH x AS (SELECT 1 AS s, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_line_days AS d (store_id, day, variant_id, product_id, lines, quantity, gross_cents, discounts_cents, returns_cents, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.variant_id, x.product_id, sum(x.s * x.lines), sum(x.s * x.quantity), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s * x.lines) <> 0 OR sum(x.s * x.quantity) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (store_id, day, variant_id, product_id) DO UPDATE SET
      lines = d.lines + excluded.lines,
      quantity = d.quantity + excluded.quantity,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
    WITH x AS (SELECT 1 AS s, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_line_days AS d (store_id, day, variant_id, product_id, lines, quantity, gross_cents, discounts_cents, returns_cents, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.variant_id, x.product_id, sum(x.s * x.lines), sum(x.s * x.quantity), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s * x.lines) <> 0 OR sum(x.s * x.quantity) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (store_id, day, variant_id, product_id) DO UPDATE SET
      lines = d.lines + excluded.lines,
      quantity = d.quantity + excluded.quantity,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
  ELSE
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_line_days AS d (store_id, day, variant_id, product_id, lines, quantity, gross_cents, discounts_cents, returns_cents, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.variant_id, x.product_id, sum(x.s * x.lines), sum(x.s * x.quantity), sum(x.s * x.gross_cents), sum(x.s * x.discounts_cents), sum(x.s * x.returns_cents), sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s * x.lines) <> 0 OR sum(x.s * x.quantity) <> 0 OR sum(x.s * x.gross_cents) <> 0 OR sum(x.s * x.discounts_cents) <> 0 OR sum(x.s * x.returns_cents) <> 0 OR sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (store_id, day, variant_id, product_id) DO UPDATE SET
      lines = d.lines + excluded.lines,
      quantity = d.quantity + excluded.quantity,
      gross_cents = d.gross_cents + excluded.gross_cents,
      discounts_cents = d.discounts_cents + excluded.discounts_cents,
      returns_cents = d.returns_cents + excluded.returns_cents,
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_days AS d (store_id, day, cogs_cents, restocked_cost_cents, uncosted_lines)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, sum(x.s * x.cogs_cents), sum(x.s * x.restocked_cost_cents), sum(x.s * x.uncosted_lines)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2
    HAVING sum(x.s * x.cogs_cents) <> 0 OR sum(x.s * x.restocked_cost_cents) <> 0 OR sum(x.s * x.uncosted_lines) <> 0
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
      cogs_cents = d.cogs_cents + excluded.cogs_cents,
      restocked_cost_cents = d.restocked_cost_cents + excluded.restocked_cost_cents,
      uncosted_lines = d.uncosted_lines + excluded.uncosted_lines;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- report_session_buckets → report_utm_days (sessions, add to cart, reached checkout, per attribution).
CREATE OR REPLACE FUNCTION reports_session_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH x AS (SELECT 1 AS s, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sessions, add_to_cart, reached_checkout)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.sessions), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.sessions) <> 0 OR sum(x.s * x.add_to_cart) <> 0 OR sum(x.s * x.reached_checkout) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      sessions = d.sessions + excluded.sessions,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sessions, add_to_cart, reached_checkout)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.sessions), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.sessions) <> 0 OR sum(x.s * x.add_to_cart) <> 0 OR sum(x.s * x.reached_checkout) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      sessions = d.sessions + excluded.sessions,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout;
  ELSE
    WITH x AS (SELECT -1 AS s, o.* FROM old_rows o),
    z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM x))
    INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sessions, add_to_cart, reached_checkout)
    SELECT x.store_id, (x.bucket AT TIME ZONE z.tz)::date, x.utm_source, x.utm_medium, x.utm_campaign, x.landing_path,
           sum(x.s * x.sessions), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout)
    FROM x JOIN z ON z.id = x.store_id
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.s * x.sessions) <> 0 OR sum(x.s * x.add_to_cart) <> 0 OR sum(x.s * x.reached_checkout) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (store_id, day, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
      sessions = d.sessions + excluded.sessions,
      add_to_cart = d.add_to_cart + excluded.add_to_cart,
      reached_checkout = d.reached_checkout + excluded.reached_checkout;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A store's day rows again from its buckets, in its current timezone.
CREATE OR REPLACE FUNCTION reports_days_rebuild(p_store uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE tz text := reports_store_tz(p_store);
BEGIN
  DELETE FROM report_days WHERE store_id = p_store;
  DELETE FROM report_line_days WHERE store_id = p_store;
  DELETE FROM report_utm_days WHERE store_id = p_store;
  INSERT INTO report_utm_days AS d (store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sessions, add_to_cart,
    reached_checkout, orders, sales_cents)
  SELECT store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sum(sessions), sum(add_to_cart),
         sum(reached_checkout), sum(orders), sum(sales_cents)
  FROM (
    SELECT store_id, (bucket AT TIME ZONE tz)::date AS day, utm_source, utm_medium, utm_campaign, landing_path, sessions,
           add_to_cart, reached_checkout, 0 AS orders, 0 AS sales_cents
    FROM report_session_buckets WHERE store_id = p_store
    UNION ALL
    SELECT store_id, (bucket AT TIME ZONE tz)::date, utm_source, utm_medium, utm_campaign, landing_path, 0, 0, 0, orders,
           gross_cents - discounts_cents - returns_cents + shipping_cents + taxes_cents
    FROM report_order_buckets WHERE store_id = p_store
  ) u
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_days (store_id, day, orders, gross_cents, discounts_cents, returns_cents, shipping_cents, taxes_cents, fees_cents)
  SELECT store_id, (bucket AT TIME ZONE tz)::date, sum(orders), sum(gross_cents), sum(discounts_cents), sum(returns_cents), sum(shipping_cents), sum(taxes_cents), sum(fees_cents)
  FROM report_order_buckets WHERE store_id = p_store
  GROUP BY 1, 2;
  INSERT INTO report_days AS d (store_id, day, cogs_cents, restocked_cost_cents, uncosted_lines)
  SELECT store_id, (bucket AT TIME ZONE tz)::date, sum(cogs_cents), sum(restocked_cost_cents), sum(uncosted_lines)
  FROM report_line_buckets WHERE store_id = p_store
  GROUP BY 1, 2
  ON CONFLICT (store_id, day) DO UPDATE SET
    cogs_cents = excluded.cogs_cents, restocked_cost_cents = excluded.restocked_cost_cents, uncosted_lines = excluded.uncosted_lines;
  INSERT INTO report_line_days (store_id, day, variant_id, product_id, lines, quantity, gross_cents, discounts_cents, returns_cents, cogs_cents, restocked_cost_cents, uncosted_lines)
  SELECT store_id, (bucket AT TIME ZONE tz)::date, variant_id, product_id, sum(lines), sum(quantity), sum(gross_cents), sum(discounts_cents), sum(returns_cents), sum(cogs_cents), sum(restocked_cost_cents), sum(uncosted_lines)
  FROM report_line_buckets WHERE store_id = p_store
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint

-- Live view counters (issue 17 item 5): visitor_sessions, AFTER INSERT (new sessions only: 0018's upsert inserts a
-- row once per session and never changes its start or attribution) → live_session_days, per store, local day of the
-- start in the store's timezone, landing path ('' = none) and source (UTM source, else the referrer class).
CREATE OR REPLACE FUNCTION live_session_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH z AS (SELECT st.id, reports_store_tz(st.id) AS tz FROM stores st WHERE st.id IN (SELECT DISTINCT store_id FROM new_rows))
  INSERT INTO live_session_days AS d (store_id, day, landing_path, source, sessions)
  SELECT n.store_id, (n.started_at AT TIME ZONE z.tz)::date, coalesce(n.landing_path, ''),
         coalesce(n.utm_source, n.referrer_class), count(*)
  FROM new_rows n JOIN z ON z.id = n.store_id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, day, landing_path, source) DO UPDATE SET sessions = d.sessions + excluded.sessions;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A store's live counters of the sessions started in the last 3 days again, in its current timezone (the live view
-- reads today only).
CREATE OR REPLACE FUNCTION live_days_rebuild(p_store uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  tz text := reports_store_tz(p_store);
  since date := (now() AT TIME ZONE reports_store_tz(p_store))::date - 2;
BEGIN
  DELETE FROM live_session_days WHERE store_id = p_store AND day >= since - 1;
  INSERT INTO live_session_days (store_id, day, landing_path, source, sessions)
  SELECT store_id, (started_at AT TIME ZONE tz)::date, coalesce(landing_path, ''), coalesce(utm_source, referrer_class), count(*)
  FROM visitor_sessions
  WHERE store_id = p_store AND started_at >= (since::timestamp AT TIME ZONE tz)
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint

-- TRUNCATE of storefront_events (tests, benches) empties the sessions, their roll-up (0018) and the live counters.
CREATE OR REPLACE FUNCTION reports_events_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visitor_sessions;
  DELETE FROM report_session_buckets;
  DELETE FROM live_session_days;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- store_preferences, AFTER INSERT / UPDATE OF standard_timezone / DELETE: when the store's effective timezone
-- changed, its days (and the live view's counters of the last days) are rebuilt in the new zone. The bucket tables are locked first (SHARE ROW EXCLUSIVE: waits for
-- the writers in flight, which may have read the old zone, and holds new writers until this commits, when they read
-- the new zone), so no write lands in a day of the old zone.
CREATE OR REPLACE FUNCTION reports_store_tz_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s uuid := coalesce(NEW.store_id, OLD.store_id);
  before text := CASE WHEN TG_OP = 'INSERT' THEN 'America/Los_Angeles' ELSE coalesce(nullif(OLD.standard_timezone, ''), 'America/Los_Angeles') END;
  after text := CASE WHEN TG_OP = 'DELETE' THEN 'America/Los_Angeles' ELSE coalesce(nullif(NEW.standard_timezone, ''), 'America/Los_Angeles') END;
BEGIN
  IF before IS DISTINCT FROM after AND EXISTS (SELECT 1 FROM stores WHERE id = s) THEN
    LOCK TABLE report_order_buckets, report_line_buckets, report_session_buckets, visitor_sessions IN SHARE ROW EXCLUSIVE MODE;
    PERFORM reports_days_rebuild(s);
    PERFORM live_days_rebuild(s);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The processing-fee rates change (the app's config, modules/reports syncReportFeeBasis at start): every bucket's
-- fees_cents is recomputed from the paid orders (the day triggers carry the change to report_days). The basis row is
-- updated first: that waits for every writer holding it FOR SHARE (they read the old rates), so the recompute, a
-- later statement, sees their orders; writers after it wait for this transaction and read the new rates.
-- Returns whether anything changed.
CREATE OR REPLACE FUNCTION reports_fee_basis_set(bps int, fixed int) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM report_fee_basis WHERE id = 1 AND fee_bps = bps AND fee_fixed_cents = fixed) THEN
    RETURN false;
  END IF;
  INSERT INTO report_fee_basis (id, fee_bps, fee_fixed_cents) VALUES (1, bps, fixed)
  ON CONFLICT (id) DO UPDATE SET fee_bps = excluded.fee_bps, fee_fixed_cents = excluded.fee_fixed_cents;
  UPDATE report_order_buckets b SET fees_cents = x.fees
  FROM (
    SELECT o.store_id, analytics_bucket(o.created_at) AS bucket, o.source_name AS channel, coalesce(o.utm_source, '') AS utm_source,
           coalesce(o.utm_medium, '') AS utm_medium, coalesce(o.utm_campaign, '') AS utm_campaign,
           coalesce(o.landing_path, '') AS landing_path, sum(reports_fee(o.grand_total_cents, bps, fixed)) AS fees
    FROM orders o WHERE reports_is_paid(o.financial_status)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) x
  WHERE b.store_id = x.store_id AND b.bucket = x.bucket AND b.channel = x.channel AND b.utm_source = x.utm_source
    AND b.utm_medium = x.utm_medium AND b.utm_campaign = x.utm_campaign AND b.landing_path = x.landing_path
    AND b.fees_cents <> x.fees;
  RETURN true;
END $$;
--> statement-breakpoint

-- TRUNCATE of orders empties the buckets (0018) and now the days.
CREATE OR REPLACE FUNCTION reports_orders_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_order_buckets;
  DELETE FROM report_line_buckets;
  DELETE FROM report_days;
  DELETE FROM report_line_days;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Backfill: the fees of the buckets already there (default rates), then every store's days.
DO $$
DECLARE bps int := 290; fixed int := 30;
BEGIN
  UPDATE report_order_buckets b SET fees_cents = x.fees
  FROM (
    SELECT o.store_id, analytics_bucket(o.created_at) AS bucket, o.source_name AS channel, coalesce(o.utm_source, '') AS utm_source,
           coalesce(o.utm_medium, '') AS utm_medium, coalesce(o.utm_campaign, '') AS utm_campaign,
           coalesce(o.landing_path, '') AS landing_path, sum(reports_fee(o.grand_total_cents, bps, fixed)) AS fees
    FROM orders o WHERE reports_is_paid(o.financial_status)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) x
  WHERE b.store_id = x.store_id AND b.bucket = x.bucket AND b.channel = x.channel AND b.utm_source = x.utm_source
    AND b.utm_medium = x.utm_medium AND b.utm_campaign = x.utm_campaign AND b.landing_path = x.landing_path
    AND b.fees_cents <> x.fees;
END $$;
--> statement-breakpoint
SELECT reports_days_rebuild(id), live_days_rebuild(id) FROM stores;
--> statement-breakpoint
CREATE TRIGGER live_session_days_ins AFTER INSERT ON visitor_sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_session_days_apply();
--> statement-breakpoint

CREATE TRIGGER reports_order_days_ins AFTER INSERT ON report_order_buckets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_order_days_upd AFTER UPDATE ON report_order_buckets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_order_days_del AFTER DELETE ON report_order_buckets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_line_days_ins AFTER INSERT ON report_line_buckets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_line_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_line_days_upd AFTER UPDATE ON report_line_buckets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_line_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_line_days_del AFTER DELETE ON report_line_buckets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_line_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_session_days_ins AFTER INSERT ON report_session_buckets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_session_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_session_days_upd AFTER UPDATE ON report_session_buckets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_session_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_session_days_del AFTER DELETE ON report_session_buckets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_session_days_apply();
--> statement-breakpoint
CREATE TRIGGER reports_store_tz_ins AFTER INSERT ON store_preferences
  FOR EACH ROW EXECUTE FUNCTION reports_store_tz_changed();
--> statement-breakpoint
CREATE TRIGGER reports_store_tz_upd AFTER UPDATE OF standard_timezone ON store_preferences
  FOR EACH ROW EXECUTE FUNCTION reports_store_tz_changed();
--> statement-breakpoint
CREATE TRIGGER reports_store_tz_del AFTER DELETE ON store_preferences
  FOR EACH ROW EXECUTE FUNCTION reports_store_tz_changed();
