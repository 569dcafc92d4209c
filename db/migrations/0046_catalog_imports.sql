CREATE TABLE "catalog_imports" (
	"token" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at");