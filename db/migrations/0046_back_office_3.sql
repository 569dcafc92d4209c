CREATE TABLE "catalog_imports" (
	"token" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"prefix" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notification_prefs" (
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "staff_notification_prefs_staff_id_kind_pk" PRIMARY KEY("staff_id","kind")
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"delivery" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_telegram" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"shop_id" integer,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "export_again" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "before" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "after" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "to_before" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "to_after" integer;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "status" text DEFAULT 'posted' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "posted_by" integer;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promo_batches_rule_idx" ON "promo_batches" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notifications_event_idx" ON "staff_notifications" USING btree ("event_key","staff_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_unread_idx" ON "staff_notifications" USING btree ("staff_id") WHERE "staff_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "staff_notifications_staff_idx" ON "staff_notifications" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notifications_held_idx" ON "staff_notifications" USING btree ("staff_id","kind") WHERE "staff_notifications"."delivery" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_staff_name_idx" ON "order_views" USING btree ("staff_id",lower("name"));--> statement-breakpoint
CREATE INDEX "order_views_shared_idx" ON "order_views" USING btree ("shared","shop_id");--> statement-breakpoint
CREATE INDEX "products_article_trgm_idx" ON "products" USING gin ("article" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" USING btree ("color_code");--> statement-breakpoint
CREATE INDEX "users_phones_trgm_idx" ON "users" USING gin ((coalesce("confirmed_phone", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_contact_trgm_idx" ON "users" USING gin (("name" || ' ' || "last_name" || ' ' || "second_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_trgm_idx" ON "orders" USING gin (("name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree (upper("tracking_number")) WHERE "orders"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_guest_phone_idx" ON "orders" USING btree ("phone","id") WHERE "orders"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower(trim("email"))) WHERE "orders"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_export_again_idx" ON "orders" USING btree ("id") WHERE "orders"."export_again";--> statement-breakpoint
CREATE INDEX "questions_guest_phone_idx" ON "questions" USING btree ("phone") WHERE "questions"."user_id" is null;--> statement-breakpoint
CREATE INDEX "questions_guest_email_idx" ON "questions" USING btree (lower("email")) WHERE "questions"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_documents_idempotency_key_idx" ON "stock_documents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_documents_created_idx" ON "stock_documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_alerts_guest_address_idx" ON "stock_alerts" USING btree ("address") WHERE "stock_alerts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms', 'telegram'));--> statement-breakpoint
-- Hand-written: a batch's codes read by their batch (the export, the counts of used ones).
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" ("batch_id") WHERE "batch_id" IS NOT NULL;--> statement-breakpoint
-- Backfill (issue 47.4): every document made before drafts was posted as it was made, by its author.
UPDATE "stock_documents" SET "status" = 'posted', "posted_at" = "created_at", "posted_by" = "staff_id" WHERE "posted_at" IS NULL;--> statement-breakpoint
-- Each earlier line's quantities before and after, from the movement the document wrote for it.
UPDATE "stock_document_lines" l SET "before" = m."quantity" - m."delta", "after" = m."quantity"
  FROM "stock_documents" d, "stock_movements" m
  WHERE d."id" = l."document_id" AND m."document_id" = l."document_id" AND m."offer_id" = l."offer_id" AND m."store_id" = d."store_id" AND l."before" IS NULL;--> statement-breakpoint
UPDATE "stock_document_lines" l SET "to_before" = m."quantity" - m."delta", "to_after" = m."quantity"
  FROM "stock_documents" d, "stock_movements" m
  WHERE d."id" = l."document_id" AND d."to_store_id" IS NOT NULL AND m."document_id" = l."document_id" AND m."offer_id" = l."offer_id" AND m."store_id" = d."to_store_id" AND l."to_before" IS NULL;--> statement-breakpoint
-- A count that found what the store had wrote no movement: it had what was counted.
UPDATE "stock_document_lines" l SET "before" = l."quantity", "after" = l."quantity"
  FROM "stock_documents" d WHERE d."id" = l."document_id" AND d."kind" = 'stocktake' AND l."before" IS NULL;
