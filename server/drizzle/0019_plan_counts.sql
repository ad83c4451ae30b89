-- #37: a user's live (not deleted) plans per platform, so the plan list's total without a status,
-- keyword or date filter (and a page past the middle, walked from the oldest end) does not read all
-- of a seller's plans on every page. Kept by statement-level triggers like points_ledger_counts
-- (0018); ops verify compares it with the plans.
CREATE TABLE "plan_counts" (
	"user_id" integer NOT NULL,
	"flow_type" text NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "plan_counts_pk" PRIMARY KEY("user_id","flow_type")
);--> statement-breakpoint
CREATE FUNCTION "plans_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO plan_counts (user_id, flow_type, live)
      SELECT user_id, flow_type, count(*)::int FROM new_rows WHERE deleted_at IS NULL GROUP BY user_id, flow_type
      ON CONFLICT (user_id, flow_type) DO UPDATE SET live = plan_counts.live + excluded.live;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE plan_counts c SET live = c.live - d.n
      FROM (SELECT user_id, flow_type, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY user_id, flow_type) d
      WHERE c.user_id = d.user_id AND c.flow_type = d.flow_type;
  ELSE
    -- Only a deletion (deleted_at set) or a change of owner or platform changes a count.
    INSERT INTO plan_counts (user_id, flow_type, live)
      SELECT user_id, flow_type, sum(n)::int FROM (
        SELECT user_id, flow_type, 1 AS n FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT user_id, flow_type, -1 FROM old_rows WHERE deleted_at IS NULL
      ) d GROUP BY user_id, flow_type HAVING sum(n) <> 0
      ON CONFLICT (user_id, flow_type) DO UPDATE SET live = plan_counts.live + excluded.live;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plans_count_insert" AFTER INSERT ON "plans" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "plans_count_live"();--> statement-breakpoint
CREATE TRIGGER "plans_count_delete" AFTER DELETE ON "plans" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "plans_count_live"();--> statement-breakpoint
CREATE TRIGGER "plans_count_update" AFTER UPDATE ON "plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "plans_count_live"();--> statement-breakpoint
-- Filled after the triggers exist: creating them locks out writers until this migration commits,
-- so a row written meanwhile is counted once, by its trigger after the commit, never missed.
INSERT INTO "plan_counts" ("user_id", "flow_type", "live")
  SELECT "user_id", "flow_type", count(*)::int FROM "plans" WHERE "deleted_at" IS NULL GROUP BY "user_id", "flow_type";
