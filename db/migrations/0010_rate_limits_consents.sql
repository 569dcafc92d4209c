CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"text_version" text NOT NULL,
	"subject" text NOT NULL,
	"session_id" text,
	"user_id" integer,
	"client" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- UNLOGGED: counters of a few minutes need no write-ahead log; after a crash PostgreSQL empties the table, which
-- only gives every client a fresh window.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consents_subject_idx" ON "consents" USING btree ("subject","purpose");--> statement-breakpoint
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits" USING btree ("window_end");