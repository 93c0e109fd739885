-- The row of a system account that a movement moves. The house and the bonus pool, which nearly
-- every bet touches, are split into p_shards rows (migration 009: 'house', 'house/1' ...
-- 'house/15'); the account's balance is the sum of its rows, so any row will do. The row is picked
-- by the database session the transaction runs in (its backend's process id), not by the player:
-- every house movement of a transaction then lands on one row and every bonus pool movement on
-- another, so a batch of sixteen bets locks and writes two system rows instead of up to thirty-two,
-- and two transactions in flight at once (two batches, two server processes) meet on a row only
-- when their sessions share one (one chance in p_shards), where picking by player made any two
-- batches of a few players each almost sure to wait for each other. One session runs one
-- transaction at a time, so within a transaction the pick never changes; it holds behind a pooler
-- too (a transaction keeps its server session). A movement of no player (an operator's) keeps
-- the account's first row, and every other system account has its one row.
-- The only definition of the pick: arcade_post, arcade_lock_accounts and the bet function name rows
-- with it. Inlined where it is called (one SELECT of stable parts), so it is not planned again at
-- each statement; p_user stays for the movement-of-no-player rule and the callers' one signature.
CREATE OR REPLACE FUNCTION arcade_shard(p_account text, p_user bigint, p_shards integer) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT CASE WHEN p_account NOT IN ('house', 'bonus_pool') OR p_user IS NULL OR pg_backend_pid() % p_shards = 0 THEN p_account
              ELSE p_account || '/' || (pg_backend_pid() % p_shards)::text END
$$;
