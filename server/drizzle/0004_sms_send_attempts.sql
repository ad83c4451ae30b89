CREATE TABLE "sms_send_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sms_codes_ip_idx";--> statement-breakpoint
CREATE INDEX "sms_send_attempts_ip_idx" ON "sms_send_attempts" USING btree ("requester_ip","created_at");