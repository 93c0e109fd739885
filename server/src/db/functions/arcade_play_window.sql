-- The start of the UTC day, week (Monday) or month p_now is in.
CREATE OR REPLACE FUNCTION arcade_play_window(p_window text, p_now timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE
AS $$
  SELECT date_trunc(p_window, p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
