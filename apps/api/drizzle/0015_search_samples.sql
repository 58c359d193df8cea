-- Hand-written (issue 30, item 4: search p95 at 1 000 000 products at most 20 ms).
-- Samples of the listed catalog for the full-text indexes: the products whose id hashes to 0
-- modulo 16, and modulo 256 (a sixteenth of those). A search ranks at most max_rows candidates
-- (the modal shows 20 of 200); reading the full indexes builds a bitmap of EVERY match first
-- (22 000 entries for "acetaminophen" at 1 000 000 products: 5 to 12 ms on a busy machine, and
-- growing with the catalog), while the same word in the 1/16 sample costs a sixteenth. The
-- sample is hashed, not id % 16, so it holds every kind of product whatever order the catalog
-- was loaded in. Each index holds a sixteenth (a 256th) of the rows: 5 MB at 1 000 000 products.
CREATE INDEX "products_search_en_s16_idx" ON "products" USING gin ("search_en") WHERE status IS NULL AND (hashint4(id) & 15) = 0;--> statement-breakpoint
CREATE INDEX "products_search_es_s16_idx" ON "products" USING gin ("search_es") WHERE status IS NULL AND (hashint4(id) & 15) = 0;--> statement-breakpoint
CREATE INDEX "products_search_en_s256_idx" ON "products" USING gin ("search_en") WHERE status IS NULL AND (hashint4(id) & 255) = 0;--> statement-breakpoint
CREATE INDEX "products_search_es_s256_idx" ON "products" USING gin ("search_es") WHERE status IS NULL AND (hashint4(id) & 255) = 0;--> statement-breakpoint
-- The candidates of the words alone ('text') or within categories ('within'), under a plan when
-- one is given: the first max_rows matches of the 1/256 sample when it has that many, else of the
-- 1/16 sample, else of the whole catalog. Which sample answers depends on the data alone (never
-- on a count a process may or may not keep), so every process and every page of the catalog's
-- `q` ranks the same candidates. A word with few matches costs two small index reads more than
-- before; a word with many costs at most its matches in a sample. Index scans off besides
-- sequential scans: with a LIMIT the planner walked the listed products' index testing each row
-- when it expected many matches (12 580 rows for "ibuprofn", 12 ms), and a walk that finds fewer
-- than max_rows reads the whole table. Generic plans (each query planned once per connection):
-- with bitmaps the only way left the plan does not depend on the words, and planning the three
-- queries on every call cost more than running them at 100 000 products. The ranks are computed
-- for the rows kept only.
CREATE OR REPLACE FUNCTION search_candidates(en_query tsquery, es_query tsquery, cats integer[], plan integer, max_rows integer)
  RETURNS TABLE (id integer, rank_en real, rank_es real, in_stock boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET enable_seqscan = off
  SET enable_indexscan = off
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  ids integer[];
  ens real[];
  ess real[];
  stocks boolean[];
  level integer;
BEGIN
  FOREACH level IN ARRAY ARRAY[256, 16, 1] LOOP
    -- One query per sample and plan (partial indexes are matched on the literal predicate; a
    -- plan's EXISTS beside "plan IS NULL" is hashed over every product of the plan).
    IF plan IS NULL THEN
      IF level = 256 THEN
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL AND (hashint4(p.id) & 255) = 0
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      ELSIF level = 16 THEN
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL AND (hashint4(p.id) & 15) = 0
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      ELSE
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      END IF;
    ELSE
      IF level = 256 THEN
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL AND (hashint4(p.id) & 255) = 0
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      ELSIF level = 16 THEN
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL AND (hashint4(p.id) & 15) = 0
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      ELSE
        SELECT array_agg(m.id), array_agg(ts_rank(m.search_en, en_query)), array_agg(ts_rank(m.search_es, es_query)), array_agg(m.in_stock)
          INTO ids, ens, ess, stocks
          FROM (SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
            JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
            WHERE (p.search_en @@ en_query OR p.search_es @@ es_query) AND p.status IS NULL
              AND (cardinality(cats) = 0 OR p.category_id = ANY(cats))
            LIMIT max_rows) m;
      END IF;
    END IF;
    IF level = 1 OR coalesce(cardinality(ids), 0) >= max_rows THEN
      RETURN QUERY SELECT * FROM unnest(ids, ens, ess, stocks);
      RETURN;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_matches(tsquery, tsquery, integer[], text, integer, integer, integer);--> statement-breakpoint
-- The products that match a search, as search_matches of migration 0011 (see there). The words
-- alone and the words within categories: search_candidates above (it replaces the walk of
-- migration 0014 and the count that chose it). A category named beside other words ('union'):
-- the words' candidates first, then the categories' products in the catalog's order up to
-- max_rows, rather than the first max_rows of either in the table's order (mostly the
-- categories' products, ranked 0: at 1 000 000 products a bitmap of 30 000 to 60 000 entries
-- for a few text matches among them). The categories' products alone as before.
CREATE OR REPLACE FUNCTION search_matches(en_query tsquery, es_query tsquery, cats integer[], mode text, plan integer, max_rows integer)
  RETURNS TABLE (id integer, rank_en real, rank_es real, in_stock boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET enable_seqscan = off
AS $$
DECLARE
  ids integer[];
  ens real[];
  ess real[];
  stocks boolean[];
  rest integer;
BEGIN
  IF mode = 'text' OR mode = 'within' THEN
    RETURN QUERY SELECT c.id, c.rank_en, c.rank_es, c.in_stock
      FROM search_candidates(en_query, es_query, CASE WHEN mode = 'within' THEN cats ELSE '{}'::integer[] END, plan, max_rows) c;
    RETURN;
  END IF;
  IF mode = 'union' THEN
    SELECT array_agg(c.id), array_agg(c.rank_en), array_agg(c.rank_es), array_agg(c.in_stock) INTO ids, ens, ess, stocks
      FROM search_candidates(en_query, es_query, '{}'::integer[], plan, max_rows) c;
    RETURN QUERY SELECT * FROM unnest(ids, ens, ess, stocks);
    ids := coalesce(ids, '{}'::integer[]);
  ELSE
    ids := '{}'::integer[];
  END IF;
  rest := max_rows - cardinality(ids);
  IF rest <= 0 THEN
    RETURN;
  END IF;
  -- Each category's first products from its own index in the catalog's order, then merged.
  IF plan IS NULL THEN
    RETURN QUERY SELECT f.id, coalesce(ts_rank(f.search_en, en_query), 0), coalesce(ts_rank(f.search_es, es_query), 0), f.in_stock
      FROM unnest(cats) AS c(category_id), LATERAL (
        SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
        WHERE p.category_id = c.category_id AND p.status IS NULL AND NOT (p.id = ANY(ids))
        ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT rest) f
      ORDER BY f.in_stock DESC NULLS LAST, f.id LIMIT rest;
  ELSE
    RETURN QUERY SELECT f.id, coalesce(ts_rank(f.search_en, en_query), 0), coalesce(ts_rank(f.search_es, es_query), 0), f.in_stock
      FROM unnest(cats) AS c(category_id), LATERAL (
        SELECT p.id, p.search_en, p.search_es, p.in_stock FROM products p
        JOIN product_plans pp ON pp.product_id = p.id AND pp.plan_id = plan
        WHERE p.category_id = c.category_id AND p.status IS NULL AND NOT (p.id = ANY(ids))
        ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT rest) f
      ORDER BY f.in_stock DESC NULLS LAST, f.id LIMIT rest;
  END IF;
END
$$;
