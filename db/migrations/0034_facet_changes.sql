CREATE TABLE "facet_epoch" (
	"epoch" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_facets" ADD COLUMN "writer" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "product_facets_writer_idx" ON "product_facets" USING btree ("writer");--> statement-breakpoint
INSERT INTO "facet_epoch" ("epoch") VALUES (1);--> statement-breakpoint
-- Every write of a row names its transaction, so a reader can ask for what changed since a snapshot's horizon.
CREATE FUNCTION product_facets_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.writer := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facets_stamp BEFORE UPDATE ON product_facets FOR EACH ROW EXECUTE FUNCTION product_facets_stamp();
--> statement-breakpoint
CREATE FUNCTION facet_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE facet_epoch SET epoch = epoch + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facets_deleted AFTER DELETE ON product_facets FOR EACH STATEMENT EXECUTE FUNCTION facet_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER product_facets_truncated AFTER TRUNCATE ON product_facets FOR EACH STATEMENT EXECUTE FUNCTION facet_epoch_bump();
