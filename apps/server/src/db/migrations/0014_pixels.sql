CREATE TABLE "pixels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"network" text NOT NULL,
	"pixel_id" text NOT NULL,
	"access_token_sealed" text,
	"ads_conversion_id" text,
	"ads_conversion_label" text,
	"shared_with" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pixels" ADD CONSTRAINT "pixels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pixels_store_network_pixel" ON "pixels" USING btree ("store_id","network","pixel_id");--> statement-breakpoint
CREATE INDEX "pixels_shared_with" ON "pixels" USING gin ("shared_with");