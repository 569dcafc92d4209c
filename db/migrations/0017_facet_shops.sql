ALTER TABLE "product_facets" ADD COLUMN "shop_codes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The shops that hold some size of a product on the shelf, by their page code: the catalogue's «in this shop» filter.
CREATE FUNCTION product_shop_codes(pid integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT st.code), '{}'::text[])
  FROM offers o JOIN stock s ON s.offer_id = o.id JOIN stores st ON st.id = s.store_id
  WHERE o.product_id = pid AND s.quantity > 0 AND st.type = 'shop'
$$;
--> statement-breakpoint
-- Every stock change already refreshes a product's sizes here; its shops come along in the same update.
CREATE OR REPLACE FUNCTION refresh_facet_sizes(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_facets f SET size_codes = x.codes, shop_codes = x.shops
  FROM (SELECT i.id, product_size_codes(i.id) AS codes, product_shop_codes(i.id) AS shops FROM unnest(ids) AS i(id)) x
  WHERE f.product_id = x.id AND (f.size_codes IS DISTINCT FROM x.codes OR f.shop_codes IS DISTINCT FROM x.shops)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE product_facets;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_facets WHERE product_id IN (SELECT id FROM old_rows);
  ELSE
    INSERT INTO product_facets AS f (product_id, section_id, brand_id, gender, color_code, size_codes, shop_codes, props, min_price, popularity, discount_percent, created_at, active)
    SELECT n.id, n.section_id, n.brand_id, n.gender, n.color_code, product_size_codes(n.id), product_shop_codes(n.id), n.props, n.min_price, n.popularity, n.discount_percent, n.created_at, n.active
    FROM new_rows n
    ON CONFLICT (product_id) DO UPDATE SET
      section_id = excluded.section_id, brand_id = excluded.brand_id, gender = excluded.gender, color_code = excluded.color_code,
      props = excluded.props, min_price = excluded.min_price, popularity = excluded.popularity,
      discount_percent = excluded.discount_percent, created_at = excluded.created_at, active = excluded.active;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_product_facets() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_facets;
  INSERT INTO product_facets (product_id, section_id, brand_id, gender, color_code, size_codes, shop_codes, props, min_price, popularity, discount_percent, created_at, active)
  SELECT p.id, p.section_id, p.brand_id, p.gender, p.color_code, coalesce(s.codes, '{}'::text[]), coalesce(h.codes, '{}'::text[]), p.props, p.min_price, p.popularity, p.discount_percent, p.created_at, p.active
  FROM products p
  LEFT JOIN (
    SELECT o.product_id, array_agg(DISTINCT lower(o.size_name)) AS codes
    FROM offers o
    WHERE EXISTS (SELECT 1 FROM stock s WHERE s.offer_id = o.id AND s.quantity > 0)
    GROUP BY o.product_id
  ) s ON s.product_id = p.id
  LEFT JOIN (
    SELECT o.product_id, array_agg(DISTINCT st.code) AS codes
    FROM offers o JOIN stock k ON k.offer_id = o.id JOIN stores st ON st.id = k.store_id
    WHERE k.quantity > 0 AND st.type = 'shop'
    GROUP BY o.product_id
  ) h ON h.product_id = p.id;
$$;
--> statement-breakpoint
-- Databases seeded before this migration.
UPDATE product_facets SET shop_codes = product_shop_codes(product_id);
