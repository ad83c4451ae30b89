DROP INDEX "templates_user_idx";--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "templates_user_idx" ON "templates" USING btree ("user_id","updated_at");