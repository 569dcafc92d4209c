-- Issue 46.5: an add to cart no longer rewrites its session's row on every call.
CREATE OR REPLACE FUNCTION basket_add_line(
  p_session text, p_user integer, p_offer integer, p_delay boolean, p_quantity integer, p_cap integer,
  p_max_lines integer
) RETURNS TABLE (outcome text, line_id integer, line_quantity integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_lines integer;
  v_has boolean;
  v_id integer;
  v_quantity integer;
BEGIN
  IF p_user IS NULL THEN
    PERFORM pg_advisory_xact_lock(5100, hashtext('session:' || p_session));
    SELECT count(*)::int, coalesce(bool_or(l.offer_id = p_offer), false) INTO v_lines, v_has
      FROM basket_lines l WHERE l.session_id = p_session AND l.user_id IS NULL AND l.delay = p_delay;
  ELSE
    PERFORM pg_advisory_xact_lock(5100, hashtext('user:' || p_user));
    SELECT count(*)::int, coalesce(bool_or(l.offer_id = p_offer), false) INTO v_lines, v_has
      FROM basket_lines l WHERE l.user_id = p_user AND l.delay = p_delay;
  END IF;
  IF NOT v_has AND v_lines >= p_max_lines THEN
    RETURN QUERY SELECT 'full'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- The session's clock moves once a day, as every other touch of it does (db/repositories/sessions.ts): rewriting
  -- its row (and its index entries) on every add was a third of the function's writes. A read when it is fresh.
  IF NOT EXISTS (SELECT 1 FROM sessions WHERE id = p_session AND last_seen_at >= now() - interval '1 day') THEN
    INSERT INTO sessions (id) VALUES (p_session) ON CONFLICT (id) DO UPDATE SET last_seen_at = now();
  END IF;
  IF p_delay THEN
    IF p_user IS NULL THEN
      INSERT INTO basket_lines (session_id, user_id, offer_id, delay, quantity) VALUES (p_session, NULL, p_offer, true, 1)
        ON CONFLICT (session_id, offer_id, delay) WHERE user_id IS NULL DO NOTHING;
      SELECT l.id, l.quantity INTO v_id, v_quantity FROM basket_lines l
        WHERE l.session_id = p_session AND l.user_id IS NULL AND l.offer_id = p_offer AND l.delay;
    ELSE
      INSERT INTO basket_lines (session_id, user_id, offer_id, delay, quantity) VALUES (p_session, p_user, p_offer, true, 1)
        ON CONFLICT (user_id, offer_id, delay) WHERE user_id IS NOT NULL DO NOTHING;
      SELECT l.id, l.quantity INTO v_id, v_quantity FROM basket_lines l
        WHERE l.user_id = p_user AND l.offer_id = p_offer AND l.delay;
    END IF;
    RETURN QUERY SELECT 'added'::text, v_id, v_quantity;
    RETURN;
  END IF;
  -- Concurrent adds of one cart line also queue on its row lock; each checks the cap against the quantity it finds.
  IF p_user IS NULL THEN
    INSERT INTO basket_lines AS l (session_id, user_id, offer_id, delay, quantity)
      VALUES (p_session, NULL, p_offer, false, p_quantity)
      ON CONFLICT (session_id, offer_id, delay) WHERE user_id IS NULL
      DO UPDATE SET quantity = l.quantity + excluded.quantity, updated_at = now()
        WHERE l.quantity + excluded.quantity <= p_cap
      RETURNING l.id, l.quantity INTO v_id, v_quantity;
  ELSE
    INSERT INTO basket_lines AS l (session_id, user_id, offer_id, delay, quantity)
      VALUES (p_session, p_user, p_offer, false, p_quantity)
      ON CONFLICT (user_id, offer_id, delay) WHERE user_id IS NOT NULL
      DO UPDATE SET quantity = l.quantity + excluded.quantity, updated_at = now()
        WHERE l.quantity + excluded.quantity <= p_cap
      RETURNING l.id, l.quantity INTO v_id, v_quantity;
  END IF;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT 'over_stock'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'added'::text, v_id, v_quantity;
END $$;
