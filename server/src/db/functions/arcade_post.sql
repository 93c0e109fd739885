-- The one writer of balances: posts a batch of movements (ledger transactions) inside the
-- caller's transaction, each all or nothing with the rest. The bet function (a batch of many
-- bets' movements), bonus grants (arcade_grant_bonus) and TypeScript's post() all post here.
-- It owns the rules of the book:
--   - each movement has at least two postings, none of zero, and sums to zero (LD002);
--   - the accounts are locked in the book's one order (arcade_lock_accounts, docs/locks.md), a
--     system account's row picked by the movement's player (arcade_shard); each must exist (LD003);
--   - a player's balance never goes below zero, at any posting (LD001, 'Insufficient balance');
--     system accounts may (the house pays wins out of its edge, 'deposits' counts what came in);
--   - every posting is a journal row with the account's balance after it, in the order given,
--     and each account's balance is written once, as the batch leaves it.
-- A refusal raises, so the caller's transaction writes nothing of the batch. A movement of a kind
-- already posted for its reference is a unique violation of ledger_transactions (kind, reference).
-- Movements, one element each: kind, the player it belongs to (its history, the shard of its
-- system rows; NULL for none), reference, time (NULL: now), actor (the player of the session,
-- or the system job). Postings, one element each: the movement (1-based), the account (named as
-- arcade_lock_accounts names it: a system account when p_owner is NULL, else p_owner's account of
-- that kind), the amount (positive credits).
-- Answers each posting, in order: its movement, the transaction id, the account and its balance after.
CREATE OR REPLACE FUNCTION arcade_post(
  p_kind text[], p_user bigint[], p_reference text[], p_at timestamptz[], p_actor_user bigint[], p_actor_job text[],
  p_movement integer[], p_account text[], p_owner bigint[], p_amount bigint[],
  p_shards integer
) RETURNS TABLE (movement integer, transaction_id bigint, account_id bigint, balance_after bigint)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  n integer := coalesce(cardinality(p_kind), 0);
  m integer := coalesce(cardinality(p_movement), 0);
  v_tx bigint[];
  -- The first movement that breaks a rule: its number, postings, sum, whether one is zero.
  v_bad integer; v_lines bigint; v_sum numeric; v_zero boolean;
  v_outside bigint;
  -- Each posting's account and its balance after; the first posting on no account, the first that overdraws a player.
  j_id bigint[]; j_after bigint[];
  v_missing integer; v_negative integer;
BEGIN
  IF n = 0 AND m = 0 THEN
    RETURN;
  END IF;
  IF cardinality(p_account) IS DISTINCT FROM m OR cardinality(p_owner) IS DISTINCT FROM m OR cardinality(p_amount) IS DISTINCT FROM m THEN
    RAISE EXCEPTION 'postings need an account, an owner (or NULL) and an amount each' USING ERRCODE = 'LD002';
  END IF;

  -- Each movement balances, before anything is locked or written.
  SELECT (SELECT count(*) FROM unnest(p_movement) AS x (k) WHERE x.k IS NULL OR x.k NOT BETWEEN 1 AND n), s.k, s.lines, s.total, s.zero
    INTO v_outside, v_bad, v_lines, v_sum, v_zero
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT g.k, count(x.k) AS lines, coalesce(sum(x.amount), 0) AS total, coalesce(bool_or(coalesce(x.amount, 0) = 0), false) AS zero
        FROM generate_series(1, n) AS g (k)
        LEFT JOIN unnest(p_movement, p_amount) AS x (k, amount) ON x.k = g.k
       GROUP BY g.k
      HAVING count(x.k) < 2 OR coalesce(sum(x.amount), 0) <> 0 OR coalesce(bool_or(coalesce(x.amount, 0) = 0), false)
       ORDER BY g.k
       LIMIT 1) AS s ON true;
  IF v_outside > 0 THEN
    RAISE EXCEPTION '% posting(s) name no movement of the % given', v_outside, n USING ERRCODE = 'LD002';
  ELSIF v_zero THEN
    RAISE EXCEPTION 'A % movement has a zero posting', p_kind[v_bad] USING ERRCODE = 'LD002';
  ELSIF v_lines < 2 THEN
    RAISE EXCEPTION 'A % movement needs at least two postings', p_kind[v_bad] USING ERRCODE = 'LD002';
  ELSIF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'A % movement does not balance: it sums to %', p_kind[v_bad], v_sum USING ERRCODE = 'LD002';
  END IF;

  -- The accounts locked, then each posting against the balances as the postings before it left them.
  WITH locked AS (
    SELECT l.id, l.user_id IS NOT NULL AS player, l.balance, COALESCE(l.code, l.user_id || ':' || l.kind) AS key
      FROM arcade_lock_accounts(p_account, p_owner,
                                ARRAY(SELECT p_user[x.k] FROM unnest(p_movement) WITH ORDINALITY AS x (k, o) ORDER BY x.o), p_shards) AS l
  ), posting AS MATERIALIZED (
    SELECT x.o, x.amount, CASE WHEN x.owner IS NULL THEN arcade_shard(x.account, p_user[x.k], p_shards) ELSE x.owner || ':' || x.account END AS key
      FROM unnest(p_movement, p_account, p_owner, p_amount) WITH ORDINALITY AS x (k, account, owner, amount, o)
  ), j AS (
    SELECT x.o, l.id, l.player, (l.balance + sum(x.amount) OVER (PARTITION BY l.id ORDER BY x.o))::bigint AS after
      FROM posting x LEFT JOIN locked l ON l.key = x.key
  )
  SELECT array_agg(j.id ORDER BY j.o), array_agg(j.after ORDER BY j.o),
         min(j.o) FILTER (WHERE j.id IS NULL), min(j.o) FILTER (WHERE j.player AND j.after < 0),
         -- The movements' ids, taken here (one statement less per batch).
         ARRAY(SELECT nextval('ledger_transactions_id_seq') FROM generate_series(1, n))
    INTO j_id, j_after, v_missing, v_negative, v_tx
    FROM j;
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION 'No account for %', CASE WHEN p_owner[v_missing] IS NULL
                                             THEN arcade_shard(p_account[v_missing], p_user[p_movement[v_missing]], p_shards)
                                             ELSE 'player ' || p_owner[v_missing] || ' ' || p_account[v_missing] END
      USING ERRCODE = 'LD003';
  ELSIF v_negative IS NOT NULL THEN
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'LD001',
      DETAIL = format('A %s movement takes %s from player %s''s %s account, leaving %s', p_kind[p_movement[v_negative]],
                      -p_amount[v_negative], p_owner[v_negative], p_account[v_negative], j_after[v_negative]);
  END IF;

  INSERT INTO ledger_transactions (id, kind, user_id, reference, created_at, actor_user_id, actor_job)
  SELECT v_tx[x.o], p_kind[x.o], p_user[x.o], p_reference[x.o], COALESCE(p_at[x.o], now()), p_actor_user[x.o], p_actor_job[x.o]
    FROM generate_series(1, n) AS x (o);

  -- In the order given: each row's balance_after follows the one before on its account.
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
  SELECT v_tx[x.k], x.id, x.amount, x.after
    FROM unnest(p_movement, j_id, p_amount, j_after) WITH ORDINALITY AS x (k, id, amount, after, o)
   ORDER BY x.o;

  -- Each account once, at the balance its last posting left (unless the batch left it where it was).
  UPDATE accounts a SET balance = x.after
    FROM (SELECT y.id, (array_agg(y.after ORDER BY y.o DESC))[1] AS after
            FROM unnest(j_id, p_amount, j_after) WITH ORDINALITY AS y (id, amount, after, o)
           GROUP BY y.id
          HAVING sum(y.amount) <> 0) AS x
   WHERE a.id = x.id;

  RETURN QUERY
    SELECT x.k, v_tx[x.k], x.id, x.after FROM unnest(p_movement, j_id, j_after) WITH ORDINALITY AS x (k, id, after, o) ORDER BY x.o;
END;
$$;
