CREATE TABLE "promo_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"prefix" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "batch_id" integer;--> statement-breakpoint
CREATE INDEX "promo_batches_rule_idx" ON "promo_batches" USING btree ("rule_code");--> statement-breakpoint
-- Hand-written: a batch's codes read by their batch (the export, the counts of used ones).
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" ("batch_id") WHERE "batch_id" IS NOT NULL;
