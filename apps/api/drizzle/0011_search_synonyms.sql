CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"term_norm" text GENERATED ALWAYS AS (immutable_unaccent(lower(term))) STORED,
	"lang" text NOT NULL,
	"expands_to" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_kind_check" CHECK ("search_synonyms"."kind" IN ('brand', 'everyday', 'category')),
	CONSTRAINT "search_synonyms_lang_check" CHECK ("search_synonyms"."lang" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_lang_idx" ON "search_synonyms" USING btree ("term_norm","lang");--> statement-breakpoint
-- Hand-written: the products that match a search (issue 19), at most max_rows of them, with their
-- full-text rank in English and Spanish (the caller weighs them) and whether they are in stock,
-- covered by a plan when one is given. `mode` says how the words and the categories combine:
-- 'text' the full-text queries alone; 'union' their matches and the products of `cats`; 'within'
-- their matches in `cats`; 'category' the products of `cats` (rank 0).
-- A function so that its queries are planned with sequential scans off (as search_candidates of
-- migration 0004, which it replaces): with a LIMIT, the planner would otherwise walk the whole
-- table testing every row for a common word instead of reading the GIN indexes. One query per
-- mode and plan: "plan IS NULL OR EXISTS (...)" made the planner hash every product of the plan.
CREATE OR REPLACE FUNCTION search_matches(en_query tsquery, es_query tsquery, cats integer[], mode text, plan integer, max_rows integer)
  RETURNS TABLE (id integer, rank_en real, rank_es real, in_stock boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET enable_seqscan = off
AS $$
BEGIN
  IF mode = 'category' THEN
    IF plan IS NULL THEN
      RETURN QUERY SELECT p.id, 0::real, 0::real, p.in_stock FROM products p
        WHERE p.category_id = ANY(cats) AND p.status IS NULL LIMIT max_rows;
    ELSE
      RETURN QUERY SELECT p.id, 0::real, 0::real, p.in_stock
        FROM products p JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
        WHERE p.category_id = ANY(cats) AND p.status IS NULL LIMIT max_rows;
    END IF;
  ELSIF mode = 'union' THEN
    IF plan IS NULL THEN
      RETURN QUERY SELECT p.id, coalesce(ts_rank(p.search_en, en_query), 0), coalesce(ts_rank(p.search_es, es_query), 0), p.in_stock
        FROM products p
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query OR p.category_id = ANY(cats)) AND p.status IS NULL
        LIMIT max_rows;
    ELSE
      RETURN QUERY SELECT p.id, coalesce(ts_rank(p.search_en, en_query), 0), coalesce(ts_rank(p.search_es, es_query), 0), p.in_stock
        FROM products p JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query OR p.category_id = ANY(cats)) AND p.status IS NULL
        LIMIT max_rows;
    END IF;
  ELSIF mode = 'within' THEN
    IF plan IS NULL THEN
      RETURN QUERY SELECT p.id, ts_rank(p.search_en, en_query), ts_rank(p.search_es, es_query), p.in_stock
        FROM products p
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.category_id = ANY(cats) AND p.status IS NULL
        LIMIT max_rows;
    ELSE
      RETURN QUERY SELECT p.id, ts_rank(p.search_en, en_query), ts_rank(p.search_es, es_query), p.in_stock
        FROM products p JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.category_id = ANY(cats) AND p.status IS NULL
        LIMIT max_rows;
    END IF;
  ELSE
    IF plan IS NULL THEN
      RETURN QUERY SELECT p.id, ts_rank(p.search_en, en_query), ts_rank(p.search_es, es_query), p.in_stock
        FROM products p
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL
        LIMIT max_rows;
    ELSE
      RETURN QUERY SELECT p.id, ts_rank(p.search_en, en_query), ts_rank(p.search_es, es_query), p.in_stock
        FROM products p JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
        WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL
        LIMIT max_rows;
    END IF;
  END IF;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_candidates(tsquery, tsquery, integer, integer);
--> statement-breakpoint
-- Hand-written: the catalog filtered by brand, in each sort, from one index each (issue 19): the
-- names start with the brand, so walking a name index for one brand read a twelfth of the
-- catalog first (4 s at 1 000 000 products). Also what the brand list's loose index scan reads.
CREATE INDEX IF NOT EXISTS "products_list_brand_default_idx" ON "products" USING btree ("brand", "in_stock" DESC NULLS LAST, "id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_brand_price_idx" ON "products" USING btree ("brand", "price_cents", "id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_brand_name_en_idx" ON "products" USING btree ("brand", "name_en_norm" COLLATE "C", "id") WHERE status IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_brand_name_es_idx" ON "products" USING btree ("brand", "sort_es" COLLATE "C", "id") WHERE status IS NULL;
