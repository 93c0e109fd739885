-- The one writer of balances: posts a batch of movements (ledger transactions) inside the
-- caller's transaction, each all or nothing with the rest. The bet function (a batch of many
-- bets' movements), bonus grants (arcade_grant_bonus) and TypeScript's post() all post here.
-- It owns the rules of the book:
--   - each movement has at least two postings, none of zero, and sums to zero (LD002);
--   - the accounts are locked in the book's one order (arcade_lock_accounts, docs/locks.md), a
--     system account's row picked by the movement's player (arcade_shard);
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
  v_sum bigint[];
  v_lines integer[];
  v_tx bigint[];
  -- The locked accounts: key ('code' or 'user:kind'), id, balance as the batch moves it, balance before, a player's?
  a_key text[]; a_id bigint[]; a_balance bigint[]; a_start bigint[]; a_player boolean[];
  -- Each posting's account (its place in a_*) and balance after.
  j_at integer[]; j_after bigint[];
  i integer;
  k integer;
BEGIN
  IF n = 0 AND m = 0 THEN
    RETURN;
  END IF;
  IF cardinality(p_account) IS DISTINCT FROM m OR cardinality(p_owner) IS DISTINCT FROM m OR cardinality(p_amount) IS DISTINCT FROM m THEN
    RAISE EXCEPTION 'postings need an account, an owner (or NULL) and an amount each' USING ERRCODE = 'LD002';
  END IF;

  -- Each movement balances, before anything is locked or written.
  v_sum := array_fill(0::bigint, ARRAY[n]);
  v_lines := array_fill(0, ARRAY[n]);
  FOR i IN 1 .. m LOOP
    k := p_movement[i];
    IF k IS NULL OR k < 1 OR k > n THEN
      RAISE EXCEPTION 'posting % names movement %, not one of the % given', i, k, n USING ERRCODE = 'LD002';
    ELSIF p_amount[i] IS NULL OR p_amount[i] = 0 THEN
      RAISE EXCEPTION 'A % movement has a zero posting', p_kind[k] USING ERRCODE = 'LD002';
    END IF;
    v_sum[k] := v_sum[k] + p_amount[i];
    v_lines[k] := v_lines[k] + 1;
  END LOOP;
  FOR k IN 1 .. n LOOP
    IF v_lines[k] < 2 THEN
      RAISE EXCEPTION 'A % movement needs at least two postings', p_kind[k] USING ERRCODE = 'LD002';
    ELSIF v_sum[k] <> 0 THEN
      RAISE EXCEPTION 'A % movement does not balance: it sums to %', p_kind[k], v_sum[k] USING ERRCODE = 'LD002';
    END IF;
  END LOOP;

  SELECT array_agg(COALESCE(l.code, l.user_id || ':' || l.kind)), array_agg(l.id), array_agg(l.balance), array_agg(l.user_id IS NOT NULL)
    INTO a_key, a_id, a_balance, a_player
    FROM arcade_lock_accounts(p_account, p_owner, (SELECT array_agg(p_user[x.k] ORDER BY x.o) FROM unnest(p_movement) WITH ORDINALITY AS x (k, o)), p_shards) AS l;
  a_start := a_balance;

  -- Each posting in order, against the balances as the postings before it left them.
  j_at := array_fill(0, ARRAY[m]);
  j_after := array_fill(0::bigint, ARRAY[m]);
  FOR i IN 1 .. m LOOP
    k := array_position(a_key, CASE WHEN p_owner[i] IS NULL THEN arcade_shard(p_account[i], p_user[p_movement[i]], p_shards)
                                    ELSE p_owner[i] || ':' || p_account[i] END);
    a_balance[k] := a_balance[k] + p_amount[i];
    IF a_player[k] AND a_balance[k] < 0 THEN
      RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'LD001',
        DETAIL = format('A %s movement takes %s from player %s''s %s account, which holds %s', p_kind[p_movement[i]], -p_amount[i],
                        p_owner[i], p_account[i], a_balance[k] - p_amount[i]);
    END IF;
    j_at[i] := k;
    j_after[i] := a_balance[k];
  END LOOP;

  SELECT array_agg(nextval('ledger_transactions_id_seq') ORDER BY x) INTO v_tx FROM generate_series(1, n) AS x;
  INSERT INTO ledger_transactions (id, kind, user_id, reference, created_at, actor_user_id, actor_job)
  SELECT v_tx[x.o], p_kind[x.o], p_user[x.o], p_reference[x.o], COALESCE(p_at[x.o], now()), p_actor_user[x.o], p_actor_job[x.o]
    FROM generate_series(1, n) AS x (o);

  -- In the order given: each row's balance_after follows the one before on its account.
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
  SELECT v_tx[p_movement[x.o]], a_id[j_at[x.o]], p_amount[x.o], j_after[x.o]
    FROM generate_series(1, m) AS x (o)
   ORDER BY x.o;

  UPDATE accounts a SET balance = x.balance
    FROM unnest(a_id, a_balance, a_start) AS x (id, balance, start)
   WHERE a.id = x.id AND x.balance <> x.start;

  RETURN QUERY
    SELECT p_movement[x.o], v_tx[p_movement[x.o]], a_id[j_at[x.o]], j_after[x.o] FROM generate_series(1, m) AS x (o) ORDER BY x.o;
END;
$$;
