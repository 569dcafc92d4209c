CREATE TABLE "order_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"shop_id" integer,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_staff_name_idx" ON "order_views" USING btree ("staff_id",lower("name"));--> statement-breakpoint
CREATE INDEX "order_views_shared_idx" ON "order_views" USING btree ("shared","shop_id");