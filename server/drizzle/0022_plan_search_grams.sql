-- #37: the plan list's keyword search after a year of data. Since 0021 it is one LIKE over
-- plans.search_text, read from plans_user_list_idx: every one of a seller's 20 000 index entries, 3-4
-- ms of database time whatever the keyword. plans_search_grams_idx holds every two-character piece
-- of search_text, each prefixed with the owner's id ('2:保温'), so a keyword of two or more
-- characters finds the plans of that seller holding all of its pieces (a superset of the LIKE,
-- which is checked on those rows only): a keyword found in one plan reads one row. Without the
-- prefix the pieces would be shared by every seller ('保温' in 250 000 plans of a year) and
-- intersecting them would be slower than the walk. Plain SQL and a core index method: no extension
-- (pg_trgm finds no trigram in Chinese text under the C locale, and PGlite or a managed server may
-- lack it).
-- This migration makes the functions only. The index itself (declared in plan/tables.ts, so it is in
-- the snapshot) is built by the API after the migrations (server/src/db/deferred-indexes.ts): on
-- PostgreSQL concurrently, in the background, because a plain CREATE INDEX here would block every
-- write to plans while it reads them all (80 s on the year of data, 1 000 000 plans; the index is
-- about 600 MB beside the table's 660). Until it is valid the search walks the list as before.
--
-- Immutable, so an index may use it; it reads nothing but its arguments and calls only built-ins
-- (PostgreSQL 17 runs index expressions with search_path pg_catalog during maintenance). Pieces
-- repeat in the array: a GIN index keeps each once.
CREATE OR REPLACE FUNCTION "plan_search_grams"("owner" integer, "search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array(SELECT "owner"::text || ':' || substr("search_text", i, 2) FROM generate_series(1, length("search_text") - 1) i)
$$;--> statement-breakpoint
-- A keyword's pieces, as the list asks for them: lower-cased as search_text is. PARALLEL UNSAFE on
-- purpose: a query that calls it is never run by parallel workers, whose start (about 4 ms) is
-- longer than the search itself (a few hundred rows at most).
CREATE OR REPLACE FUNCTION "plan_keyword_grams"("owner" integer, "keyword" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE AS $$
  SELECT plan_search_grams("owner", lower("keyword"))
$$;
