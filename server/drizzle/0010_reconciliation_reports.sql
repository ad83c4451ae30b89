CREATE TABLE "reconciliation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"day" date NOT NULL,
	"bill_payments" integer NOT NULL,
	"credited" jsonb NOT NULL,
	"differences" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_day_idx" ON "reconciliation_reports" USING btree ("day","gateway","created_at");