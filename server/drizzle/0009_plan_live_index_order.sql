DROP INDEX "plans_user_live_idx";--> statement-breakpoint
CREATE INDEX "plans_user_live_idx" ON "plans" USING btree ("user_id","created_at","id") WHERE "plans"."deleted_at" is null;