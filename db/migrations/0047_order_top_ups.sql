CREATE TABLE "order_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_top_ups_order_idx" ON "order_top_ups" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_top_ups_payment_idx" ON "order_top_ups" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_top_ups_pending_idx" ON "order_top_ups" USING btree ("order_id") WHERE "order_top_ups"."status" = 'pending';