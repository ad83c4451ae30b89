ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_kind";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_agreed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_codes_created_idx" ON "sms_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_send_attempts_created_idx" ON "sms_send_attempts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_kind" CHECK ("points_ledger"."kind" in ('recharge', 'plan_charge', 'plan_refund', 'adjust', 'forfeit'));