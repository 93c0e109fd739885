-- What the wager limits leave to stake now: the least room of the day's, week's and month's (NULL: no wager limit).
CREATE OR REPLACE FUNCTION arcade_play_wager_room(p_user bigint, p_now timestamptz) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT min(l.amount - arcade_play_wagered(p_user, arcade_play_window(w.name, p_now)))
    FROM (VALUES ('day'), ('week'), ('month')) AS w (name)
    CROSS JOIN LATERAL (SELECT arcade_play_limit(p_user, 'wager-' || w.name, p_now) AS amount) l
   WHERE l.amount IS NOT NULL
$$;
