CREATE TABLE "consent_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"subjects" text[] NOT NULL,
	"purposes" text[] NOT NULL,
	"reason" text NOT NULL,
	"client" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
