-- Locks the accounts that movements will move, in the book's one order (docs/locks.md): the
-- system rows by code (COLLATE "C"), then the players' accounts by user id and kind (COLLATE "C").
-- arcade_post takes its locks here; a transaction that moves several times (a bet batch, a
-- withdrawal, a purchase) calls it first with every account it will need, so it never goes back
-- to an earlier row. Locking a row again in the same transaction costs no wait.
-- An account is named as a posting names it (arcade_post): p_account[i] is a system account
-- ('house', 'deposits', ...) when p_owner[i] is NULL, its row picked for the player p_for[i]
-- (arcade_shard); else it is the kind ('ton', 'bonus', 'referral', 'locked') of p_owner[i]'s account.
-- A player's referral or locked account not made yet is made here, after the other locks (the
-- only transactions that make one are those crediting it, which hold its movement's system row
-- first, as this one does). Any other account that is missing: LD003.
-- Answers the locked rows with their balances, each once.
CREATE OR REPLACE FUNCTION arcade_lock_accounts(p_account text[], p_owner bigint[], p_for bigint[], p_shards integer)
RETURNS TABLE (id bigint, code text, user_id bigint, kind text, balance bigint)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_codes text[];
  v_users bigint[];
  v_kinds text[];
  v_found integer;
  v_missing text;
  l_id bigint[]; l_user bigint[]; l_kind text[]; l_balance bigint[];
BEGIN
  SELECT array_agg(DISTINCT arcade_shard(x.account, x.player, p_shards))
    INTO v_codes
    FROM unnest(p_account, p_owner, p_for) AS x (account, owner, player)
   WHERE x.owner IS NULL;
  SELECT array_agg(x.owner ORDER BY x.owner, x.account COLLATE "C"), array_agg(x.account ORDER BY x.owner, x.account COLLATE "C")
    INTO v_users, v_kinds
    FROM (SELECT DISTINCT y.account, y.owner FROM unnest(p_account, p_owner) AS y (account, owner) WHERE y.owner IS NOT NULL) AS x;

  IF cardinality(v_codes) > 0 THEN
    RETURN QUERY
      SELECT a.id, a.code, a.user_id, a.kind, a.balance FROM accounts a
       WHERE a.code = ANY (v_codes)
       ORDER BY a.code COLLATE "C"
         FOR NO KEY UPDATE;
    GET DIAGNOSTICS v_found = ROW_COUNT;
    IF v_found <> cardinality(v_codes) THEN
      SELECT string_agg(c, ', ') INTO v_missing FROM unnest(v_codes) AS c WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.code = c);
      RAISE EXCEPTION 'No account for %', v_missing USING ERRCODE = 'LD003';
    END IF;
  END IF;

  IF cardinality(v_users) > 0 THEN
    WITH locked AS (
      SELECT a.id, a.user_id, a.kind, a.balance
        FROM accounts a
        JOIN unnest(v_users, v_kinds) AS w (owner, account) ON a.user_id = w.owner AND a.kind = w.account
       ORDER BY a.user_id, a.kind COLLATE "C"
         FOR NO KEY UPDATE OF a)
    SELECT array_agg(l.id), array_agg(l.user_id), array_agg(l.kind), array_agg(l.balance)
      INTO l_id, l_user, l_kind, l_balance
      FROM locked l;
    IF coalesce(cardinality(l_id), 0) <> cardinality(v_users) THEN
      SELECT string_agg('player ' || w.owner || ' ' || w.account, ', ') INTO v_missing
        FROM unnest(v_users, v_kinds) AS w (owner, account)
       WHERE w.account NOT IN ('referral', 'locked')
         AND NOT EXISTS (SELECT 1 FROM unnest(l_user, l_kind) AS l (owner, account) WHERE l.owner = w.owner AND l.account = w.account);
      IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'No account for %', v_missing USING ERRCODE = 'LD003';
      END IF;
      -- The lazy accounts, made and then locked, in the same order.
      SELECT array_agg(w.owner ORDER BY w.o), array_agg(w.account ORDER BY w.o) INTO v_users, v_kinds
        FROM unnest(v_users, v_kinds) WITH ORDINALITY AS w (owner, account, o)
       WHERE NOT EXISTS (SELECT 1 FROM unnest(l_user, l_kind) AS l (owner, account) WHERE l.owner = w.owner AND l.account = w.account);
      INSERT INTO accounts (user_id, kind)
      SELECT w.owner, w.account FROM unnest(v_users, v_kinds) AS w (owner, account)
      ON CONFLICT (user_id, kind) DO NOTHING;
      WITH locked AS (
        SELECT a.id, a.user_id, a.kind, a.balance
          FROM accounts a
          JOIN unnest(v_users, v_kinds) AS w (owner, account) ON a.user_id = w.owner AND a.kind = w.account
         ORDER BY a.user_id, a.kind COLLATE "C"
           FOR NO KEY UPDATE OF a)
      SELECT l_id || array_agg(l.id), l_user || array_agg(l.user_id), l_kind || array_agg(l.kind), l_balance || array_agg(l.balance)
        INTO l_id, l_user, l_kind, l_balance
        FROM locked l;
    END IF;
    RETURN QUERY SELECT l.id, NULL::text, l.owner, l.account, l.balance FROM unnest(l_id, l_user, l_kind, l_balance) AS l (id, owner, account, balance);
  END IF;
END;
$$;
