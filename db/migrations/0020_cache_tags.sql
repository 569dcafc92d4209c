-- Cache tags (decision 0017): every change that a page or a cached value shows sends the tags it touches on the
-- `cache_tags` channel when its transaction commits, so every process drops what it kept. Statement-level, one
-- notification per statement; a payload too long for NOTIFY (a bulk load) says `all`. Views and popularity, which
-- every product view moves, send nothing: the popularity sort catches up when a page is rendered again.
CREATE FUNCTION notify_cache_tags(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE payload text := array_to_string(ARRAY(SELECT DISTINCT t FROM unnest(tags) t WHERE t IS NOT NULL), ' ');
BEGIN
  IF payload = '' THEN RETURN; END IF;
  IF length(payload) > 7000 THEN payload := 'all'; END IF;
  PERFORM pg_notify('cache_tags', payload);
END $$;
--> statement-breakpoint
CREATE FUNCTION products_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM notify_cache_tags(ARRAY(
      SELECT 'product:' || n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE to_jsonb(n) - 'views' - 'popularity' IS DISTINCT FROM to_jsonb(o) - 'views' - 'popularity'));
  ELSE
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Offers, stock, photos and restrictions: the product they belong to.
CREATE FUNCTION offer_rows_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || o.product_id FROM new_rows n JOIN offers o ON o.id = n.offer_id));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || o.product_id FROM old_rows r JOIN offers o ON o.id = r.offer_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_rows_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || product_id FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM notify_cache_tags(ARRAY(SELECT 'product:' || product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A listing changes when a product's facet row does (it entered or left, its price, sizes in stock, props): its
-- section and every ancestor, its brand, and the listings beyond one section.
CREATE FUNCTION facets_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_cache_tags(ARRAY(
      SELECT 'section:' || unnest(s.path) FROM new_rows n JOIN sections s ON s.id = n.section_id
      UNION SELECT 'brand:' || brand_id FROM new_rows UNION SELECT 'listings'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM notify_cache_tags(ARRAY(
      WITH changed AS (
        SELECT n.section_id, n.brand_id FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id
        WHERE to_jsonb(n) - 'popularity' IS DISTINCT FROM to_jsonb(o) - 'popularity'
        UNION SELECT o.section_id, o.brand_id FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id
        WHERE to_jsonb(n) - 'popularity' IS DISTINCT FROM to_jsonb(o) - 'popularity')
      SELECT 'section:' || unnest(s.path) FROM changed c JOIN sections s ON s.id = c.section_id
      UNION SELECT 'brand:' || brand_id FROM changed
      UNION SELECT 'listings' WHERE EXISTS (SELECT 1 FROM changed)));
  ELSE
    PERFORM notify_cache_tags(ARRAY(
      SELECT 'section:' || unnest(s.path) FROM old_rows r JOIN sections s ON s.id = r.section_id
      UNION SELECT 'brand:' || brand_id FROM old_rows UNION SELECT 'listings'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION table_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_cache_tags(TG_ARGV::text[]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_cache_tags_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_cache_tags();--> statement-breakpoint
CREATE TRIGGER products_cache_tags_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_cache_tags();--> statement-breakpoint
CREATE TRIGGER products_cache_tags_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_cache_tags();--> statement-breakpoint
CREATE TRIGGER offers_cache_tags_ins AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER offers_cache_tags_upd AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER offers_cache_tags_del AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_images_cache_tags_ins AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_images_cache_tags_upd AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_images_cache_tags_del AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER stock_cache_tags_ins AFTER INSERT ON stock REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER stock_cache_tags_upd AFTER UPDATE ON stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER stock_cache_tags_del AFTER DELETE ON stock REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER offer_restrictions_cache_tags_ins AFTER INSERT ON offer_restrictions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER offer_restrictions_cache_tags_del AFTER DELETE ON offer_restrictions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_facets_cache_tags_ins AFTER INSERT ON product_facets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facets_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_facets_cache_tags_upd AFTER UPDATE ON product_facets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facets_cache_tags();--> statement-breakpoint
CREATE TRIGGER product_facets_cache_tags_del AFTER DELETE ON product_facets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION facets_cache_tags();--> statement-breakpoint
-- Tables whose change reaches every page (the shell) or pages of one kind; sections, brands and colours appear on
-- every kind of page (breadcrumbs, cards, filters), so their changes drop everything.
CREATE TRIGGER sections_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sections FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('all');--> statement-breakpoint
CREATE TRIGGER brands_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('all');--> statement-breakpoint
CREATE TRIGGER colors_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colors FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('all');--> statement-breakpoint
CREATE TRIGGER stores_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('all');--> statement-breakpoint
CREATE TRIGGER cities_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell', 'stores');--> statement-breakpoint
CREATE TRIGGER menu_categories_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_categories FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell');--> statement-breakpoint
CREATE TRIGGER menu_blocks_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_blocks FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell');--> statement-breakpoint
CREATE TRIGGER menu_columns_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_columns FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell');--> statement-breakpoint
CREATE TRIGGER menu_items_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell');--> statement-breakpoint
CREATE TRIGGER menu_banners_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_banners FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell');--> statement-breakpoint
CREATE TRIGGER delivery_prices_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_prices FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell', 'content');--> statement-breakpoint
CREATE TRIGGER content_pages_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('shell', 'content');--> statement-breakpoint
CREATE TRIGGER faq_items_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_items FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('content');--> statement-breakpoint
CREATE TRIGGER landing_pages_cache_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON landing_pages FOR EACH STATEMENT EXECUTE FUNCTION table_cache_tags('content');
