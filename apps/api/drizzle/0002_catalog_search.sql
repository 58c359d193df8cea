CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_en_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_es_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en_norm" text GENERATED ALWAYS AS (immutable_unaccent(lower(name_en))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_es_norm" text GENERATED ALWAYS AS (immutable_unaccent(lower(name_es))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_es" text GENERATED ALWAYS AS (immutable_unaccent(replace(lower(name_es), 'ñ', 'n{'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS (stock > reserved) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_list_default_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_cat_default_idx" ON "products" USING btree ("category_id","in_stock" DESC NULLS LAST,"id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("price_cents","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_cat_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_name_en_idx" ON "products" USING btree ("name_en_norm" COLLATE "C","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_cat_name_en_idx" ON "products" USING btree ("category_id","name_en_norm" COLLATE "C","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_name_es_idx" ON "products" USING btree ("sort_es" COLLATE "C","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_list_cat_name_es_idx" ON "products" USING btree ("category_id","sort_es" COLLATE "C","id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX "products_name_en_trgm_idx" ON "products" USING gin ("name_en_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_es_trgm_idx" ON "products" USING gin ("name_es_norm" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: the vocabulary of product-name words (search corrects typos against it), kept by
-- triggers: one statement-level insert per inserted batch, and per row when a name changes.
CREATE OR REPLACE FUNCTION search_words_from_new_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows r,
    regexp_split_to_table(r.name_en_norm || ' ' || r.name_es_norm, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_new_rows();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.name_en_norm || ' ' || NEW.name_es_norm, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE OF name_en, name_es ON products
  FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_es IS DISTINCT FROM NEW.name_es)
  EXECUTE FUNCTION search_words_from_row();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p,
  regexp_split_to_table(p.name_en_norm || ' ' || p.name_es_norm, '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
