ALTER TABLE "analytics_buckets" ADD COLUMN "order_value_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD COLUMN "order_value_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (issue 30 item 1): the Overview / home / live view roll-up follows the definitions of
-- apps/server/src/modules/metrics (Shopify's): an order counts when its payment was captured (reports_is_paid:
-- paid, partially_refunded, refunded), on the day it was placed (created_at); its sales are gross sales − discounts
-- + shipping + taxes (subtotal − discount + shipping + tax); a refund is a RETURN on the day the refund is made
-- (order_refunds.created_at), not on the order's day. order_value_cents = gross sales − discounts, for AOV.
-- A migration cannot import the module; modules/metrics/reconciliation.property.test.ts compares both.
CREATE OR REPLACE FUNCTION analytics_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents)
  SELECT d.store_id, d.bucket, sum(d.sign), sum(d.sign * d.cents), sum(d.sign * d.online), sum(d.sign * d.value)
  FROM (
    SELECT n.store_id, analytics_bucket(n.created_at) AS bucket, 1 AS sign,
           (n.subtotal_cents - n.discount_cents + n.shipping_cents + n.tax_cents)::bigint AS cents,
           CASE WHEN n.source_name = 'online_store' THEN n.subtotal_cents - n.discount_cents + n.shipping_cents + n.tax_cents ELSE 0 END::bigint AS online,
           (n.subtotal_cents - n.discount_cents)::bigint AS value
    FROM new_rows n WHERE TG_OP IN ('INSERT', 'UPDATE') AND reports_is_paid(n.financial_status)
    UNION ALL
    SELECT o.store_id, analytics_bucket(o.created_at), -1,
           (o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents)::bigint,
           CASE WHEN o.source_name = 'online_store' THEN o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents ELSE 0 END::bigint,
           (o.subtotal_cents - o.discount_cents)::bigint
    FROM old_rows o WHERE TG_OP IN ('DELETE', 'UPDATE') AND reports_is_paid(o.financial_status)
  ) d
  WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = d.store_id)
  GROUP BY 1, 2
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.cents) <> 0 OR sum(d.sign * d.online) <> 0 OR sum(d.sign * d.value) <> 0
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    paid_orders = b.paid_orders + excluded.paid_orders,
    paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = b.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = b.order_value_cents + excluded.order_value_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The statement triggers of 0002 read transition tables by name: an INSERT statement has no old_rows and a DELETE
-- no new_rows, so each operation gets its own trigger on one function taking the tables it has.
DROP TRIGGER IF EXISTS analytics_orders_ins ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS analytics_orders_del ON orders;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_orders_rollup_ins() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents)
  SELECT n.store_id, analytics_bucket(n.created_at), count(*),
         sum(n.subtotal_cents - n.discount_cents + n.shipping_cents + n.tax_cents),
         coalesce(sum(n.subtotal_cents - n.discount_cents + n.shipping_cents + n.tax_cents) FILTER (WHERE n.source_name = 'online_store'), 0),
         sum(n.subtotal_cents - n.discount_cents)
  FROM new_rows n
  WHERE reports_is_paid(n.financial_status)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    paid_orders = b.paid_orders + excluded.paid_orders,
    paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = b.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = b.order_value_cents + excluded.order_value_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_orders_rollup_del() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents)
  SELECT o.store_id, analytics_bucket(o.created_at), -count(*),
         -sum(o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents),
         -coalesce(sum(o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents) FILTER (WHERE o.source_name = 'online_store'), 0),
         -sum(o.subtotal_cents - o.discount_cents)
  FROM old_rows o
  WHERE reports_is_paid(o.financial_status) AND EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    paid_orders = b.paid_orders + excluded.paid_orders,
    paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = b.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = b.order_value_cents + excluded.order_value_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rollup_ins();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rollup_del();
--> statement-breakpoint
-- Refunds → returns on the refund's day: the amount given back leaves the total sales (and the online store's, for an
-- online order) of the refund's 15-minute bucket. Order count and order value (AOV) are not changed by a refund.
CREATE OR REPLACE FUNCTION analytics_refunds_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_buckets AS b (store_id, bucket, paid_sales_cents, online_sales_cents)
  SELECT r.store_id, analytics_bucket(r.created_at), -sum(r.sign * r.amount_cents),
         -coalesce(sum(r.sign * r.amount_cents) FILTER (WHERE o.source_name = 'online_store'), 0)
  FROM (
    SELECT n.store_id, n.order_id, n.created_at, n.amount_cents::bigint AS amount_cents, 1 AS sign
    FROM new_rows n WHERE TG_OP = 'INSERT'
  ) r
  JOIN orders o ON o.id = r.order_id
  WHERE r.amount_cents <> 0
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_refunds_rollup_del() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_buckets AS b (store_id, bucket, paid_sales_cents, online_sales_cents)
  SELECT r.store_id, analytics_bucket(r.created_at), sum(r.amount_cents::bigint),
         coalesce(sum(r.amount_cents::bigint) FILTER (WHERE o.source_name = 'online_store'), 0)
  FROM old_rows r
  JOIN orders o ON o.id = r.order_id
  WHERE r.amount_cents <> 0 AND EXISTS (SELECT 1 FROM stores s WHERE s.id = r.store_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_refunds_ins AFTER INSERT ON order_refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_refunds_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_refunds_del AFTER DELETE ON order_refunds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_refunds_rollup_del();
--> statement-breakpoint
-- TRUNCATE of orders (tests, benches) also empties the order value.
CREATE OR REPLACE FUNCTION analytics_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    UPDATE analytics_buckets SET paid_orders = 0, paid_sales_cents = 0, online_sales_cents = 0, order_value_cents = 0
    WHERE paid_orders <> 0 OR paid_sales_cents <> 0 OR online_sales_cents <> 0 OR order_value_cents <> 0;
  ELSE
    DELETE FROM analytics_sessions;
    UPDATE analytics_buckets SET visitors = 0, view_store = 0, add_to_cart = 0, reached_checkout = 0, purchased = 0
    WHERE visitors <> 0 OR view_store <> 0 OR add_to_cart <> 0 OR reached_checkout <> 0 OR purchased <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- analytics_days (0016) carries order_value_cents too: the same additive delta per UTC day.
CREATE OR REPLACE FUNCTION analytics_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.order_value_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT 1 AS s, n.* FROM new_rows n) x
    
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
    paid_orders = d.paid_orders + excluded.paid_orders,
    paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = d.order_value_cents + excluded.order_value_cents,
    visitors = d.visitors + excluded.visitors,
    view_store = d.view_store + excluded.view_store,
    add_to_cart = d.add_to_cart + excluded.add_to_cart,
    reached_checkout = d.reached_checkout + excluded.reached_checkout,
    purchased = d.purchased + excluded.purchased;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.order_value_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x
    WHERE EXISTS (SELECT 1 FROM stores st WHERE st.id = x.store_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
    paid_orders = d.paid_orders + excluded.paid_orders,
    paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = d.order_value_cents + excluded.order_value_cents,
    visitors = d.visitors + excluded.visitors,
    view_store = d.view_store + excluded.view_store,
    add_to_cart = d.add_to_cart + excluded.add_to_cart,
    reached_checkout = d.reached_checkout + excluded.reached_checkout,
    purchased = d.purchased + excluded.purchased;
  ELSE
    INSERT INTO analytics_days AS d (store_id, day, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents, visitors, view_store, add_to_cart, reached_checkout, purchased)
    SELECT x.store_id, date_trunc('day', x.bucket, 'UTC'), sum(x.s * x.paid_orders), sum(x.s * x.paid_sales_cents), sum(x.s * x.online_sales_cents), sum(x.s * x.order_value_cents), sum(x.s * x.visitors), sum(x.s * x.view_store), sum(x.s * x.add_to_cart), sum(x.s * x.reached_checkout), sum(x.s * x.purchased)
    FROM (SELECT -1 AS s, o.* FROM old_rows o) x
    WHERE EXISTS (SELECT 1 FROM stores st WHERE st.id = x.store_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, day) DO UPDATE SET
    paid_orders = d.paid_orders + excluded.paid_orders,
    paid_sales_cents = d.paid_sales_cents + excluded.paid_sales_cents,
    online_sales_cents = d.online_sales_cents + excluded.online_sales_cents,
    order_value_cents = d.order_value_cents + excluded.order_value_cents,
    visitors = d.visitors + excluded.visitors,
    view_store = d.view_store + excluded.view_store,
    add_to_cart = d.add_to_cart + excluded.add_to_cart,
    reached_checkout = d.reached_checkout + excluded.reached_checkout,
    purchased = d.purchased + excluded.purchased;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recompute the order figures of every bucket under the new definitions (a demo store seeded before this migration).
UPDATE analytics_buckets SET paid_orders = 0, paid_sales_cents = 0, online_sales_cents = 0, order_value_cents = 0
WHERE paid_orders <> 0 OR paid_sales_cents <> 0 OR online_sales_cents <> 0 OR order_value_cents <> 0;
--> statement-breakpoint
INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents, order_value_cents)
SELECT store_id, bucket, sum(n), sum(c), sum(o), sum(v) FROM (
  SELECT store_id, analytics_bucket(created_at) AS bucket, count(*) AS n,
         sum(subtotal_cents - discount_cents + shipping_cents + tax_cents) AS c,
         coalesce(sum(subtotal_cents - discount_cents + shipping_cents + tax_cents) FILTER (WHERE source_name = 'online_store'), 0) AS o,
         sum(subtotal_cents - discount_cents) AS v
  FROM orders WHERE reports_is_paid(financial_status) GROUP BY 1, 2
  UNION ALL
  SELECT r.store_id, analytics_bucket(r.created_at), 0, -sum(r.amount_cents),
         -coalesce(sum(r.amount_cents) FILTER (WHERE o.source_name = 'online_store'), 0), 0
  FROM order_refunds r JOIN orders o ON o.id = r.order_id GROUP BY 1, 2
) x
GROUP BY 1, 2
ORDER BY 1, 2
ON CONFLICT (store_id, bucket) DO UPDATE SET
  paid_orders = b.paid_orders + excluded.paid_orders,
  paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
  online_sales_cents = b.online_sales_cents + excluded.online_sales_cents,
  order_value_cents = b.order_value_cents + excluded.order_value_cents;
