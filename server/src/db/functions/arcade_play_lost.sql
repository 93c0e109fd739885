-- TON lost in the rounds begun since p_since (stakes minus payouts, never below zero).
CREATE OR REPLACE FUNCTION arcade_play_lost(p_user bigint, p_since timestamptz) RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT GREATEST(COALESCE(SUM(stake - payout), 0), 0)::bigint
    FROM game_rounds WHERE user_id = p_user AND currency = 'ton' AND created_at >= p_since
$$;
