ALTER TABLE "products" ADD COLUMN "size_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_size_codes_idx" ON "products" USING gin ("size_codes");--> statement-breakpoint
-- The size filter reads products.size_codes: the sizes of a product that are in stock somewhere.
-- Statement-level triggers keep it current whatever writes offers or stock (the seed, stock updates).
CREATE OR REPLACE FUNCTION refresh_product_size_codes(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET size_codes = coalesce((
    SELECT array_agg(DISTINCT lower(o.size_name))
    FROM offers o
    WHERE o.product_id = p.id AND EXISTS (SELECT 1 FROM stock s WHERE s.offer_id = o.id AND s.quantity > 0)
  ), '{}'::text[])
  WHERE p.id = ANY(ids);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_touch_size_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_size_codes(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_product_size_codes(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_size_codes(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_touch_size_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_size_codes(ARRAY(SELECT DISTINCT o.product_id FROM new_rows n JOIN offers o ON o.id = n.offer_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_product_size_codes(ARRAY(
      SELECT o.product_id FROM new_rows n JOIN offers o ON o.id = n.offer_id
      UNION SELECT o.product_id FROM old_rows r JOIN offers o ON o.id = r.offer_id));
  ELSE
    PERFORM refresh_product_size_codes(ARRAY(SELECT DISTINCT o.product_id FROM old_rows r JOIN offers o ON o.id = r.offer_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offers_size_codes_ins AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_touch_size_codes();
--> statement-breakpoint
CREATE TRIGGER offers_size_codes_upd AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_touch_size_codes();
--> statement-breakpoint
CREATE TRIGGER offers_size_codes_del AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_touch_size_codes();
--> statement-breakpoint
CREATE TRIGGER stock_size_codes_ins AFTER INSERT ON stock REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_touch_size_codes();
--> statement-breakpoint
CREATE TRIGGER stock_size_codes_upd AFTER UPDATE ON stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_touch_size_codes();
--> statement-breakpoint
CREATE TRIGGER stock_size_codes_del AFTER DELETE ON stock REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_touch_size_codes();
--> statement-breakpoint
SELECT refresh_product_size_codes(ARRAY(SELECT id FROM products));
