DROP INDEX "staff_email_idx";--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_idx" ON "staff" USING btree (lower("email")) WHERE "staff"."removed_at" is null;