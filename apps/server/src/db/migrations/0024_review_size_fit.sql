ALTER TABLE "product_reviews" ADD COLUMN "size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "fit" text DEFAULT '' NOT NULL;