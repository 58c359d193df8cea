CREATE TABLE "held_items" (
	"customer_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"hold_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "held_items_customer_id_sku_id_pk" PRIMARY KEY("customer_id","sku_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "plan_code" text;--> statement-breakpoint
ALTER TABLE "held_items" ADD CONSTRAINT "held_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_items" ADD CONSTRAINT "held_items_sku_id_products_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_items_hold_ends_at_index" ON "held_items" USING btree ("hold_ends_at");