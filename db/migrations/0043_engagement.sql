CREATE TABLE "product_pairs" (
	"product_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "product_pairs_product_id_other_id_pk" PRIMARY KEY("product_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"fit" text NOT NULL,
	"size" text NOT NULL,
	"height" integer,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"hidden_reason" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"user_id" integer,
	"session_id" text,
	"city_id" integer,
	"state" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_pairs_top_idx" ON "product_pairs" USING btree ("product_id","orders" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_line_idx" ON "reviews" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "reviews_product_published_idx" ON "reviews" USING btree ("product_id","published_at") WHERE "reviews"."state" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_model_published_idx" ON "reviews" USING btree ("model_id") WHERE "reviews"."state" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_state_created_idx" ON "reviews" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("offer_id","channel","address") WHERE "stock_alerts"."state" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "stock_alerts_active_offer_idx" ON "stock_alerts" USING btree ("offer_id") WHERE "stock_alerts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id") WHERE "stock_alerts"."user_id" is not null;