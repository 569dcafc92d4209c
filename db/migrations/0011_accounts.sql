CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"house" text DEFAULT '' NOT NULL,
	"flat" text DEFAULT '' NOT NULL,
	"entrance" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"intercom" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"post_address" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_cards" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"bonus_balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "confirmed_phone" text;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_cards_number_idx" ON "discount_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "phone_codes_session_phone_idx" ON "phone_codes" USING btree ("session_id","phone");--> statement-breakpoint
CREATE INDEX "phone_codes_expires_idx" ON "phone_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_idx" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_expires_idx" ON "user_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_confirmed_phone_idx" ON "users" USING btree ("confirmed_phone") WHERE "users"."confirmed_phone" is not null;