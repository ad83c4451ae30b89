-- #37: running plans and today's dispatched read a few hundred keys of a seller's 20 000 plans (by end),
-- not every plan begun by now (plans_user_schedule_idx leads with start_at).
CREATE INDEX "plans_user_end_idx" ON "plans" USING btree ("user_id","end_at","start_at","stopped_at","flow_type") WHERE "plans"."deleted_at" is null;
