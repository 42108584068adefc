CREATE TABLE "inventory_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "type" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "disjunctive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "inventory_policy" text DEFAULT 'deny' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_adjustments_store_time" ON "inventory_adjustments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_adjustments_variant" ON "inventory_adjustments" USING btree ("variant_id","created_at");--> statement-breakpoint
-- Products imported before statuses existed: unpublished ones are drafts (Shopify's status of a hidden product).
UPDATE "products" SET "status" = 'draft' WHERE NOT "published";
--> statement-breakpoint
-- The stock history is append-only (issue 13 item 4): a row is never rewritten.
CREATE OR REPLACE FUNCTION inventory_adjustments_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_adjustments is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_adjustments_no_update BEFORE UPDATE ON "inventory_adjustments"
FOR EACH ROW EXECUTE FUNCTION inventory_adjustments_append_only();
