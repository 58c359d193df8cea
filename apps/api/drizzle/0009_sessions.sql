CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_customer_id_index" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
-- Hand-added: every refresh-token family signed in before this migration becomes a session, so
-- its refresh token still renews it (and the access token then names it). Revocation is always
-- family-wide, so one revoked row means a revoked family.
INSERT INTO "sessions" ("id", "customer_id", "device", "created_at", "last_used_at", "expires_at", "revoked_at")
SELECT "family_id", min("customer_id"), '', min("created_at"), max("created_at"), max("expires_at"), max("revoked_at")
FROM "refresh_tokens"
GROUP BY "family_id"
ON CONFLICT ("id") DO NOTHING;
