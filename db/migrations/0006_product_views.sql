CREATE TABLE "product_views" (
	"session_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_views_session_id_product_id_pk" PRIMARY KEY("session_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_views_viewed_at_idx" ON "product_views" USING btree ("viewed_at");