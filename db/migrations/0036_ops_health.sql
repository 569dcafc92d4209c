CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"detail" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text NOT NULL,
	"bytes" bigint NOT NULL,
	"engine" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_calls" (
	"service" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outside_calls_service_minute_pk" PRIMARY KEY("service","minute")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_idx" ON "alerts" USING btree ("code") WHERE "alerts"."cleared_at" is null;