CREATE TABLE IF NOT EXISTS "item_lookup_cache" (
	"flow_type" text NOT NULL,
	"item_id" text NOT NULL,
	"status" text NOT NULL,
	"info" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_lookup_cache_flow_type_item_id_pk" PRIMARY KEY("flow_type","item_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "item_lookup_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"requester_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "item_provider_status" (
	"platform" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_cause" text,
	"last_failure" text,
	"failing_since" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_lookup_cache_fetched_idx" ON "item_lookup_cache" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_lookup_attempts_user_idx" ON "item_lookup_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_lookup_attempts_ip_idx" ON "item_lookup_attempts" USING btree ("requester_ip","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_lookup_attempts_created_idx" ON "item_lookup_attempts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN IF NOT EXISTS "item_price" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_item_price_check" CHECK ("plans"."item_price" IS NULL OR "plans"."item_price" >= 0);
