ALTER TABLE "uploads" ADD COLUMN "original_width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "original_height" integer;