CREATE TABLE "exchange_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_key" text NOT NULL,
	"staff_id" integer,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_offers" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"stock_seen_log" integer
);
--> statement-breakpoint
CREATE TABLE "exchange_pending_offers" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"onec_product_id" text NOT NULL,
	"record" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_price_types" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text
);
--> statement-breakpoint
CREATE TABLE "exchange_products" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"model_id" integer,
	"name" text NOT NULL,
	"article" text NOT NULL,
	"description" text NOT NULL,
	"section_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"color_code" text,
	"props" jsonb NOT NULL,
	"catalogue_id" text DEFAULT '' NOT NULL,
	"images" text[] NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_log" integer
);
--> statement-breakpoint
CREATE TABLE "exchange_properties" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"target" text,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_sections" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"section_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_variants" (
	"onec_product_id" text NOT NULL,
	"color_code" text NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "exchange_variants_onec_product_id_color_code_pk" PRIMARY KEY("onec_product_id","color_code")
);
--> statement-breakpoint
CREATE TABLE "exchange_warehouses" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_id" integer
);
--> statement-breakpoint
CREATE INDEX "exchange_log_session_idx" ON "exchange_log" USING btree ("session_key","file_name");--> statement-breakpoint
CREATE INDEX "exchange_log_started_idx" ON "exchange_log" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_offers_offer_idx" ON "exchange_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "exchange_pending_offers_product_idx" ON "exchange_pending_offers" USING btree ("onec_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_variants_product_idx" ON "exchange_variants" USING btree ("product_id");