ALTER TABLE "plans" ADD COLUMN "start_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "end_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "plans_user_live_idx" ON "plans" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "plans"."deleted_at" is null;