CREATE TABLE "card_proof_counters" (
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_proof_counters_scope_window_start_pk" PRIMARY KEY("scope","window_start")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payable_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "card_proof_counters_window_start_index" ON "card_proof_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "orders_unpaid_hold_index" ON "orders" USING btree ("payable_until") WHERE "orders"."status" = -10;--> statement-breakpoint
-- Orders placed before holds existed: their hold ends 30 minutes after placing (the default), so the sweep frees them.
UPDATE "orders" SET "payable_until" = coalesce("placed_at", "updated_at") + interval '30 minutes' WHERE "status" = -10 AND "payable_until" IS NULL;