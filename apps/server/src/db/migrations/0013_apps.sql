CREATE TABLE "cache_purges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"urls" jsonb NOT NULL,
	"all" boolean DEFAULT false NOT NULL,
	"purged" integer DEFAULT 0 NOT NULL,
	"cdn" text DEFAULT 'off' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_stores" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"template_store_id" uuid,
	"created_by" uuid,
	"owner_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"chat_id" text,
	"chat_title" text,
	"connected_at" timestamp with time zone,
	"connect_code" text,
	"connect_code_expires_at" timestamp with time zone,
	"events" jsonb DEFAULT '["new_order","payout_status","low_stock"]'::jsonb NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"daily_summary_hour" integer DEFAULT 9 NOT NULL,
	"last_summary_on" text,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_connect_code_unique" UNIQUE("connect_code")
);
--> statement-breakpoint
ALTER TABLE "cache_purges" ADD CONSTRAINT "cache_purges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_purges" ADD CONSTRAINT "cache_purges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_stores" ADD CONSTRAINT "custom_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_stores" ADD CONSTRAINT "custom_stores_template_store_id_stores_id_fk" FOREIGN KEY ("template_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_stores" ADD CONSTRAINT "custom_stores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cache_purges_store" ON "cache_purges" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_stores_created_by" ON "custom_stores" USING btree ("created_by","created_at");