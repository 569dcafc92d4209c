CREATE TABLE "delivery_quotes" (
	"carrier" text NOT NULL,
	"town" text NOT NULL,
	"band" integer NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_quotes_carrier_town_band_kind_pk" PRIMARY KEY("carrier","town","band","kind")
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "carrier_town" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "delivery_prices" ADD COLUMN "markup" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "carrier" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "kind" text DEFAULT 'point' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "fitting_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "try_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "card" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "cash" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "cash_on_receipt" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "weight_max" integer;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_carrier_town_idx" ON "cities" USING btree ("carrier","carrier_town") WHERE "cities"."carrier_town" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_points_code_idx" ON "pickup_points" USING btree ("carrier","code");--> statement-breakpoint
-- The seeded points become the test carrier's, with the codes it answers for them (server/delivery/test-carrier):
-- the city's code and the point's place in the city's list.
UPDATE "pickup_points" p SET "code" = n.code
FROM (
  SELECT pp.id, c.code || '-' || row_number() OVER (PARTITION BY pp.city_id ORDER BY pp.id) AS code
  FROM "pickup_points" pp JOIN "cities" c ON c.id = pp.city_id
) n
WHERE n.id = p.id AND p."code" IS NULL;
