CREATE TABLE "account_undo_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"change" text NOT NULL,
	"contact_kind" text,
	"contact_id" integer,
	"contact_value" text,
	"previous_id" integer,
	"previous_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_undo_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "account_undo_links" ADD CONSTRAINT "account_undo_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_undo_links_customer_id_index" ON "account_undo_links" USING btree ("customer_id");