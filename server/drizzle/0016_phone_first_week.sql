-- #38: the first-day cut of a plan published for today, and what a phone needs of a service contact.
-- Plans made before it keep their meaning: first_day_from_hour 0 (nothing cut), their stored
-- distribution (which held 0 in the hours begun at publish, every day) and totals unchanged.
ALTER TABLE "plans" ADD COLUMN "first_day_from_hour" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_first_day_from_hour" CHECK ("plans"."first_day_from_hour" between 0 and 24);--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "wechat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "collect_payee" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The demo contact seeded outside production: its demo payee beside its demo bank account.
UPDATE "operators" SET "collect_payee" = '上海某某网络科技有限公司' WHERE "bank_account" = '开户行：招商银行上海分行　户名：上海某某网络科技有限公司　账号：6214 8300 0000 0000';
