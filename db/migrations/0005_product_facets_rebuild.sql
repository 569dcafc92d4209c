-- Bulk loads (the seed) switch the facet triggers off and rebuild the whole table once: the per-statement
-- triggers would otherwise recompute the sizes of the same products for every chunk of stock rows.
CREATE FUNCTION rebuild_product_facets() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_facets;
  INSERT INTO product_facets (product_id, section_id, brand_id, gender, color_code, size_codes, props, min_price, popularity, discount_percent, created_at, active)
  SELECT p.id, p.section_id, p.brand_id, p.gender, p.color_code, coalesce(s.codes, '{}'::text[]), p.props, p.min_price, p.popularity, p.discount_percent, p.created_at, p.active
  FROM products p
  LEFT JOIN (
    SELECT o.product_id, array_agg(DISTINCT lower(o.size_name)) AS codes
    FROM offers o
    WHERE EXISTS (SELECT 1 FROM stock s WHERE s.offer_id = o.id AND s.quantity > 0)
    GROUP BY o.product_id
  ) s ON s.product_id = p.id;
$$;
