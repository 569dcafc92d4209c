CREATE TABLE "bonus_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "from_status" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonuses_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bonus_operations_user_idx" ON "bonus_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_operations_order_kind_idx" ON "bonus_operations" USING btree ("order_id","kind") WHERE "bonus_operations"."kind" in ('credit', 'reverse');--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ((("delivery"->>'shopId')::int));--> statement-breakpoint
-- The card histories start with what orders already spent and what their cancels gave back.
INSERT INTO "bonus_operations" ("user_id", "order_id", "kind", "amount", "created_at")
  SELECT "user_id", "id", 'spend', -"bonuses_used", "created_at" FROM "orders" WHERE "user_id" IS NOT NULL AND "bonuses_used" > 0;--> statement-breakpoint
INSERT INTO "bonus_operations" ("user_id", "order_id", "kind", "amount", "created_at")
  SELECT "user_id", "id", 'refund', "bonuses_used", now() FROM "orders"
  WHERE "user_id" IS NOT NULL AND "bonuses_used" > 0 AND "status" = 'cancelled';
