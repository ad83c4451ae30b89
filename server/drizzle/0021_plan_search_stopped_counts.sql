-- #37: the plan screens' counts and the plan list's tabs and filters (status, platform, keyword) after a year of data.
-- The column added below rewrites plans, which takes ACCESS EXCLUSIVE anyway: taken first, before
-- anything else of plans, so a stop holding a row lock on plans cannot wait on this migration while
-- it waits on the stop (a lock upgraded halfway would). Readers and writers of plans wait for the
-- migration (about 8 s on a year of data), nothing fails. (A database migrated from before 0018 runs
-- 0018-0021 in one transaction and does upgrade 0018's lock: should a stop deadlock with it,
-- PostgreSQL cancels one of the two, the stop's answer is an error the seller can retry, or the
-- start fails and is retried.)
-- Waiting for that lock, requests queue behind the migration: at most 10 s (a long transaction or a
-- dump holding plans), then the migration fails, nothing changes, and the start is retried. The
-- rewrite itself has no statement timeout (about 8 s on a year of data, longer on more; the API
-- migrates on a connection without the requests' timeouts, and a role's default is lifted here).
-- Both for this transaction only, every migration after this one in it included.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
SET LOCAL statement_timeout = 0;--> statement-breakpoint
LOCK TABLE "plans" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
-- How many of a user's live plans are stopped, kept beside the live ones by the same triggers
-- (0019): pending and running are read from the plans not ended (plans_user_end_idx, a few hundred
-- keys), completed is what remains, so the counts no longer read all of a seller's plans.
ALTER TABLE "plan_counts" ADD COLUMN "stopped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "plans_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO plan_counts (user_id, flow_type, live, stopped)
      SELECT user_id, flow_type, count(*)::int, (count(*) FILTER (WHERE stopped_at IS NOT NULL))::int
      FROM new_rows WHERE deleted_at IS NULL GROUP BY user_id, flow_type
      ON CONFLICT (user_id, flow_type) DO UPDATE
        SET live = plan_counts.live + excluded.live, stopped = plan_counts.stopped + excluded.stopped;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE plan_counts c SET live = c.live - d.n, stopped = c.stopped - d.s
      FROM (SELECT user_id, flow_type, count(*)::int AS n, (count(*) FILTER (WHERE stopped_at IS NOT NULL))::int AS s
            FROM old_rows WHERE deleted_at IS NULL GROUP BY user_id, flow_type) d
      WHERE c.user_id = d.user_id AND c.flow_type = d.flow_type;
  ELSE
    -- Only a stop (stopped_at set), a deletion (deleted_at set) or a change of owner or platform changes a count.
    INSERT INTO plan_counts (user_id, flow_type, live, stopped)
      SELECT user_id, flow_type, sum(n)::int, sum(s)::int FROM (
        SELECT user_id, flow_type, 1 AS n, (stopped_at IS NOT NULL)::int AS s FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT user_id, flow_type, -1, -(stopped_at IS NOT NULL)::int FROM old_rows WHERE deleted_at IS NULL
      ) d GROUP BY user_id, flow_type HAVING sum(n) <> 0 OR sum(s) <> 0
      ON CONFLICT (user_id, flow_type) DO UPDATE
        SET live = plan_counts.live + excluded.live, stopped = plan_counts.stopped + excluded.stopped;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Filled after the function counts stops: plans is locked, so no stop falls between the two.
UPDATE "plan_counts" c SET "stopped" = s.n
  FROM (SELECT "user_id", "flow_type", count(*)::int AS n FROM "plans"
        WHERE "deleted_at" IS NULL AND "stopped_at" IS NOT NULL GROUP BY "user_id", "flow_type") s
  WHERE c."user_id" = s."user_id" AND c."flow_type" = s."flow_type";--> statement-breakpoint
-- The lists' index, in place of plans_user_live_idx: the list's order, then every column a list
-- filter reads (platform, status, start date, keyword), so a page's ids are found from the index
-- alone whatever the filter; and plans_user_end_idx with the list's order after its keys (the
-- pending and running tabs sort their few hundred keys). Both dropped before the rewrite below,
-- which rebuilds every index of plans, and made after it.
DROP INDEX "plans_user_live_idx";--> statement-breakpoint
DROP INDEX "plans_user_end_idx";--> statement-breakpoint
-- The keyword search: title, item id and keywords lower-cased in one stored column (see
-- plans.searchText in src/modules/plan/tables.ts).
ALTER TABLE "plans" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || item_id || chr(10) || keywords::text)) STORED;--> statement-breakpoint
CREATE INDEX "plans_user_list_idx" ON "plans" USING btree ("user_id","created_at","id","flow_type","start_at","end_at","stopped_at","start_date","search_text") WHERE "plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "plans_user_end_idx" ON "plans" USING btree ("user_id","end_at","start_at","stopped_at","flow_type","created_at","id") WHERE "plans"."deleted_at" is null;
