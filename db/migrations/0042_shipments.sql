CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"kept" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"carrier_id" text,
	"number" text,
	"status" text NOT NULL,
	"last_event" text,
	"last_event_at" timestamp with time zone,
	"last_place" text,
	"cash_on_receipt" integer DEFAULT 0 NOT NULL,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_carrier_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"shipment" jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_once_idx" ON "shipment_events" USING btree ("shipment_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_carrier_id_idx" ON "shipments" USING btree ("carrier","carrier_id");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("status") WHERE "shipments"."status" in ('registered', 'in_transit', 'arrived');--> statement-breakpoint
CREATE UNIQUE INDEX "test_carrier_parcels_order_idx" ON "test_carrier_parcels" USING btree ("order_number");