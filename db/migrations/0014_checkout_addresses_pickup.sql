CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"hours" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "session_id" text;--> statement-breakpoint
CREATE INDEX "pickup_points_city_idx" ON "pickup_points" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "addresses_session_idx" ON "addresses" USING btree ("session_id") WHERE "addresses"."session_id" is not null;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_owner" CHECK (("addresses"."user_id" is null) <> ("addresses"."session_id" is null));