CREATE TABLE "gateway_group_proxies" (
	"group_id" uuid NOT NULL,
	"proxy_id" uuid NOT NULL,
	CONSTRAINT "gateway_group_proxies_group_id_proxy_id_pk" PRIMARY KEY("group_id","proxy_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "onboarding_skips" (
	"store_id" uuid NOT NULL,
	"field" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_skips_store_id_field_pk" PRIMARY KEY("store_id","field")
);
--> statement-breakpoint
CREATE TABLE "payment_proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"display_name" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"credentials_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_cards_last4" CHECK ("payout_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payout_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"method" text NOT NULL,
	"card_id" uuid,
	"account_holder" text,
	"iban_enc" text,
	"iban_masked" text,
	"paypal_email" text,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_configs_store_id_unique" UNIQUE("store_id")
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"destination" text NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_positive" CHECK ("payout_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_gateway_groups" (
	"store_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "store_gateway_groups_store_id_group_id_pk" PRIMARY KEY("store_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "store_proxies" (
	"store_id" uuid NOT NULL,
	"proxy_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_proxies_store_id_proxy_id_pk" PRIMARY KEY("store_id","proxy_id")
);
--> statement-breakpoint
CREATE TABLE "store_subscriptions" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"plan" text,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"chosen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gateway_group_proxies" ADD CONSTRAINT "gateway_group_proxies_group_id_gateway_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."gateway_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_group_proxies" ADD CONSTRAINT "gateway_group_proxies_proxy_id_payment_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."payment_proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_skips" ADD CONSTRAINT "onboarding_skips_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_cards" ADD CONSTRAINT "payout_cards_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_configs" ADD CONSTRAINT "payout_configs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_configs" ADD CONSTRAINT "payout_configs_card_id_payout_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payout_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_gateway_groups" ADD CONSTRAINT "store_gateway_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_gateway_groups" ADD CONSTRAINT "store_gateway_groups_group_id_gateway_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."gateway_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_proxies" ADD CONSTRAINT "store_proxies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_proxies" ADD CONSTRAINT "store_proxies_proxy_id_payment_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."payment_proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_group_proxies_proxy" ON "gateway_group_proxies" USING btree ("proxy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proxies_provider_account" ON "payment_proxies" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "payout_cards_store" ON "payout_cards" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "payout_requests_store_created" ON "payout_requests" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_proxies_proxy" ON "store_proxies" USING btree ("proxy_id");