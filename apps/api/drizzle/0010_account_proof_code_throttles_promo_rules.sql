CREATE TABLE "code_throttles" (
	"scope" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"next_allowed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"promo_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_customer" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_throttles_updated_at_index" ON "code_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "promo_redemptions_promo_id_customer_id_index" ON "promo_redemptions" USING btree ("promo_id","customer_id");--> statement-breakpoint
-- Hand-added: the welcome code is once per customer, and orders placed before this migration
-- count as uses (not drafts, not cancelled).
UPDATE "promo_codes" SET "max_uses_per_customer" = 1 WHERE lower("code") = 'welcome10' AND "max_uses_per_customer" IS NULL;--> statement-breakpoint
INSERT INTO "promo_redemptions" ("order_id", "promo_id", "customer_id", "created_at")
SELECT o."id", p."id", o."customer_id", coalesce(o."updated_at", now())
FROM "orders" o JOIN "promo_codes" p ON lower(p."code") = lower(o."promo_code")
WHERE o."status" NOT IN (0, -20) AND o."customer_id" IS NOT NULL
ON CONFLICT ("order_id") DO NOTHING;
