ALTER TABLE "stock_document_lines" ADD COLUMN "before" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "after" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "to_before" integer;--> statement-breakpoint
ALTER TABLE "stock_document_lines" ADD COLUMN "to_after" integer;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "status" text DEFAULT 'posted' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "posted_by" integer;--> statement-breakpoint
ALTER TABLE "stock_documents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_documents_idempotency_key_idx" ON "stock_documents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_documents_created_idx" ON "stock_documents" USING btree ("created_at");--> statement-breakpoint
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
