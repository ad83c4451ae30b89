CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_window_start_pk" PRIMARY KEY("bucket","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "held_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"pay_type" integer NOT NULL,
	"amount" integer NOT NULL,
	"provider_trade_no" text,
	"received_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded_by" text,
	"refund_remark" text
);
--> statement-breakpoint
ALTER TABLE "held_payments" ADD CONSTRAINT "held_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "held_payments_order_no_uq" ON "held_payments" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "held_payments_refunded_idx" ON "held_payments" USING btree ("refunded_at","received_at");