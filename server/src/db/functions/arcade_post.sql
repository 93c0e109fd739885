-- The one writer of balances: posts a batch of movements (ledger transactions) inside the
-- caller's transaction, each all or nothing with the rest. The bet function (a batch of many
-- bets' movements), bonus grants (arcade_grant_bonus) and TypeScript's post() all post here.
-- It owns the rules of the book:
--   - each movement has at least two postings, none of zero, and sums to zero (LD002);
--   - the accounts are locked in the book's one order (arcade_lock_accounts, docs/locks.md), a
--     system account's row picked by arcade_shard (one per transaction); each must exist (LD003);
--   - a player's balance never goes below zero, at any posting (LD001, 'Insufficient balance');
--     system accounts may (the house pays wins out of its edge, 'deposits' counts what came in);
--   - every posting is a journal row with the account's balance after it, in the order given,
--     and each account's balance is written once, as the batch leaves it.
-- A refusal raises, so the caller's transaction writes nothing of the batch. A movement of a kind
-- already posted for its reference is a unique violation of ledger_transactions (kind, reference).
-- Movements, one element each: kind, the player it belongs to (its history; NULL for none,
-- which keeps a system account on its first row), reference, time (NULL: now), actor (the player of the session,
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
DECLARE
  n integer := coalesce(cardinality(p_kind), 0);
  m integer := coalesce(cardinality(p_movement), 0);
  v_tx bigint[];
  -- The locked accounts: key ('code' or 'user:kind'), id, balance before, a player's?
  a_key text[]; a_id bigint[]; a_balance bigint[]; a_player boolean[];
  -- Each posting's account and its balance after; each account the batch changes, at its last balance.
  j_id bigint[]; j_after bigint[];
  u_id bigint[]; u_balance bigint[];
  -- The first posting or movement that breaks a rule, by rule.
  v_outside bigint; v_movements bigint; v_zero integer; v_alone integer; v_unbalanced integer; v_sum numeric;
  v_missing integer; v_negative integer;
BEGIN
  IF n = 0 AND m = 0 THEN
    RETURN;
  END IF;
  IF cardinality(p_account) IS DISTINCT FROM m OR cardinality(p_owner) IS DISTINCT FROM m OR cardinality(p_amount) IS DISTINCT FROM m THEN
    RAISE EXCEPTION 'postings need an account, an owner (or NULL) and an amount each' USING ERRCODE = 'LD002';
  END IF;

  SELECT array_agg(COALESCE(l.code, l.user_id || ':' || l.kind)), array_agg(l.id), array_agg(l.balance), array_agg(l.user_id IS NOT NULL)
    INTO a_key, a_id, a_balance, a_player
    FROM arcade_lock_accounts(p_account, p_owner,
                              ARRAY(SELECT p_user[x.k] FROM unnest(p_movement) WITH ORDINALITY AS x (k, o) ORDER BY x.o), p_shards) AS l;

  -- Each posting against the balances as the postings before it left them, and each movement's sum.
  SELECT array_agg(a_id[j.at] ORDER BY j.o), array_agg(j.after ORDER BY j.o),
         array_agg(a_id[j.at]) FILTER (WHERE j.last AND j.after <> a_balance[j.at]),
         array_agg(j.after) FILTER (WHERE j.last AND j.after <> a_balance[j.at]),
         count(*) FILTER (WHERE j.k IS NULL OR j.k NOT BETWEEN 1 AND n), count(DISTINCT j.k),
         min(j.k) FILTER (WHERE j.amount IS NULL OR j.amount = 0), min(j.k) FILTER (WHERE j.lines < 2),
         min(j.k) FILTER (WHERE j.total <> 0), min(j.o) FILTER (WHERE j.at IS NULL),
         min(j.o) FILTER (WHERE a_player[j.at] AND j.after < 0),
         -- The movements' ids, taken here (one statement less per batch).
         ARRAY(SELECT nextval('ledger_transactions_id_seq') FROM generate_series(1, n))
    INTO j_id, j_after, u_id, u_balance, v_outside, v_movements, v_zero, v_alone, v_unbalanced, v_missing, v_negative, v_tx
    FROM (SELECT x.o, x.k, x.amount, x.at,
                 (a_balance[x.at] + sum(x.amount) OVER (PARTITION BY x.at ORDER BY x.o))::bigint AS after,
                 lead(x.o) OVER (PARTITION BY x.at ORDER BY x.o) IS NULL AS last,
                 count(*) OVER (PARTITION BY x.k) AS lines, sum(x.amount) OVER (PARTITION BY x.k) AS total
            FROM (SELECT y.o, y.k, y.amount,
                         array_position(a_key, CASE WHEN y.owner IS NULL THEN arcade_shard(y.account, p_user[y.k], p_shards)
                                                    ELSE y.owner || ':' || y.account END) AS at
                    FROM unnest(p_movement, p_account, p_owner, p_amount) WITH ORDINALITY AS y (k, account, owner, amount, o)) AS x) AS j;

  IF v_outside > 0 THEN
    RAISE EXCEPTION '% posting(s) name no movement of the % given', v_outside, n USING ERRCODE = 'LD002';
  ELSIF v_zero IS NOT NULL THEN
    RAISE EXCEPTION 'A % movement has a zero posting', p_kind[v_zero] USING ERRCODE = 'LD002';
  ELSIF v_alone IS NOT NULL OR v_movements < n THEN
    v_alone := coalesce(v_alone, (SELECT min(g) FROM generate_series(1, n) AS g WHERE g <> ALL (p_movement)));
    RAISE EXCEPTION 'A % movement needs at least two postings', p_kind[v_alone] USING ERRCODE = 'LD002';
  ELSIF v_unbalanced IS NOT NULL THEN
    SELECT sum(x.amount) INTO v_sum FROM unnest(p_movement, p_amount) AS x (k, amount) WHERE x.k = v_unbalanced;
    RAISE EXCEPTION 'A % movement does not balance: it sums to %', p_kind[v_unbalanced], v_sum USING ERRCODE = 'LD002';
  ELSIF v_missing IS NOT NULL THEN
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
  SELECT x.id, x.kind, x.user_id, x.reference, COALESCE(x.at, now()), x.actor_user, x.actor_job
    FROM unnest(v_tx, p_kind, p_user, p_reference, p_at, p_actor_user, p_actor_job) AS x (id, kind, user_id, reference, at, actor_user, actor_job);

  -- In the order given: each row's balance_after follows the one before on its account.
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
  SELECT v_tx[x.k], x.id, x.amount, x.after
    FROM unnest(p_movement, j_id, p_amount, j_after) WITH ORDINALITY AS x (k, id, amount, after, o)
   ORDER BY x.o;

  -- Each account once, at the balance its last posting left (unless the batch left it where it was).
  UPDATE accounts a SET balance = x.balance
    FROM unnest(u_id, u_balance) AS x (id, balance)
   WHERE a.id = x.id;

  RETURN QUERY
    SELECT x.k, v_tx[x.k], x.id, x.after FROM unnest(p_movement, j_id, j_after) WITH ORDINALITY AS x (k, id, after, o) ORDER BY x.o;
END;
$$;
