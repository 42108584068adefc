-- Analytics roll-ups kept current in the writing transaction (spec admin-dashboard §7 Overview analytics).
-- analytics_buckets: per store and 15-minute UTC bucket, paid orders (financial_status = 'paid', by created_at)
-- and funnel sessions; analytics_sessions: per store and visitor session, the first instant of each funnel step.
-- Statement-level triggers with transition tables aggregate a whole statement's rows at once (bulk seeding stays
-- fast), and every write is an additive upsert (n = n + excluded.n), so racing transactions lose no count.
-- Rows are aggregated in (store_id, bucket) order so concurrent statements lock bucket rows in the same order.

CREATE OR REPLACE FUNCTION analytics_bucket(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint

-- Orders → paid order counts and sales. INSERT adds the new rows, DELETE subtracts the old ones, UPDATE does
-- both (a status change to or from 'paid', a new total or a moved created_at all land right). On a store's
-- cascade delete the store row is already gone: its buckets are deleted by their own cascade, so skip it.
CREATE OR REPLACE FUNCTION analytics_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
    SELECT n.store_id, analytics_bucket(n.created_at), count(*), sum(n.grand_total_cents),
           coalesce(sum(n.grand_total_cents) FILTER (WHERE n.source_name = 'online_store'), 0)
    FROM new_rows n
    WHERE n.financial_status = 'paid'
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (store_id, bucket) DO UPDATE SET
      paid_orders = b.paid_orders + excluded.paid_orders,
      paid_sales_cents = b.paid_sales_cents + excluded.paid_sales_cents,
      online_sales_cents = b.online_sales_cents + excluded.online_sales_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_buckets AS b (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
    SELECT o.store_id, analytics_bucket(o.created_at), -count(*), -sum(o.grand_total_cents),
           -coalesce(sum(o.grand_total_cents) FILTER (WHERE o.source_name = 'online_store'), 0)
    FROM old_rows o
    WHERE o.financial_status = 'paid' AND EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)
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
      SELECT n.store_id, analytics_bucket(n.created_at) AS bucket, 1 AS sign, n.grand_total_cents::bigint AS cents,
             CASE WHEN n.source_name = 'online_store' THEN n.grand_total_cents ELSE 0 END::bigint AS online
      FROM new_rows n WHERE n.financial_status = 'paid'
      UNION ALL
      SELECT o.store_id, analytics_bucket(o.created_at), -1, o.grand_total_cents::bigint,
             CASE WHEN o.source_name = 'online_store' THEN o.grand_total_cents ELSE 0 END::bigint
      FROM old_rows o WHERE o.financial_status = 'paid'
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

-- Storefront events, INSERT (the hot path): fold the statement's events into each session's first-reach
-- instants; a session counts in the bucket of its first reach of a step, so only a step reached for the first
-- time (+1) or reached earlier than known (-1 old bucket, +1 new bucket) changes a bucket. The upsert's
-- ON CONFLICT copies the old instants into prev_* so RETURNING hands them over, read under the row lock: two
-- racing statements for one session serialise on it and each sees the other's committed result.
CREATE OR REPLACE FUNCTION analytics_events_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH src AS (
    SELECT n.store_id, n.visitor_session_id,
           min(n.occurred_at) FILTER (WHERE n.type = 'view_store') AS v,
           min(n.occurred_at) FILTER (WHERE n.type = 'add_to_cart') AS c,
           min(n.occurred_at) FILTER (WHERE n.type = 'reached_checkout') AS k,
           min(n.occurred_at) FILTER (WHERE n.type = 'purchased') AS p
    FROM new_rows n
    GROUP BY 1, 2
  ),
  up AS (
    INSERT INTO analytics_sessions AS s (store_id, visitor_session_id, view_at, cart_at, checkout_at, purchase_at)
    SELECT src.store_id, src.visitor_session_id, src.v, src.c, src.k, src.p
    FROM src
    WHERE src.v IS NOT NULL OR src.c IS NOT NULL OR src.k IS NOT NULL OR src.p IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT (store_id, visitor_session_id) DO UPDATE SET
      prev_view_at = s.view_at,
      prev_cart_at = s.cart_at,
      prev_checkout_at = s.checkout_at,
      prev_purchase_at = s.purchase_at,
      view_at = least(s.view_at, excluded.view_at),
      cart_at = least(s.cart_at, excluded.cart_at),
      checkout_at = least(s.checkout_at, excluded.checkout_at),
      purchase_at = least(s.purchase_at, excluded.purchase_at)
    WHERE excluded.view_at < coalesce(s.view_at, 'infinity')
       OR excluded.cart_at < coalesce(s.cart_at, 'infinity')
       OR excluded.checkout_at < coalesce(s.checkout_at, 'infinity')
       OR excluded.purchase_at < coalesce(s.purchase_at, 'infinity')
    RETURNING s.store_id, s.view_at, s.cart_at, s.checkout_at, s.purchase_at,
              s.prev_view_at, s.prev_cart_at, s.prev_checkout_at, s.prev_purchase_at
  ),
  d AS (
    SELECT up.store_id, x.bucket, st.k, x.delta
    FROM up
    CROSS JOIN LATERAL (VALUES
      (0, least(up.prev_view_at, up.prev_cart_at, up.prev_checkout_at, up.prev_purchase_at),
          least(up.view_at, up.cart_at, up.checkout_at, up.purchase_at)),
      (1, up.prev_view_at, up.view_at),
      (2, up.prev_cart_at, up.cart_at),
      (3, up.prev_checkout_at, up.checkout_at),
      (4, up.prev_purchase_at, up.purchase_at)
    ) AS st(k, p, q)
    CROSS JOIN LATERAL (VALUES (analytics_bucket(st.p), -1), (analytics_bucket(st.q), 1)) AS x(bucket, delta)
    WHERE st.p IS DISTINCT FROM st.q AND x.bucket IS NOT NULL
  )
  INSERT INTO analytics_buckets AS b (store_id, bucket, visitors, view_store, add_to_cart, reached_checkout, purchased)
  SELECT d.store_id, d.bucket,
         coalesce(sum(d.delta) FILTER (WHERE d.k = 0), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 1), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 2), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 3), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 4), 0)
  FROM d
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    visitors = b.visitors + excluded.visitors,
    view_store = b.view_store + excluded.view_store,
    add_to_cart = b.add_to_cart + excluded.add_to_cart,
    reached_checkout = b.reached_checkout + excluded.reached_checkout,
    purchased = b.purchased + excluded.purchased;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Storefront events, UPDATE or DELETE (rare: corrections, a store's cascade delete): recompute the touched
-- sessions from their remaining events, subtract their old contribution and add the new one.
CREATE OR REPLACE FUNCTION analytics_events_recompute() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS analytics_touched (store_id uuid, visitor_session_id text) ON COMMIT DELETE ROWS;
  TRUNCATE analytics_touched;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_touched SELECT o.store_id, o.visitor_session_id FROM old_rows o
      UNION SELECT n.store_id, n.visitor_session_id FROM new_rows n;
  ELSE
    INSERT INTO analytics_touched SELECT DISTINCT o.store_id, o.visitor_session_id FROM old_rows o;
  END IF;
  DELETE FROM analytics_touched t WHERE NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = t.store_id);

  WITH cur AS (
    SELECT s.* FROM analytics_sessions s
    JOIN analytics_touched t ON t.store_id = s.store_id AND t.visitor_session_id = s.visitor_session_id
    ORDER BY s.store_id, s.visitor_session_id
    FOR UPDATE OF s
  ),
  fresh AS (
    SELECT e.store_id, e.visitor_session_id,
           min(e.occurred_at) FILTER (WHERE e.type = 'view_store') AS view_at,
           min(e.occurred_at) FILTER (WHERE e.type = 'add_to_cart') AS cart_at,
           min(e.occurred_at) FILTER (WHERE e.type = 'reached_checkout') AS checkout_at,
           min(e.occurred_at) FILTER (WHERE e.type = 'purchased') AS purchase_at
    FROM storefront_events e
    JOIN analytics_touched t ON t.store_id = e.store_id AND t.visitor_session_id = e.visitor_session_id
    WHERE e.type IN ('view_store', 'add_to_cart', 'reached_checkout', 'purchased')
    GROUP BY 1, 2
  ),
  both_sides AS (
    SELECT c.store_id, c.view_at, c.cart_at, c.checkout_at, c.purchase_at, -1 AS sign FROM cur c
    UNION ALL
    SELECT f.store_id, f.view_at, f.cart_at, f.checkout_at, f.purchase_at, 1 FROM fresh f
  ),
  d AS (
    SELECT bs.store_id, analytics_bucket(st.t) AS bucket, st.k, bs.sign AS delta
    FROM both_sides bs
    CROSS JOIN LATERAL (VALUES
      (0, least(bs.view_at, bs.cart_at, bs.checkout_at, bs.purchase_at)),
      (1, bs.view_at), (2, bs.cart_at), (3, bs.checkout_at), (4, bs.purchase_at)
    ) AS st(k, t)
    WHERE st.t IS NOT NULL
  ),
  gone AS (
    DELETE FROM analytics_sessions s USING cur c
    WHERE s.store_id = c.store_id AND s.visitor_session_id = c.visitor_session_id
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.store_id = c.store_id AND f.visitor_session_id = c.visitor_session_id)
  ),
  kept AS (
    INSERT INTO analytics_sessions AS s (store_id, visitor_session_id, view_at, cart_at, checkout_at, purchase_at)
    SELECT f.store_id, f.visitor_session_id, f.view_at, f.cart_at, f.checkout_at, f.purchase_at
    FROM fresh f
    ORDER BY 1, 2
    ON CONFLICT (store_id, visitor_session_id) DO UPDATE SET
      prev_view_at = s.view_at,
      prev_cart_at = s.cart_at,
      prev_checkout_at = s.checkout_at,
      prev_purchase_at = s.purchase_at,
      view_at = excluded.view_at,
      cart_at = excluded.cart_at,
      checkout_at = excluded.checkout_at,
      purchase_at = excluded.purchase_at
  )
  INSERT INTO analytics_buckets AS b (store_id, bucket, visitors, view_store, add_to_cart, reached_checkout, purchased)
  SELECT d.store_id, d.bucket,
         coalesce(sum(d.delta) FILTER (WHERE d.k = 0), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 1), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 2), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 3), 0),
         coalesce(sum(d.delta) FILTER (WHERE d.k = 4), 0)
  FROM d
  GROUP BY 1, 2
  HAVING coalesce(sum(d.delta) FILTER (WHERE d.k = 0), 0) <> 0 OR coalesce(sum(d.delta) FILTER (WHERE d.k = 1), 0) <> 0
      OR coalesce(sum(d.delta) FILTER (WHERE d.k = 2), 0) <> 0 OR coalesce(sum(d.delta) FILTER (WHERE d.k = 3), 0) <> 0
      OR coalesce(sum(d.delta) FILTER (WHERE d.k = 4), 0) <> 0
  ORDER BY 1, 2
  ON CONFLICT (store_id, bucket) DO UPDATE SET
    visitors = b.visitors + excluded.visitors,
    view_store = b.view_store + excluded.view_store,
    add_to_cart = b.add_to_cart + excluded.add_to_cart,
    reached_checkout = b.reached_checkout + excluded.reached_checkout,
    purchased = b.purchased + excluded.purchased;
  TRUNCATE analytics_touched;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- TRUNCATE of a source table empties its share of the roll-ups.
CREATE OR REPLACE FUNCTION analytics_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    UPDATE analytics_buckets SET paid_orders = 0, paid_sales_cents = 0, online_sales_cents = 0
    WHERE paid_orders <> 0 OR paid_sales_cents <> 0 OR online_sales_cents <> 0;
  ELSE
    DELETE FROM analytics_sessions;
    UPDATE analytics_buckets SET visitors = 0, view_store = 0, add_to_cart = 0, reached_checkout = 0, purchased = 0
    WHERE visitors <> 0 OR view_store <> 0 OR add_to_cart <> 0 OR reached_checkout <> 0 OR purchased <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Backfill from rows written before this migration (e.g. a demo store seeded on an earlier start).
INSERT INTO analytics_buckets (store_id, bucket, paid_orders, paid_sales_cents, online_sales_cents)
SELECT store_id, analytics_bucket(created_at), count(*), sum(grand_total_cents),
       coalesce(sum(grand_total_cents) FILTER (WHERE source_name = 'online_store'), 0)
FROM orders WHERE financial_status = 'paid'
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO analytics_sessions (store_id, visitor_session_id, view_at, cart_at, checkout_at, purchase_at)
SELECT store_id, visitor_session_id,
       min(occurred_at) FILTER (WHERE type = 'view_store'),
       min(occurred_at) FILTER (WHERE type = 'add_to_cart'),
       min(occurred_at) FILTER (WHERE type = 'reached_checkout'),
       min(occurred_at) FILTER (WHERE type = 'purchased')
FROM storefront_events
WHERE type IN ('view_store', 'add_to_cart', 'reached_checkout', 'purchased')
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO analytics_buckets AS b (store_id, bucket, visitors, view_store, add_to_cart, reached_checkout, purchased)
SELECT s.store_id, analytics_bucket(st.t),
       count(*) FILTER (WHERE st.k = 0), count(*) FILTER (WHERE st.k = 1), count(*) FILTER (WHERE st.k = 2),
       count(*) FILTER (WHERE st.k = 3), count(*) FILTER (WHERE st.k = 4)
FROM analytics_sessions s
CROSS JOIN LATERAL (VALUES
  (0, least(s.view_at, s.cart_at, s.checkout_at, s.purchase_at)),
  (1, s.view_at), (2, s.cart_at), (3, s.checkout_at), (4, s.purchase_at)
) AS st(k, t)
WHERE st.t IS NOT NULL
GROUP BY 1, 2
ON CONFLICT (store_id, bucket) DO UPDATE SET
  visitors = b.visitors + excluded.visitors,
  view_store = b.view_store + excluded.view_store,
  add_to_cart = b.add_to_cart + excluded.add_to_cart,
  reached_checkout = b.reached_checkout + excluded.reached_checkout,
  purchased = b.purchased + excluded.purchased;
--> statement-breakpoint

CREATE TRIGGER analytics_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_trunc AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_truncate();
--> statement-breakpoint
CREATE TRIGGER analytics_events_ins AFTER INSERT ON storefront_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_insert();
--> statement-breakpoint
CREATE TRIGGER analytics_events_upd AFTER UPDATE ON storefront_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_recompute();
--> statement-breakpoint
CREATE TRIGGER analytics_events_del AFTER DELETE ON storefront_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_recompute();
--> statement-breakpoint
CREATE TRIGGER analytics_events_trunc AFTER TRUNCATE ON storefront_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_truncate();
