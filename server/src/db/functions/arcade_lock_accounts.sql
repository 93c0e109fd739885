-- Locks the accounts that movements will move, in the book's one order (docs/locks.md): the
-- system rows by code (COLLATE "C"), then the players' accounts by user id and kind (COLLATE "C").
-- arcade_post takes its locks here; a transaction that moves several times (a bet batch, a
-- withdrawal, a purchase) calls it first with every account it will need, so it never goes back
-- to an earlier row. Locking a row again in the same transaction costs no wait.
-- An account is named as a posting names it (arcade_post): p_account[i] is a system account
-- ('house', 'deposits', ...) when p_owner[i] is NULL, its row picked by arcade_shard (p_for[i]:
-- the movement's player); else it is the kind ('ton', 'bonus', 'referral', 'locked') of p_owner[i]'s account.
-- A player's referral or locked account not made yet is made first, before any account is
-- locked (the caller holds the player's users row; a second maker waits for the first to commit
-- while holding no account). Answers the locked rows with their balances, each once; an account
-- that does not exist is not answered (arcade_post refuses it, LD003).
CREATE OR REPLACE FUNCTION arcade_lock_accounts(p_account text[], p_owner bigint[], p_for bigint[], p_shards integer)
RETURNS TABLE (id bigint, code text, user_id bigint, kind text, balance bigint)
LANGUAGE plpgsql
-- Called by the bet function and on its own (deposits, withdrawals, bonuses, purchases), on
-- accounts found only by their keys: planned as index look-ups whatever the statistics said when
-- the connection first planned it, as the bet function is (migration 014's lesson; the plan a
-- connection keeps is shared by both callers).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
#variable_conflict use_column
BEGIN
  IF 'referral' = ANY (p_account) OR 'locked' = ANY (p_account) THEN
    INSERT INTO accounts (user_id, kind)
    SELECT DISTINCT x.owner, x.account FROM unnest(p_account, p_owner) AS x (account, owner)
     WHERE x.owner IS NOT NULL AND x.account IN ('referral', 'locked')
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = x.owner AND a.kind = x.account)
    ON CONFLICT (user_id, kind) DO NOTHING;
  END IF;

  RETURN QUERY
    SELECT a.id, a.code, a.user_id, a.kind, a.balance FROM accounts a
     WHERE a.code = ANY (ARRAY(SELECT arcade_shard(x.account, x.player, p_shards)
                                 FROM unnest(p_account, p_owner, p_for) AS x (account, owner, player)
                                WHERE x.owner IS NULL))
     ORDER BY a.code COLLATE "C"
       FOR NO KEY UPDATE;

  RETURN QUERY
    SELECT a.id, a.code, a.user_id, a.kind, a.balance FROM accounts a
     WHERE (a.user_id, a.kind) IN (SELECT x.owner, x.account FROM unnest(p_account, p_owner) AS x (account, owner) WHERE x.owner IS NOT NULL)
     ORDER BY a.user_id, a.kind COLLATE "C"
       FOR NO KEY UPDATE;
END;
$$;
