CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"phones" text[] NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size_name" text NOT NULL,
	"size_sort" integer NOT NULL,
	"price" bigint NOT NULL,
	"old_price" bigint
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"section_path" integer[] NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"article" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"gender" text,
	"color_code" text NOT NULL,
	"description" text NOT NULL,
	"props" jsonb NOT NULL,
	"model_props" jsonb NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"min_price" bigint NOT NULL,
	"old_price" bigint,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 500 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 500 NOT NULL,
	"depth" integer NOT NULL,
	"path" integer[] NOT NULL,
	"gender" text
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"offer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_offer_id_store_id_pk" PRIMARY KEY("offer_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" text NOT NULL,
	"lon" text NOT NULL,
	"hours" text NOT NULL,
	"phone" text NOT NULL,
	"metro" text,
	"sort" integer NOT NULL,
	CONSTRAINT "stores_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "menu_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"src" text NOT NULL,
	"section_id" integer,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text,
	"url" text,
	"section_id" integer,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"url" text,
	"section_id" integer,
	"visible" integer[] DEFAULT '{}' NOT NULL,
	"no_mobile" boolean DEFAULT false NOT NULL,
	"bold" boolean DEFAULT false NOT NULL,
	"uline" boolean DEFAULT false NOT NULL,
	"color" text,
	"size" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"column_id" integer NOT NULL,
	"name" text,
	"url" text,
	"section_id" integer,
	"offset" integer DEFAULT 0 NOT NULL,
	"bold" boolean DEFAULT false NOT NULL,
	"uline" boolean DEFAULT false NOT NULL,
	"color" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text,
	"user_id" integer,
	"offer_id" integer NOT NULL,
	"delay" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text,
	"event1" text NOT NULL,
	"event2" text,
	"params" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"second_name" text DEFAULT '' NOT NULL,
	"gender" text,
	"phone" text,
	"confirmed_phone" text,
	"birthday" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"is_subscribe" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "brands_code_idx" ON "brands" USING btree ("code");--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "products_url_idx" ON "products" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_idx" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "products_section_path_idx" ON "products" USING gin ("section_path");--> statement-breakpoint
CREATE INDEX "products_props_idx" ON "products" USING gin ("props");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('russian', "name" || ' ' || "category" || ' ' || "article"));--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sections_url_idx" ON "sections" USING btree ("url");--> statement-breakpoint
CREATE INDEX "sections_parent_idx" ON "sections" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "stock_store_idx" ON "stock" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basket_lines_session_offer_idx" ON "basket_lines" USING btree ("session_id","offer_id","delay") WHERE "basket_lines"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "basket_lines_user_offer_idx" ON "basket_lines" USING btree ("user_id","offer_id","delay") WHERE "basket_lines"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));