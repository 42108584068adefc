CREATE TABLE "ad_spend" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_line_buckets" (
	"store_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
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
	CONSTRAINT "report_line_buckets_store_id_bucket_variant_id_product_id_pk" PRIMARY KEY("store_id","bucket","variant_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_order_buckets" (
	"store_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"landing_path" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discounts_cents" bigint DEFAULT 0 NOT NULL,
	"returns_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"taxes_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_order_buckets_store_id_bucket_channel_utm_source_utm_medium_utm_campaign_landing_path_pk" PRIMARY KEY("store_id","bucket","channel","utm_source","utm_medium","utm_campaign","landing_path")
);
--> statement-breakpoint
CREATE TABLE "report_session_buckets" (
	"store_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"landing_path" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"add_to_cart" integer DEFAULT 0 NOT NULL,
	"reached_checkout" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_session_buckets_store_id_bucket_utm_source_utm_medium_utm_campaign_landing_path_pk" PRIMARY KEY("store_id","bucket","utm_source","utm_medium","utm_campaign","landing_path")
);
--> statement-breakpoint
CREATE TABLE "visitor_sessions" (
	"store_id" uuid NOT NULL,
	"visitor_session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"landing_path" text,
	"referrer" text,
	"referrer_class" text DEFAULT 'direct' NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"click_network" text,
	"cart" boolean DEFAULT false NOT NULL,
	"checkout" boolean DEFAULT false NOT NULL,
	"existed" boolean DEFAULT false NOT NULL,
	"prev_cart" boolean DEFAULT false NOT NULL,
	"prev_checkout" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visitor_sessions_store_id_visitor_session_id_pk" PRIMARY KEY("store_id","visitor_session_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_class" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "click_network" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "referrer_class" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "click_network" text;--> statement-breakpoint
ALTER TABLE "ad_spend" ADD CONSTRAINT "ad_spend_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_spend" ADD CONSTRAINT "ad_spend_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_line_buckets" ADD CONSTRAINT "report_line_buckets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_order_buckets" ADD CONSTRAINT "report_order_buckets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_session_buckets" ADD CONSTRAINT "report_session_buckets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_spend_store_day" ON "ad_spend" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "visitor_sessions_store_seen" ON "visitor_sessions" USING btree ("store_id","last_seen_at");--> statement-breakpoint
-- Hand-written (issue 17 items 1-4): first-touch attribution and the report roll-ups, kept current in the writing
-- transaction by statement-level triggers with additive upserts (n = n + excluded.n), like 0002's analytics roll-ups,
-- so every write path (checkout, demo seed, benches, tests) is covered and racing writes lose nothing. Rows are
-- upserted in key order so concurrent statements lock roll-up rows in the same order.

-- The paid-order rule of apps/server/src/lib/money.ts (captured money), repeated here once for the report triggers.
CREATE OR REPLACE FUNCTION reports_is_paid(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status IN ('paid', 'partially_refunded', 'refunded') $$;
--> statement-breakpoint

-- Storefront events, INSERT: a session's first recorded events create its visitor_sessions row with the attribution
-- of its earliest event that carries any (first touch; never changed afterwards); later events only raise
-- last_seen_at and the cart/checkout flags. The sessions roll-up counts a session in the bucket of its start, and its
-- add-to-cart / reached-checkout once, when the flag is first set (prev_* read back under the row lock).
CREATE OR REPLACE FUNCTION reports_events_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH agg AS (
    SELECT n.store_id, n.visitor_session_id, min(n.occurred_at) AS first_at, max(n.occurred_at) AS last_at,
           bool_or(n.type = 'add_to_cart') AS cart,
           bool_or(n.type IN ('reached_checkout', 'purchased')) AS checkout
    FROM new_rows n
    GROUP BY 1, 2
  ),
  attr AS (
    SELECT DISTINCT ON (n.store_id, n.visitor_session_id) n.store_id, n.visitor_session_id, n.landing_path, n.referrer,
           n.referrer_class, n.utm_source, n.utm_medium, n.utm_campaign, n.utm_term, n.utm_content, n.click_network
    FROM new_rows n
    ORDER BY n.store_id, n.visitor_session_id,
             (n.landing_path IS NULL AND n.utm_source IS NULL AND n.referrer IS NULL AND n.click_network IS NULL), n.occurred_at
  ),
  up AS (
    INSERT INTO visitor_sessions AS s (store_id, visitor_session_id, started_at, last_seen_at, landing_path, referrer,
      referrer_class, utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_network, cart, checkout)
    SELECT a.store_id, a.visitor_session_id, a.first_at, a.last_at, t.landing_path, t.referrer,
           coalesce(t.referrer_class, 'direct'), t.utm_source, t.utm_medium, t.utm_campaign, t.utm_term, t.utm_content,
           t.click_network, a.cart, a.checkout
    FROM agg a JOIN attr t ON t.store_id = a.store_id AND t.visitor_session_id = a.visitor_session_id
    ORDER BY 1, 2
    ON CONFLICT (store_id, visitor_session_id) DO UPDATE SET
      existed = true,
      prev_cart = s.cart,
      prev_checkout = s.checkout,
      cart = s.cart OR excluded.cart,
      checkout = s.checkout OR excluded.checkout,
      last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at)
    RETURNING s.store_id, s.started_at, s.utm_source, s.utm_medium, s.utm_campaign, s.landing_path,
              s.existed, s.cart, s.checkout, s.prev_cart, s.prev_checkout
  )
  INSERT INTO report_session_buckets AS b (store_id, bucket, utm_source, utm_medium, utm_campaign, landing_path,
    sessions, add_to_cart, reached_checkout)
  SELECT up.store_id, analytics_bucket(up.started_at), coalesce(up.utm_source, ''), coalesce(up.utm_medium, ''),
         coalesce(up.utm_campaign, ''), coalesce(up.landing_path, ''),
         count(*) FILTER (WHERE NOT up.existed),
         count(*) FILTER (WHERE up.cart AND NOT (up.existed AND up.prev_cart)),
         count(*) FILTER (WHERE up.checkout AND NOT (up.existed AND up.prev_checkout))
  FROM up
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING count(*) FILTER (WHERE NOT up.existed) <> 0
      OR count(*) FILTER (WHERE up.cart AND NOT (up.existed AND up.prev_cart)) <> 0
      OR count(*) FILTER (WHERE up.checkout AND NOT (up.existed AND up.prev_checkout)) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (store_id, bucket, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
    sessions = b.sessions + excluded.sessions,
    add_to_cart = b.add_to_cart + excluded.add_to_cart,
    reached_checkout = b.reached_checkout + excluded.reached_checkout;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- TRUNCATE of storefront_events empties the sessions and their roll-up (tests, benches).
CREATE OR REPLACE FUNCTION reports_events_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visitor_sessions;
  DELETE FROM report_session_buckets;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Orders, BEFORE INSERT: an order naming a visitor session carries that session's first-touch attribution, unless
-- the writer gave attribution itself.
CREATE OR REPLACE FUNCTION reports_order_attribution() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visitor_session_id IS NOT NULL AND NEW.landing_path IS NULL AND NEW.utm_source IS NULL
     AND NEW.referrer IS NULL AND NEW.click_network IS NULL THEN
    SELECT s.landing_path, s.referrer, s.referrer_class, s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term,
           s.utm_content, s.click_network
    INTO NEW.landing_path, NEW.referrer, NEW.referrer_class, NEW.utm_source, NEW.utm_medium, NEW.utm_campaign,
         NEW.utm_term, NEW.utm_content, NEW.click_network
    FROM visitor_sessions s
    WHERE s.store_id = NEW.store_id AND s.visitor_session_id = NEW.visitor_session_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

-- Orders, AFTER INSERT/UPDATE/DELETE: paid orders (reports_is_paid) add their gross sales (subtotal), discounts,
-- shipping, taxes and one order to the order roll-up, and their lines to the line roll-up (cost per item read from
-- the variant at that moment), in the bucket of created_at; old rows are subtracted (status changes, deletes).
-- A refund is a separate row (order_refunds) and is not part of this: an order's own columns do not carry returns.
CREATE OR REPLACE FUNCTION reports_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS reports_order_delta (store_id uuid, sign int, created_at timestamptz, channel text,
    utm_source text, utm_medium text, utm_campaign text, landing_path text, subtotal_cents bigint,
    discount_cents bigint, shipping_cents bigint, tax_cents bigint, line_items jsonb) ON COMMIT DELETE ROWS;
  TRUNCATE reports_order_delta;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO reports_order_delta
    SELECT n.store_id, 1, n.created_at, n.source_name, coalesce(n.utm_source, ''), coalesce(n.utm_medium, ''),
           coalesce(n.utm_campaign, ''), coalesce(n.landing_path, ''), n.subtotal_cents, n.discount_cents,
           n.shipping_cents, n.tax_cents, n.line_items
    FROM new_rows n WHERE reports_is_paid(n.financial_status);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO reports_order_delta
    SELECT o.store_id, -1, o.created_at, o.source_name, coalesce(o.utm_source, ''), coalesce(o.utm_medium, ''),
           coalesce(o.utm_campaign, ''), coalesce(o.landing_path, ''), o.subtotal_cents, o.discount_cents,
           o.shipping_cents, o.tax_cents, o.line_items
    FROM old_rows o WHERE reports_is_paid(o.financial_status);
  END IF;
  -- A store's cascade delete: its roll-ups go with it.
  DELETE FROM reports_order_delta d WHERE NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = d.store_id);
  IF TG_OP = 'UPDATE' THEN
    -- An update leaving every reported column as it was (a refund, a note, a fulfilment) changes nothing.
    DELETE FROM reports_order_delta d USING (
      SELECT store_id, created_at, channel, utm_source, utm_medium, utm_campaign, landing_path, subtotal_cents,
             discount_cents, shipping_cents, tax_cents, line_items
      FROM reports_order_delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 HAVING sum(sign) = 0
    ) z
    WHERE d.store_id = z.store_id AND d.created_at = z.created_at AND d.channel = z.channel
      AND d.utm_source = z.utm_source AND d.utm_medium = z.utm_medium AND d.utm_campaign = z.utm_campaign
      AND d.landing_path = z.landing_path AND d.subtotal_cents = z.subtotal_cents
      AND d.discount_cents = z.discount_cents AND d.shipping_cents = z.shipping_cents AND d.tax_cents = z.tax_cents
      AND d.line_items = z.line_items;
  END IF;

  INSERT INTO report_order_buckets AS b (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path,
    orders, gross_cents, discounts_cents, shipping_cents, taxes_cents)
  SELECT d.store_id, analytics_bucket(d.created_at), d.channel, d.utm_source, d.utm_medium, d.utm_campaign,
         d.landing_path, sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.discount_cents),
         sum(d.sign * d.shipping_cents), sum(d.sign * d.tax_cents)
  FROM reports_order_delta d
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
    orders = b.orders + excluded.orders,
    gross_cents = b.gross_cents + excluded.gross_cents,
    discounts_cents = b.discounts_cents + excluded.discounts_cents,
    shipping_cents = b.shipping_cents + excluded.shipping_cents,
    taxes_cents = b.taxes_cents + excluded.taxes_cents;

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
    FROM reports_order_delta d
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
  TRUNCATE reports_order_delta;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Refunds, AFTER INSERT/DELETE: the refunded amount is a return of the order's attribution and channel in the bucket
-- of the REFUND (Shopify: returns on the day of the refund); its lines' amounts are returns of their variants, and
-- restocked units give back their cost (cost per item at the time of the refund).
CREATE OR REPLACE FUNCTION reports_refunds_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS reports_refund_delta (store_id uuid, order_id uuid, sign int, created_at timestamptz,
    amount_cents bigint, lines jsonb) ON COMMIT DELETE ROWS;
  TRUNCATE reports_refund_delta;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reports_refund_delta SELECT n.store_id, n.order_id, 1, n.created_at, n.amount_cents, n.lines FROM new_rows n;
  ELSE
    INSERT INTO reports_refund_delta SELECT o.store_id, o.order_id, -1, o.created_at, o.amount_cents, o.lines FROM old_rows o;
  END IF;

  INSERT INTO report_order_buckets AS b (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path,
    returns_cents)
  SELECT d.store_id, analytics_bucket(d.created_at), o.source_name, coalesce(o.utm_source, ''),
         coalesce(o.utm_medium, ''), coalesce(o.utm_campaign, ''), coalesce(o.landing_path, ''),
         sum(d.sign * d.amount_cents)
  FROM reports_refund_delta d JOIN orders o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
    returns_cents = b.returns_cents + excluded.returns_cents;

  INSERT INTO report_line_buckets AS b (store_id, bucket, variant_id, product_id, returns_cents, restocked_cost_cents)
  SELECT d.store_id, analytics_bucket(d.created_at), coalesce(li->>'variantId', ''), coalesce(li->>'productId', ''),
         sum(d.sign * (rl->>'amountCents')::bigint),
         sum(d.sign * CASE WHEN (rl->>'restock')::boolean THEN coalesce(v.cost_cents, 0)::bigint * (rl->>'quantity')::bigint ELSE 0 END)
  FROM reports_refund_delta d
  JOIN orders o ON o.id = d.order_id
  CROSS JOIN LATERAL jsonb_array_elements(d.lines) rl
  CROSS JOIN LATERAL (SELECT o.line_items -> ((rl->>'lineId')::int - 1) AS li) x
  LEFT JOIN product_variants v ON v.id::text = li->>'variantId'
  WHERE li IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, bucket, variant_id, product_id) DO UPDATE SET
    returns_cents = b.returns_cents + excluded.returns_cents,
    restocked_cost_cents = b.restocked_cost_cents + excluded.restocked_cost_cents;
  TRUNCATE reports_refund_delta;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION reports_orders_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_order_buckets;
  DELETE FROM report_line_buckets;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Backfill from rows written before this migration (a demo store seeded on an earlier start).
INSERT INTO report_order_buckets AS b (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path,
  orders, gross_cents, discounts_cents, shipping_cents, taxes_cents)
SELECT store_id, analytics_bucket(created_at), source_name, '', '', '', '', count(*), sum(subtotal_cents),
       sum(discount_cents), sum(shipping_cents), sum(tax_cents)
FROM orders WHERE reports_is_paid(financial_status)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_order_buckets AS b (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path, returns_cents)
SELECT r.store_id, analytics_bucket(r.created_at), o.source_name, '', '', '', '', sum(r.amount_cents)
FROM order_refunds r JOIN orders o ON o.id = r.order_id
GROUP BY 1, 2, 3
ON CONFLICT (store_id, bucket, channel, utm_source, utm_medium, utm_campaign, landing_path) DO UPDATE SET
  returns_cents = b.returns_cents + excluded.returns_cents;
--> statement-breakpoint
INSERT INTO report_line_buckets (store_id, bucket, variant_id, product_id, lines, quantity, gross_cents, discounts_cents,
  cogs_cents, uncosted_lines)
SELECT o.store_id, analytics_bucket(o.created_at), coalesce(li->>'variantId', ''), coalesce(li->>'productId', ''),
       count(*), sum((li->>'quantity')::bigint), sum((li->>'priceCents')::bigint * (li->>'quantity')::bigint),
       sum(CASE WHEN o.subtotal_cents > 0 AND o.discount_cents > 0
                THEN round(o.discount_cents::numeric * (li->>'priceCents')::bigint * (li->>'quantity')::bigint / o.subtotal_cents)::bigint
                ELSE 0 END),
       sum(coalesce(v.cost_cents, 0)::bigint * (li->>'quantity')::bigint), count(*) FILTER (WHERE v.cost_cents IS NULL)
FROM orders o
CROSS JOIN LATERAL jsonb_array_elements(o.line_items) li
LEFT JOIN product_variants v ON v.id::text = li->>'variantId'
WHERE reports_is_paid(o.financial_status)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint

INSERT INTO visitor_sessions (store_id, visitor_session_id, started_at, last_seen_at, cart, checkout)
SELECT store_id, visitor_session_id, min(occurred_at), max(occurred_at), bool_or(type = 'add_to_cart'),
       bool_or(type IN ('reached_checkout', 'purchased'))
FROM storefront_events GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_session_buckets (store_id, bucket, utm_source, utm_medium, utm_campaign, landing_path, sessions,
  add_to_cart, reached_checkout)
SELECT store_id, analytics_bucket(started_at), '', '', '', '', count(*), count(*) FILTER (WHERE cart),
       count(*) FILTER (WHERE checkout)
FROM visitor_sessions GROUP BY 1, 2;
--> statement-breakpoint

CREATE TRIGGER reports_events_ins AFTER INSERT ON storefront_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_events_insert();
--> statement-breakpoint
CREATE TRIGGER reports_events_trunc AFTER TRUNCATE ON storefront_events
  FOR EACH STATEMENT EXECUTE FUNCTION reports_events_truncate();
--> statement-breakpoint
CREATE TRIGGER reports_orders_attr BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION reports_order_attribution();
--> statement-breakpoint
CREATE TRIGGER reports_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER reports_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER reports_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER reports_orders_trunc AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION reports_orders_truncate();
--> statement-breakpoint
CREATE TRIGGER reports_refunds_ins AFTER INSERT ON order_refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_refunds_rollup();
--> statement-breakpoint
CREATE TRIGGER reports_refunds_del AFTER DELETE ON order_refunds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reports_refunds_rollup();
