-- Hand-written (issue 30, search at 1 000 000 products).
-- Which of a few words (spelling corrections) are whole words of some product's English or
-- Spanish name, so the answer names a correction in the shopper's language. Planned with
-- sequential scans off: the planner read the whole table for a word in no name of one language
-- (9.5 s at 1 000 000 products) instead of the names' trigram indexes (tens of ms).
CREATE OR REPLACE FUNCTION search_name_words(words text[])
  RETURNS TABLE (word text, en boolean, es boolean)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off
AS $$
  SELECT w.word,
    EXISTS (SELECT 1 FROM products p WHERE p.name_en_norm ~ ('\m' || w.word || '\M')),
    EXISTS (SELECT 1 FROM products p WHERE p.name_es_norm ~ ('\m' || w.word || '\M'))
  FROM unnest(words) WITH ORDINALITY AS w(word, n)
  ORDER BY w.n
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_matches(tsquery, tsquery, integer[], text, integer, integer);--> statement-breakpoint
-- The products that match a search, as search_matches of migration 0011 (see there), with one
-- more way to find them when `known_matches` (how many products the words match: the count the
-- caller keeps, or NULL) says they are many. Reading the full-text indexes builds a bitmap of
-- EVERY match before the first max_rows are taken: 60 000 entries for "protector solar" at
-- 1 000 000 products, growing with the catalog. Walking the listed products in catalog order (in
-- stock first, then id; within one category, that category's) and testing each until max_rows
-- match reads max_rows / (share of them matching) rows, the same at any catalog size. A row
-- walked costs about 2.5 bitmap entries (measured at 1 000 000 products: 22 000 matches cost the
-- same either way), so the walk is taken when it is expected to cost less than the bitmaps;
-- it stops after four times the rows expected, and then (a stale count) the indexes are read as
-- before. The products walked: the table's row estimate, or the category's share of it from the
-- column statistics.
CREATE OR REPLACE FUNCTION search_matches(en_query tsquery, es_query tsquery, cats integer[], mode text, plan integer, max_rows integer, known_matches integer)
  RETURNS TABLE (id integer, rank_en real, rank_es real, in_stock boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET enable_seqscan = off
AS $$
DECLARE
  walked real;
  walk_rows integer;
  found integer[];
BEGIN
  IF known_matches > 0 AND (mode = 'text' OR (mode = 'within' AND cardinality(cats) = 1)) THEN
    SELECT greatest(c.reltuples, 0) INTO walked FROM pg_class c WHERE c.oid = 'products'::regclass;
    IF mode = 'within' THEN
      walked := walked * coalesce((
        SELECT m.freq FROM pg_stats s,
          unnest(s.most_common_vals::text::integer[], s.most_common_freqs) AS m(val, freq)
        WHERE s.schemaname = current_schema() AND s.tablename = 'products' AND s.attname = 'category_id'
          AND m.val = cats[1]), 1);
    END IF;
    -- The bitmaps: an entry per match, and within a category one per product of the category too.
    IF 2.5 * max_rows * walked <= known_matches::real * (known_matches + CASE WHEN mode = 'within' THEN walked ELSE 0 END) THEN
      walk_rows := ceil(4 * max_rows * walked / known_matches);
      -- One query per mode and plan, as below (a plan's EXISTS beside "plan IS NULL" is hashed).
      IF mode = 'text' AND plan IS NULL THEN
        found := ARRAY(SELECT w.id FROM (
            SELECT p.id, p.search_en, p.search_es FROM products p WHERE p.status IS NULL
            ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT walk_rows) w
          WHERE w.search_en @@ en_query OR w.search_es @@ es_query
          LIMIT max_rows);
      ELSIF mode = 'text' THEN
        found := ARRAY(SELECT w.id FROM (
            SELECT p.id, p.search_en, p.search_es FROM products p WHERE p.status IS NULL
            ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT walk_rows) w
            JOIN product_plans pp ON pp.product_id = w.id AND pp.plan_id = plan
          WHERE w.search_en @@ en_query OR w.search_es @@ es_query
          LIMIT max_rows);
      ELSIF plan IS NULL THEN
        found := ARRAY(SELECT w.id FROM (
            SELECT p.id, p.search_en, p.search_es FROM products p WHERE p.status IS NULL AND p.category_id = cats[1]
            ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT walk_rows) w
          WHERE w.search_en @@ en_query OR w.search_es @@ es_query
          LIMIT max_rows);
      ELSE
        found := ARRAY(SELECT w.id FROM (
            SELECT p.id, p.search_en, p.search_es FROM products p WHERE p.status IS NULL AND p.category_id = cats[1]
            ORDER BY p.in_stock DESC NULLS LAST, p.id LIMIT walk_rows) w
            JOIN product_plans pp ON pp.product_id = w.id AND pp.plan_id = plan
          WHERE w.search_en @@ en_query OR w.search_es @@ es_query
          LIMIT max_rows);
      END IF;
      IF cardinality(found) >= max_rows THEN
        RETURN QUERY SELECT p.id, ts_rank(p.search_en, en_query), ts_rank(p.search_es, es_query), p.in_stock
          FROM products p WHERE p.id = ANY(found);
        RETURN;
      END IF;
    END IF;
  END IF;
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
$$;
