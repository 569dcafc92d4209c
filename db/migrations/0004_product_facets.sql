-- Sizes move from products (where every stock change rewrote a wide row) to the narrow product_facets table.
DROP TRIGGER IF EXISTS offers_size_codes_ins ON offers;--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_size_codes_upd ON offers;--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_size_codes_del ON offers;--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_size_codes_ins ON stock;--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_size_codes_upd ON stock;--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_size_codes_del ON stock;--> statement-breakpoint
DROP FUNCTION IF EXISTS offers_touch_size_codes();--> statement-breakpoint
DROP FUNCTION IF EXISTS stock_touch_size_codes();--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_product_size_codes(integer[]);--> statement-breakpoint
CREATE TABLE "product_facets" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"gender" text,
	"color_code" text NOT NULL,
	"size_codes" text[] NOT NULL,
	"props" jsonb NOT NULL,
	"min_price" bigint NOT NULL,
	"popularity" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"active" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_size_codes_idx";--> statement-breakpoint
CREATE INDEX "product_facets_section_idx" ON "product_facets" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "product_facets_brand_idx" ON "product_facets" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "size_codes";--> statement-breakpoint
-- The sizes of a product that are in stock somewhere, lower case.
CREATE FUNCTION product_size_codes(pid integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(o.size_name)), '{}'::text[])
  FROM offers o
  WHERE o.product_id = pid AND EXISTS (SELECT 1 FROM stock s WHERE s.offer_id = o.id AND s.quantity > 0)
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_facet_sizes(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_facets f SET size_codes = x.codes
  FROM (SELECT i.id, product_size_codes(i.id) AS codes FROM unnest(ids) AS i(id)) x
  WHERE f.product_id = x.id AND f.size_codes IS DISTINCT FROM x.codes
$$;
--> statement-breakpoint
CREATE FUNCTION products_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE product_facets;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_facets WHERE product_id IN (SELECT id FROM old_rows);
  ELSE
    INSERT INTO product_facets AS f (product_id, section_id, brand_id, gender, color_code, size_codes, props, min_price, popularity, discount_percent, created_at, active)
    SELECT n.id, n.section_id, n.brand_id, n.gender, n.color_code, product_size_codes(n.id), n.props, n.min_price, n.popularity, n.discount_percent, n.created_at, n.active
    FROM new_rows n
    ON CONFLICT (product_id) DO UPDATE SET
      section_id = excluded.section_id, brand_id = excluded.brand_id, gender = excluded.gender, color_code = excluded.color_code,
      props = excluded.props, min_price = excluded.min_price, popularity = excluded.popularity,
      discount_percent = excluded.discount_percent, created_at = excluded.created_at, active = excluded.active;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION offers_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_facet_sizes(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_facet_sizes(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM refresh_facet_sizes(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stock_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_facet_sizes(ARRAY(SELECT DISTINCT o.product_id FROM new_rows n JOIN offers o ON o.id = n.offer_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_facet_sizes(ARRAY(
      SELECT o.product_id FROM new_rows n JOIN offers o ON o.id = n.offer_id
      UNION SELECT o.product_id FROM old_rows r JOIN offers o ON o.id = r.offer_id));
  ELSE
    PERFORM refresh_facet_sizes(ARRAY(SELECT DISTINCT o.product_id FROM old_rows r JOIN offers o ON o.id = r.offer_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_facets();--> statement-breakpoint
CREATE TRIGGER products_facets_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_facets();--> statement-breakpoint
CREATE TRIGGER products_facets_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_facets();--> statement-breakpoint
CREATE TRIGGER products_facets_trunc AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION products_sync_facets();--> statement-breakpoint
CREATE TRIGGER offers_facets_ins AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_sync_facets();--> statement-breakpoint
CREATE TRIGGER offers_facets_upd AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_sync_facets();--> statement-breakpoint
CREATE TRIGGER offers_facets_del AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_sync_facets();--> statement-breakpoint
CREATE TRIGGER stock_facets_ins AFTER INSERT ON stock REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_sync_facets();--> statement-breakpoint
CREATE TRIGGER stock_facets_upd AFTER UPDATE ON stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_sync_facets();--> statement-breakpoint
CREATE TRIGGER stock_facets_del AFTER DELETE ON stock REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_sync_facets();--> statement-breakpoint
-- Databases seeded before this migration.
INSERT INTO product_facets (product_id, section_id, brand_id, gender, color_code, size_codes, props, min_price, popularity, discount_percent, created_at, active)
SELECT p.id, p.section_id, p.brand_id, p.gender, p.color_code, product_size_codes(p.id), p.props, p.min_price, p.popularity, p.discount_percent, p.created_at, p.active
FROM products p;
