ALTER TABLE "health_plans" ADD COLUMN "period" text DEFAULT 'quarter' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_plans" ADD COLUMN "units_per_period" integer;