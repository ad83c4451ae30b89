CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"points" integer,
	"level" integer,
	"days" integer,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_type" CHECK ("goods"."type" in ('integral', 'member')),
	CONSTRAINT "goods_price" CHECK ("goods"."price" > 0),
	CONSTRAINT "goods_shape" CHECK (("goods"."type" = 'integral' and "goods"."points" > 0) or ("goods"."type" = 'member' and "goods"."level" in (3, 5, 7) and "goods"."days" > 0))
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_percent" integer NOT NULL,
	CONSTRAINT "member_levels_discount" CHECK ("member_levels"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text NOT NULL,
	"wechat_qr" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"alipay_collect_qr" text DEFAULT '' NOT NULL,
	"wxpay_collect_qr" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_snapshot" jsonb NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"pay_type" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'paid', 'cancelled', 'expired')),
	CONSTRAINT "orders_amount" CHECK ("orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_condition_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"label" text NOT NULL,
	"integral" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_condition_options_integral" CHECK ("plan_condition_options"."integral" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_type" text NOT NULL,
	"name" text NOT NULL,
	"integral" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plan_configs_integral" CHECK ("plan_configs"."integral" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"flow_type" text NOT NULL,
	"item_url" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"shop_name" text,
	"keywords" jsonb NOT NULL,
	"config_id" integer NOT NULL,
	"config_name" text NOT NULL,
	"base_integral" integer NOT NULL,
	"options" jsonb NOT NULL,
	"daily_count" integer NOT NULL,
	"days" integer NOT NULL,
	"start_date" date NOT NULL,
	"distribution" jsonb NOT NULL,
	"unit_cost" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"total_count" integer NOT NULL,
	"total_cost" integer NOT NULL,
	"stopped_at" timestamp with time zone,
	"dispatched_at_stop" integer,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "plans_total_cost" CHECK ("plans"."total_cost" >= 0),
	CONSTRAINT "plans_refunded" CHECK ("plans"."refunded" >= 0 and "plans"."refunded" <= "plans"."total_cost")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_balance" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_kind" CHECK ("points_ledger"."kind" in ('recharge', 'plan_charge', 'plan_refund', 'adjust'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"type" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"requester_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"type" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"form" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"member_level" integer DEFAULT 1 NOT NULL,
	"member_deadline" timestamp with time zone,
	"integral" integer DEFAULT 0 NOT NULL,
	"avatar" text,
	"invite_code" text NOT NULL,
	"inviter_id" integer,
	"operator_id" integer,
	"login_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_integral_non_negative" CHECK ("users"."integral" >= 0),
	CONSTRAINT "users_member_level" CHECK ("users"."member_level" in (1, 3, 5, 7))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_condition_options" ADD CONSTRAINT "plan_condition_options_condition_id_plan_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."plan_conditions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_conditions" ADD CONSTRAINT "plan_conditions_config_id_plan_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."plan_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_type_idx" ON "announcements" USING btree ("type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_configs_flow_idx" ON "plan_configs" USING btree ("flow_type","sort");--> statement-breakpoint
CREATE INDEX "plans_user_created_idx" ON "plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_user_flow_idx" ON "plans" USING btree ("user_id","flow_type");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_kind_reference_uq" ON "points_ledger" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("requester_ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "templates_user_idx" ON "templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_uq" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "users_inviter_idx" ON "users" USING btree ("inviter_id");