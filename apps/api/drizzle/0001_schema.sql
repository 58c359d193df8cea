CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"address" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"facility_address" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"used_for_payments" boolean DEFAULT true NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"period_ends_at" date,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"color" text DEFAULT '#0f766e' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"gender" text,
	"birthdate" date,
	"organization" text,
	"interface_language" text DEFAULT 'en' NOT NULL,
	"preferred_communication_language" text,
	"preferred_communication_method" text,
	"is_marketing_enabled" boolean DEFAULT false NOT NULL,
	"send_notification_by_email" boolean DEFAULT true NOT NULL,
	"send_notification_by_phone" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_updated_at" timestamp with time zone,
	"health_plan_id" integer,
	"insurance_company" text,
	"insurance_id" text,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"address" text NOT NULL,
	"reg" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"receive_marketing_mailing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "health_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "health_plans_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"customer_id" integer,
	"contact_id" integer,
	"client_ip" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"customer_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"agent_id" text,
	"promo_code" text,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"delivery_address_id" integer,
	"delivery_address" jsonb,
	"payment_method" text,
	"payment_last4" text,
	"paid_by" text,
	"tracking_carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"placed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"code" text,
	"status" text DEFAULT 'stored' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"last4" text,
	"fingerprint" text,
	"reference" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"number" text NOT NULL,
	"reg" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"receive_sms" boolean DEFAULT true NOT NULL,
	"allow_marketing_calls" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_plans" (
	"product_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "product_plans_product_id_plan_id_pk" PRIMARY KEY("product_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "product_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"category_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"status" smallint,
	"image_path" text DEFAULT '' NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', immutable_unaccent(name_en)), 'A') || setweight(to_tsvector('english', immutable_unaccent(brand || ' ' || manufacturer)), 'B') || setweight(to_tsvector('english', immutable_unaccent(description_en)), 'C')) STORED,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', immutable_unaccent(name_es)), 'A') || setweight(to_tsvector('spanish', immutable_unaccent(brand || ' ' || manufacturer)), 'B') || setweight(to_tsvector('spanish', immutable_unaccent(description_es)), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"fingerprint" text NOT NULL,
	"last4" text NOT NULL,
	"behavior" text DEFAULT 'approve' NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"period_ends_at" date,
	CONSTRAINT "sandbox_accounts_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_health_plan_id_health_plans_id_fk" FOREIGN KEY ("health_plan_id") REFERENCES "public"."health_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rows" ADD CONSTRAINT "order_rows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rows" ADD CONSTRAINT "order_rows_sku_id_products_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plans" ADD CONSTRAINT "product_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plans" ADD CONSTRAINT "product_plans_plan_id_health_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."health_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_id_index" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "cards_customer_id_index" ON "cards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_fingerprint_unique" ON "cards" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "emails_customer_id_index" ON "emails" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_verified_address_unique" ON "emails" USING btree ("address") WHERE "emails"."verified";--> statement-breakpoint
CREATE INDEX "one_time_codes_target_purpose_created_at_index" ON "one_time_codes" USING btree ("target","purpose","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_client_ip_created_at_index" ON "one_time_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_id_at_index" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_rows_order_sku_unique" ON "order_rows" USING btree ("order_id","sku_id");--> statement-breakpoint
CREATE INDEX "orders_customer_id_status_index" ON "orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_draft_per_customer" ON "orders" USING btree ("customer_id") WHERE "orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "outbox_messages_to_id_index" ON "outbox_messages" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "payments_order_id_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "phones_customer_id_index" ON "phones" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phones_verified_number_unique" ON "phones" USING btree ("number") WHERE "phones"."verified";--> statement-breakpoint
CREATE INDEX "product_plans_plan_id_index" ON "product_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "products_category_id_index" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_price_cents_index" ON "products" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "products_brand_index" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "products_search_es_idx" ON "products" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "products_name_en_trgm_idx" ON "products" USING gin (immutable_unaccent(lower("name_en")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_es_trgm_idx" ON "products" USING gin (immutable_unaccent(lower("name_es")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");