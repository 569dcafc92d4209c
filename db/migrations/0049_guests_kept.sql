-- The back office's guests (issue 47.2) kept as rows instead of grouped from every guest order on each view of the
-- list: at 300 000 guest orders that grouping took 1.0–2.4 s a page on PostgreSQL. A guest is still the connected
-- orders without an account that share a phone or an email (db/repositories/guest-groups.ts); a phone's group is
-- named by its least phone (`root`). Orders' writes mark the phones they touch (`guest_marks`); the list brings
-- the marked ones' groups up to date before it reads (`refresh_marked_guests`), so a checkout only adds a row here.
CREATE TABLE "guest_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"root" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"root" text PRIMARY KEY NOT NULL,
	"first_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	"orders_count" integer NOT NULL,
	"last_id" integer NOT NULL,
	"email_id" integer
);
--> statement-breakpoint
CREATE INDEX "guest_phones_root_idx" ON "guest_phones" USING btree ("root");--> statement-breakpoint
CREATE INDEX "guests_since_idx" ON "guests" USING btree ("since" DESC NULLS LAST,"first_id" DESC NULLS LAST);
--> statement-breakpoint
-- The groups of these phones made again from the orders: every phone an email links them to now, and every phone
-- of their groups as they were (a group an order left may have split), walked first.
CREATE FUNCTION refresh_guests(p_phones text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_closure text[];
  v_phones text[];
  v_roots text[];
BEGIN
  WITH RECURSIVE reach(phone) AS (
    SELECT DISTINCT p FROM unnest(p_phones) p WHERE p <> ''
    UNION
    SELECT x.phone FROM reach r CROSS JOIN LATERAL (
      SELECT o2.phone FROM orders o1
        JOIN orders o2 ON o2.user_id IS NULL AND o2.phone <> '' AND lower(trim(o2.email)) = lower(trim(o1.email))
        WHERE o1.user_id IS NULL AND o1.phone = r.phone AND trim(o1.email) <> ''
      UNION
      SELECT g2.phone FROM guest_phones g1 JOIN guest_phones g2 ON g2.root = g1.root WHERE g1.phone = r.phone
    ) x
  )
  SELECT array_agg(phone) INTO v_closure FROM reach;
  IF v_closure IS NULL THEN
    RETURN;
  END IF;
  WITH RECURSIVE
    -- A join, not `phone = any (…)`: with thousands of phones the planner may probe the phone's trigram index
    -- (the desk's search) once per phone, which took minutes.
    guest_orders AS (
      SELECT o.phone, lower(trim(o.email)) AS email FROM unnest(v_closure) AS c(phone)
        JOIN orders o ON o.user_id IS NULL AND o.phone = c.phone),
    guest_pairs AS (SELECT DISTINCT phone, email FROM guest_orders WHERE email <> ''),
    guest_links AS (
      SELECT DISTINCT a.phone AS a, b.phone AS b FROM guest_pairs a JOIN guest_pairs b ON b.email = a.email
      WHERE b.phone <> a.phone),
    guest_reach(phone, other) AS (
      SELECT DISTINCT a, a FROM guest_links
      UNION
      SELECT r.phone, l.b FROM guest_reach r JOIN guest_links l ON l.a = r.other),
    guest_linked AS (SELECT phone, min(other) AS root FROM guest_reach GROUP BY phone)
  SELECT array_agg(p.phone), array_agg(coalesce(l.root, p.phone)) INTO v_phones, v_roots
  FROM (SELECT DISTINCT phone FROM guest_orders) p LEFT JOIN guest_linked l ON l.phone = p.phone;
  DELETE FROM guests WHERE root IN (SELECT root FROM guest_phones WHERE phone = ANY (v_closure));
  DELETE FROM guest_phones WHERE phone = ANY (v_closure);
  IF v_phones IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO guest_phones (phone, root) SELECT * FROM unnest(v_phones, v_roots);
  INSERT INTO guests (root, first_id, since, last_order_at, orders_count, last_id, email_id)
    SELECT g.root, min(o.id), min(o.created_at), max(o.created_at), count(*)::int, max(o.id),
      max(o.id) FILTER (WHERE o.email <> '')
    FROM unnest(v_phones, v_roots) AS g(phone, root)
      JOIN orders o ON o.user_id IS NULL AND o.phone = g.phone
    GROUP BY g.root;
END $$;
--> statement-breakpoint
-- The marked phones' groups made again, one refresh at a time. A mark is taken only once committed, and then so is
-- its order: a write not committed yet keeps its mark for the next refresh.
CREATE FUNCTION refresh_marked_guests() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_phones text[];
BEGIN
  PERFORM pg_advisory_xact_lock(2026472);
  WITH taken AS (DELETE FROM guest_marks RETURNING phone) SELECT array_agg(DISTINCT phone) INTO v_phones FROM taken;
  IF v_phones IS NOT NULL THEN
    PERFORM refresh_guests(v_phones);
  END IF;
END $$;
--> statement-breakpoint
-- What an order's write changes of guests: a guest order made or removed, or its account, phone, email or date set.
CREATE FUNCTION mark_guest_phones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO guest_marks (phone)
      SELECT DISTINCT phone FROM new_rows WHERE user_id IS NULL AND phone <> '';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO guest_marks (phone)
      SELECT DISTINCT phone FROM old_rows WHERE user_id IS NULL AND phone <> '';
  ELSE
    INSERT INTO guest_marks (phone)
      SELECT DISTINCT x.phone FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.phone, o.user_id), (n.phone, n.user_id)) AS x(phone, user_id)
      WHERE (o.user_id, o.phone, o.email, o.created_at) IS DISTINCT FROM (n.user_id, n.phone, n.email, n.created_at)
        AND x.user_id IS NULL AND x.phone <> '';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_guests_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_guest_phones();
--> statement-breakpoint
CREATE TRIGGER orders_guests_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_guest_phones();
--> statement-breakpoint
CREATE TRIGGER orders_guests_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_guest_phones();
--> statement-breakpoint
-- The guests of the orders so far.
SELECT refresh_guests(array(SELECT DISTINCT phone FROM orders WHERE user_id IS NULL AND phone <> ''));
--> statement-breakpoint
ANALYZE guest_phones, guests;
