ALTER TABLE "stock_alerts" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "resend_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "token_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stock_alerts_message_idx" ON "stock_alerts" USING btree ("message_id") WHERE "stock_alerts"."message_id" is not null and "stock_alerts"."state" in ('pending', 'sent');