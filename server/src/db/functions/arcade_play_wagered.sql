-- Everything staked in the player's session (since their latest sign-in).
CREATE OR REPLACE FUNCTION arcade_play_wagered(p_user bigint) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT COALESCE(SUM(r.stake), 0)::bigint
    FROM play_settings s JOIN game_rounds r ON r.user_id = s.user_id AND r.created_at >= s.session_started_at
   WHERE s.user_id = p_user
$$;
