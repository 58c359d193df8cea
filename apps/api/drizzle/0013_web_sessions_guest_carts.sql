ALTER TABLE "customers" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "web_token_hash" text;--> statement-breakpoint
CREATE INDEX "customers_guest_updated_at_index" ON "customers" USING btree ("updated_at") WHERE "customers"."is_guest";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_webTokenHash_unique" UNIQUE("web_token_hash");