CREATE TABLE "product_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"placement" text NOT NULL,
	"title" text NOT NULL,
	"limit" integer NOT NULL,
	"layout" text DEFAULT 'grid' NOT NULL,
	"days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "is_store_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_widgets" ADD CONSTRAINT "product_widgets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_widgets_store_placement" ON "product_widgets" USING btree ("store_id","placement");