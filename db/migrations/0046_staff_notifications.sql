CREATE TABLE "staff_notification_prefs" (
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "staff_notification_prefs_staff_id_kind_pk" PRIMARY KEY("staff_id","kind")
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"delivery" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_telegram" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_check";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notifications_event_idx" ON "staff_notifications" USING btree ("event_key","staff_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_unread_idx" ON "staff_notifications" USING btree ("staff_id") WHERE "staff_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "staff_notifications_staff_idx" ON "staff_notifications" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notifications_held_idx" ON "staff_notifications" USING btree ("staff_id","kind") WHERE "staff_notifications"."delivery" = 'held';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms', 'telegram'));