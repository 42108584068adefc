ALTER TABLE "domains" DROP CONSTRAINT "domains_host_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "domains_host_store" ON "domains" USING btree ("host","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_verified_host" ON "domains" USING btree ("host") WHERE "domains"."status" = 'verified';