ALTER TABLE "orders" ADD COLUMN "card_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_percent" integer;