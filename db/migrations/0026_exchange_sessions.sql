CREATE TABLE "exchange_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queried_order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_sessions" ADD CONSTRAINT "exchange_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_sessions_staff_idx" ON "exchange_sessions" USING btree ("staff_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "orders_not_exported_idx" ON "orders" USING btree ("id") WHERE "orders"."exported_at" is null;