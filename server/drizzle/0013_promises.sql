CREATE TABLE "reconciliation_attempts" (
	"gateway" text NOT NULL,
	"day" date NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reconciliation_attempts_gateway_day_pk" PRIMARY KEY("gateway","day")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_trade_no" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "orders_provider_trade_no_idx" ON "orders" USING btree ("provider_trade_no") WHERE "orders"."provider_trade_no" is not null;--> statement-breakpoint
-- Audit rows name accounts by id, never by phone (docs/privacy.md). A target user:<phone> becomes the
-- id of the live account that held the phone when the row was written; any other (a deleted account's,
-- or a phone registered again after the row) keeps only the masked phone.
UPDATE "audit_log" AS a SET "target" = 'user:#' || u."id" FROM "users" AS u WHERE a."target" = 'user:' || u."phone" AND u."deleted_at" IS NULL AND a."created_at" >= u."created_at";--> statement-breakpoint
UPDATE "audit_log" SET "target" = regexp_replace("target", '^user:(\d{3})\d{4}(\d{4})$', 'user:\1****\2') WHERE "target" ~ '^user:1\d{10}$';--> statement-breakpoint
-- A staff member as actor: the masked phone (the row keeps actor_id), or #<id> once the account is deleted.
UPDATE "audit_log" AS a SET "actor" = CASE WHEN u."deleted_at" IS NULL THEN regexp_replace(a."actor", '^(\d{3})\d{4}(\d{4})$', '\1****\2') ELSE '#' || u."id" END FROM "users" AS u WHERE a."actor_id" = u."id" AND a."actor" ~ '^1\d{10}$';
