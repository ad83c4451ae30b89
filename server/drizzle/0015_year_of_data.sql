DROP INDEX "points_ledger_user_idx";--> statement-breakpoint
CREATE INDEX "points_ledger_user_time_idx" ON "points_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_ledger_plan_spend_idx" ON "points_ledger" USING btree ("created_at") INCLUDE ("delta") WHERE "points_ledger"."kind" in ('plan_charge', 'plan_refund');--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") INCLUDE ("pay_type","amount") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "plans_created_idx" ON "plans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_phone_prefix_idx" ON "users" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_suffix_idx" ON "users" USING btree (reverse("phone") text_pattern_ops);--> statement-breakpoint
CREATE TABLE "stats_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"new_users" integer NOT NULL,
	"plans_created" integer NOT NULL,
	"points_spent" bigint NOT NULL,
	"paid" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_days_pk" PRIMARY KEY("time_zone","day")
);
