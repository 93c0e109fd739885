-- What the session's wager limit leaves to stake now (NULL: no wager limit).
CREATE OR REPLACE FUNCTION arcade_play_wager_room(p_user bigint, p_now timestamptz) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT l.amount - arcade_play_wagered(p_user)
    FROM (SELECT arcade_play_limit(p_user, 'wager-session', p_now) AS amount) l
   WHERE l.amount IS NOT NULL
$$;
