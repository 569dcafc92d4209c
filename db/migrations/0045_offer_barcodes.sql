ALTER TABLE "offers" ADD COLUMN "barcode" text;--> statement-breakpoint
CREATE INDEX "offers_barcode_idx" ON "offers" USING btree ("barcode");