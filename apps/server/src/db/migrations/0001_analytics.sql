CREATE TABLE "analytics_buckets" (
	"store_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"paid_sales_cents" bigint DEFAULT 0 NOT NULL,
	"online_sales_cents" bigint DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"view_store" integer DEFAULT 0 NOT NULL,
	"add_to_cart" integer DEFAULT 0 NOT NULL,
	"reached_checkout" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_buckets_store_id_bucket_pk" PRIMARY KEY("store_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"store_id" uuid NOT NULL,
	"visitor_session_id" text NOT NULL,
	"view_at" timestamp with time zone,
	"cart_at" timestamp with time zone,
	"checkout_at" timestamp with time zone,
	"purchase_at" timestamp with time zone,
	"prev_view_at" timestamp with time zone,
	"prev_cart_at" timestamp with time zone,
	"prev_checkout_at" timestamp with time zone,
	"prev_purchase_at" timestamp with time zone,
	CONSTRAINT "analytics_sessions_store_id_visitor_session_id_pk" PRIMARY KEY("store_id","visitor_session_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_buckets" ADD CONSTRAINT "analytics_buckets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;