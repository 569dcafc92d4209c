ALTER TABLE "cities" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "week_hours" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "holidays" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "services" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "photos" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "reservable" boolean DEFAULT false NOT NULL;