ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Sign-ups made before double opt-in stay subscribed: they are confirmed as of their sign-up.
UPDATE "subscriptions" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
