-- Everything staked (TON or bonus) in the rounds the player began since p_since.
CREATE OR REPLACE FUNCTION arcade_play_wagered(p_user bigint, p_since timestamptz) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT COALESCE(SUM(stake), 0)::bigint
    FROM game_rounds WHERE user_id = p_user AND created_at >= p_since
$$;
