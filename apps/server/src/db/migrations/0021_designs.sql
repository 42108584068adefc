CREATE TABLE "design_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"design_id" uuid,
	"kind" text NOT NULL,
	"job_id" uuid,
	"order_id" uuid,
	"line_item_id" integer,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_renders_kind" CHECK ("design_renders"."kind" in ('mockup', 'print'))
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"base_product_id" text,
	"product_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"published_document" jsonb,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_kind" CHECK ("designs"."kind" in ('print_hub', 'book', 'book2'))
);
--> statement-breakpoint
ALTER TABLE "design_renders" ADD CONSTRAINT "design_renders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_renders" ADD CONSTRAINT "design_renders_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_renders" ADD CONSTRAINT "design_renders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_renders" ADD CONSTRAINT "design_renders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_renders_design" ON "design_renders" USING btree ("design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "design_renders_order_line" ON "design_renders" USING btree ("order_id","line_item_id","kind");--> statement-breakpoint
CREATE INDEX "designs_store_updated" ON "designs" USING btree ("store_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "designs_product" ON "designs" USING btree ("product_id");