CREATE TABLE "allowance_reminders" (
	"customer_id" integer NOT NULL,
	"period_ends_at" date NOT NULL,
	"channels" text DEFAULT '' NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_reminders_customer_id_period_ends_at_pk" PRIMARY KEY("customer_id","period_ends_at")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "allowance_reminders" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "allowance_reminders" ADD CONSTRAINT "allowance_reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;