CREATE TABLE "offer_restrictions" (
	"offer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "offer_restrictions_offer_id_store_id_pk" PRIMARY KEY("offer_id","store_id")
);
