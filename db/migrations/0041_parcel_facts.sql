ALTER TABLE "products" ADD COLUMN "weight" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "weight" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "length" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "exchange_products" ADD COLUMN "parcel" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- A shop that started from the demo (or whose 1C groups slug to the same codes) gets its sections' parcels; any other
-- section stays null: its products take the parent's default, then DEFAULT_PARCEL, until the staff set one.
UPDATE "sections" s SET "weight" = d.weight, "length" = d.length, "width" = d.width, "height" = d.height
FROM (VALUES
  ('verkhnyaya-odezhda', 1200, 50, 40, 12),
  ('puhoviki', 1500, 50, 40, 15),
  ('parki', 1600, 55, 40, 15),
  ('palto', 1800, 60, 45, 12),
  ('kurtki', 900, 45, 35, 10),
  ('zhilety', 500, 40, 30, 8),
  ('aksessuary', 200, 25, 20, 5)
) AS d(code, weight, length, width, height)
WHERE s.code = d.code AND s.weight IS NULL AND s.length IS NULL AND s.width IS NULL AND s.height IS NULL;
