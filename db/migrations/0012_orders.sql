CREATE TABLE "checkout_promo_codes" (
	"session_id" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_promo_codes_session_id_code_pk" PRIMARY KEY("session_id","code")
);
--> statement-breakpoint
CREATE TABLE "delivery_prices" (
	"type" text PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"free_from" integer
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_name" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"quantity" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_stock" (
	"order_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_stock_order_id_offer_id_store_id_pk" PRIMARY KEY("order_id","offer_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"session_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"delivery_type" text NOT NULL,
	"delivery" jsonb NOT NULL,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"second_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_disabled_call" boolean DEFAULT false NOT NULL,
	"items" integer NOT NULL,
	"discount" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"bonuses_used" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"customer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer,
	"amount" integer,
	"min_basket" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"section_ids" integer[],
	"brand_ids" integer[],
	"max_uses" integer,
	"per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_phone_created_idx" ON "orders" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "promo_code_uses_customer_idx" ON "promo_code_uses" USING btree ("code","customer");--> statement-breakpoint
-- The shop's delivery prices (kopecks): reference data the order page and the delivery page read.
INSERT INTO "delivery_prices" ("type", "price", "free_from") VALUES
  ('COURIER', 39000, 500000), ('PICKUP', 25000, NULL), ('POCHTA', 35000, NULL), ('SHOP', 0, NULL)
ON CONFLICT ("type") DO NOTHING;
