-- Locks in the order the application takes them (a plan, then its ledger rows): with the triggers of
-- this migration and of 0019 on points_ledger and plans, a publish running during a rolling deploy
-- would otherwise deadlock against it.
LOCK TABLE "plans", "points_ledger" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- #37: a user's ledger row count, so the ledger list's total (and a page past the middle, walked
-- from the oldest end) does not read all of a seller's rows on every page. Kept by statement-level
-- triggers (transition tables: one grouped upsert per statement, a bulk insert included), so every
-- writer of points_ledger keeps it, the application or not; ops verify compares it with the rows.
CREATE TABLE "points_ledger_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "points_ledger_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO points_ledger_counts (user_id, rows)
      SELECT user_id, count(*)::int FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET rows = points_ledger_counts.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE points_ledger_counts c SET rows = c.rows - d.n
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY user_id) d WHERE c.user_id = d.user_id;
  ELSE
    -- An update moves a row only when it changes user_id (a remark rewrite changes no count).
    INSERT INTO points_ledger_counts (user_id, rows)
      SELECT user_id, sum(n)::int FROM (SELECT user_id, 1 AS n FROM new_rows UNION ALL SELECT user_id, -1 FROM old_rows) d
      GROUP BY user_id HAVING sum(n) <> 0
      ON CONFLICT (user_id) DO UPDATE SET rows = points_ledger_counts.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "points_ledger_count_insert" AFTER INSERT ON "points_ledger" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "points_ledger_count_rows"();--> statement-breakpoint
CREATE TRIGGER "points_ledger_count_delete" AFTER DELETE ON "points_ledger" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "points_ledger_count_rows"();--> statement-breakpoint
CREATE TRIGGER "points_ledger_count_update" AFTER UPDATE ON "points_ledger" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "points_ledger_count_rows"();--> statement-breakpoint
-- Filled after the triggers exist: creating them locks out writers until this migration commits,
-- so a row written meanwhile is counted once, by its trigger after the commit, never missed.
INSERT INTO "points_ledger_counts" ("user_id", "rows") SELECT "user_id", count(*)::int FROM "points_ledger" GROUP BY "user_id";
