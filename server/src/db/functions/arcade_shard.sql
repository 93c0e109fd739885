-- The row of a system account that a movement of player p_user moves. The house and the bonus
-- pool, which nearly every bet touches, are split into p_shards rows (migration 009: 'house',
-- 'house/1' ... 'house/15'), picked by the player's id, so bets of different players do not queue
-- behind one row lock; the account's balance is the sum of its rows. Every other system account,
-- and a movement of no player, has its one row. The only definition of the shard: arcade_post,
-- arcade_lock_accounts and the bet function pick rows with it. Inlined where it is called (one
-- SELECT of immutable parts: the explicit ::text keeps the concatenation immutable), so it is not
-- planned again at each statement.
CREATE OR REPLACE FUNCTION arcade_shard(p_account text, p_user bigint, p_shards integer) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN p_account NOT IN ('house', 'bonus_pool') OR p_user IS NULL OR p_user % p_shards = 0 THEN p_account
              ELSE p_account || '/' || ((p_user % p_shards + p_shards) % p_shards)::text END
$$;
