CREATE TABLE "order_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_percent" integer;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "resend_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "token_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_top_ups_order_idx" ON "order_top_ups" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_top_ups_payment_idx" ON "order_top_ups" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_top_ups_pending_idx" ON "order_top_ups" USING btree ("order_id") WHERE "order_top_ups"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "stock_alerts_message_idx" ON "stock_alerts" USING btree ("message_id") WHERE "stock_alerts"."message_id" is not null and "stock_alerts"."state" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "staff_notifications_created_idx" ON "staff_notifications" USING btree ("created_at");