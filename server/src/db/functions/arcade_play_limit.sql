-- The limit of a kind in force at p_now (NULL: none).
CREATE OR REPLACE FUNCTION arcade_play_limit(p_user bigint, p_kind text, p_now timestamptz) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT CASE WHEN pending AND pending_at <= p_now THEN pending_amount ELSE amount END
    FROM play_limits WHERE user_id = p_user AND kind = p_kind
$$;
