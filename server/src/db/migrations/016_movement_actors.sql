-- Who moved the money: every movement records its actor, the player whose verified session made
-- the call or the system job that made it (the chain watcher, the withdrawal sender, an operator).
-- The audit (ledger.ts) checks that every debit of a player's account was made by that player's
-- own session or by a system job allowed to make it: a balanced book is not enough when a movement
-- could take one player's money on another's call.
ALTER TABLE ledger_transactions ADD COLUMN actor_user_id BIGINT, ADD COLUMN actor_job TEXT;

-- Movements made before this migration: their actor follows from their kind, as the code made them.
UPDATE ledger_transactions t SET actor_user_id = r.user_id
  FROM game_rounds r
 WHERE t.kind = 'referral' AND t.reference = r.id::text;
UPDATE ledger_transactions SET actor_user_id = user_id
 WHERE actor_user_id IS NULL AND user_id IS NOT NULL
   AND kind IN ('bet', 'payout', 'reward', 'bonus_release', 'referral_claim', 'purchase', 'gift_withdrawal', 'withdrawal');
UPDATE ledger_transactions SET actor_job = 'chain-watcher'
 WHERE actor_user_id IS NULL AND kind IN ('deposit', 'withdrawal_paid', 'withdrawal_refund');
-- Anything else (nothing the code ever made) stays visibly unknown rather than guessed.
UPDATE ledger_transactions SET actor_job = 'unrecorded' WHERE actor_user_id IS NULL AND actor_job IS NULL;

ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_one_actor
  CHECK ((actor_user_id IS NULL) <> (actor_job IS NULL));
-- Who moved the money is written once, with the movement.
CREATE TRIGGER ledger_transactions_actor_kept BEFORE UPDATE OF actor_user_id, actor_job ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();

-- The batch function of instant bets records the bettor as the actor of each of its movements.
-- (Migration 012's function with the actor added; its settings from migration 014 restated, as
-- CREATE OR REPLACE sets them anew.)
CREATE OR REPLACE FUNCTION arcade_instant_bets(
  -- [{user, key, hash, game, pair, nonce, currency, stake, payout, multiplier, params, outcome,
  --   share (the referrer's cut), reply (JSON text with "@round", "@ton" and "@bonus" where the
  --   round id and the balances go), now, actor (the player of the session that placed it)}, ...]
  p_bets jsonb,
  p_referral_min bigint,
  p_tiers_rounds bigint[],
  p_tiers_wagered bigint[],
  p_tiers_best bigint[],
  -- Rows the house and the bonus pool are split into (SYSTEM_SHARDS; codes as systemCode makes them).
  p_shards integer
) RETURNS json
LANGUAGE plpgsql
-- The statements take arrays whose contents change at every call: planned once per connection
-- (their generic plans are index lookups by key), not anew at every call.
SET plan_cache_mode = force_generic_plan
-- Migration 014's settings: every row is found by its key, so look-ups by index whatever the statistics say.
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  n integer := jsonb_array_length(p_bets);
  b_user bigint[]; b_key text[]; b_hash text[]; b_game text[]; b_pair bigint[]; b_nonce integer[];
  b_currency text[]; b_stake bigint[]; b_payout bigint[]; b_multiplier bigint[];
  b_params jsonb[]; b_outcome jsonb[]; b_share bigint[]; b_reply text[]; b_now timestamptz[]; b_actor bigint[];
  -- What the database holds for each bet's player, in bet order.
  v_known boolean[]; v_banned boolean[]; v_referrer bigint[]; v_wagering bigint[];
  v_stored_hash text[]; v_stored_reply text[]; v_pair_nonce integer[]; v_tier boolean[];
  v_result text[];
  v_pool text[];
  v_ref_pool text[];
  v_codes text[] := '{}';
  v_ref_users bigint[] := '{}';
  -- The locked accounts: key ('code' or 'user:kind'), id, balance as the batch moves it, balance before.
  a_key text[]; a_id bigint[]; a_balance bigint[]; a_start bigint[];
  i integer;
  v_share bigint;
  v_player integer;
  v_other integer;
  v_pool_at integer;
  v_ref_pool_at integer;
  v_ref_at integer;
  v_round bigint;
  v_tx bigint;
  v_accepted integer := 0;
  -- Rows to write, one array per column.
  r_id bigint[] := '{}'; r_n integer[] := '{}';
  t_id bigint[] := '{}'; t_kind text[] := '{}'; t_user bigint[] := '{}'; t_ref text[] := '{}'; t_n integer[] := '{}';
  j_tx bigint[] := '{}'; j_account bigint[] := '{}'; j_amount bigint[] := '{}'; j_after bigint[] := '{}';
  v_touched integer;
BEGIN
  IF n = 0 THEN
    RETURN '[]';
  END IF;
  SELECT array_agg((b->>'user')::bigint ORDER BY o), array_agg(b->>'key' ORDER BY o), array_agg(b->>'hash' ORDER BY o),
         array_agg(b->>'game' ORDER BY o), array_agg((b->>'pair')::bigint ORDER BY o), array_agg((b->>'nonce')::integer ORDER BY o),
         array_agg(b->>'currency' ORDER BY o), array_agg((b->>'stake')::bigint ORDER BY o), array_agg((b->>'payout')::bigint ORDER BY o),
         array_agg((b->>'multiplier')::bigint ORDER BY o), array_agg(b->'params' ORDER BY o), array_agg(b->'outcome' ORDER BY o),
         array_agg((b->>'share')::bigint ORDER BY o), array_agg(b->>'reply' ORDER BY o), array_agg((b->>'now')::timestamptz ORDER BY o),
         array_agg((b->>'actor')::bigint ORDER BY o)
    INTO b_user, b_key, b_hash, b_game, b_pair, b_nonce, b_currency, b_stake, b_payout, b_multiplier, b_params, b_outcome, b_share, b_reply, b_now, b_actor
    FROM jsonb_array_elements(p_bets) WITH ORDINALITY AS e (b, o);
  IF (SELECT count(DISTINCT u) FROM unnest(b_user) AS u) <> n THEN
    RAISE EXCEPTION 'a batch holds one bet per player';
  END IF;

  -- The players, locked in id order: under these locks nobody else bets, claims or withdraws for them.
  PERFORM 1 FROM users WHERE id = ANY (b_user) ORDER BY id FOR NO KEY UPDATE;

  SELECT array_agg(u.id IS NOT NULL ORDER BY x.o), array_agg(COALESCE(u.is_banned, false) ORDER BY x.o),
         array_agg(u.referred_by ORDER BY x.o), array_agg(COALESCE(u.wagering_left, 0) ORDER BY x.o),
         array_agg(k.request_hash ORDER BY x.o), array_agg(k.reply ORDER BY x.o), array_agg(s.next_nonce ORDER BY x.o),
         -- Does the bet cross an achievement tier (then the general path grants it)?
         array_agg(
           EXISTS (SELECT 1 FROM unnest(p_tiers_rounds) t WHERE COALESCE(ps.rounds, 0) + 1 >= t AND COALESCE(ps.rounds, 0) < t)
           OR EXISTS (SELECT 1 FROM unnest(p_tiers_wagered) t WHERE COALESCE(ps.wagered, 0) + b_stake[x.o] >= t AND COALESCE(ps.wagered, 0) < t)
           OR (b_payout[x.o] > 0 AND EXISTS (
             SELECT 1 FROM unnest(p_tiers_best) WITH ORDINALITY AS t (threshold, tier)
              WHERE b_multiplier[x.o] >= t.threshold
                AND NOT EXISTS (SELECT 1 FROM achievement_grants g WHERE g.user_id = x.id AND g.ladder = 'bestWin' AND g.tier = t.tier)))
           ORDER BY x.o)
    INTO v_known, v_banned, v_referrer, v_wagering, v_stored_hash, v_stored_reply, v_pair_nonce, v_tier
    FROM unnest(b_user) WITH ORDINALITY AS x (id, o)
    LEFT JOIN users u ON u.id = x.id
    LEFT JOIN idempotency_keys k ON k.user_id = x.id AND k.key = b_key[x.o]
    LEFT JOIN seed_pairs s ON s.id = b_pair[x.o] AND s.user_id = x.id AND s.active
    LEFT JOIN player_stats ps ON ps.user_id = x.id;

  -- Refusals that need no balance; the rows the others move.
  v_result := array_fill(NULL::text, ARRAY[n]);
  v_pool := array_fill(NULL::text, ARRAY[n]);
  v_ref_pool := array_fill(NULL::text, ARRAY[n]);
  FOR i IN 1 .. n LOOP
    IF NOT v_known[i] THEN
      v_result[i] := 'AR001';
    ELSIF v_stored_hash[i] IS NOT NULL THEN
      -- A retry of this key sees the first call's reply (or is refused if it asks something else).
      v_result[i] := CASE WHEN v_stored_hash[i] = b_hash[i] THEN v_stored_reply[i] ELSE 'AR005' END;
    ELSIF v_banned[i] THEN
      v_result[i] := 'AR003';
    ELSIF v_pair_nonce[i] IS DISTINCT FROM b_nonce[i] THEN
      v_result[i] := 'AR004';
    ELSIF v_tier[i] OR (v_wagering[i] > 0 AND v_wagering[i] <= b_stake[i]) THEN
      v_result[i] := 'AR001';
    ELSE
      v_pool[i] := CASE WHEN b_currency[i] = 'ton' THEN 'house' ELSE 'bonus_pool' END;
      IF b_user[i] % p_shards <> 0 THEN v_pool[i] := v_pool[i] || '/' || (b_user[i] % p_shards); END IF;
      v_codes := v_codes || v_pool[i];
      IF b_currency[i] = 'ton' AND v_referrer[i] IS NOT NULL AND b_share[i] > 0 THEN
        v_ref_pool[i] := CASE WHEN v_referrer[i] % p_shards = 0 THEN 'house' ELSE 'house/' || (v_referrer[i] % p_shards) END;
        v_codes := v_codes || v_ref_pool[i];
        v_ref_users := v_ref_users || v_referrer[i];
      END IF;
    END IF;
  END LOOP;
  IF cardinality(v_codes) = 0 THEN
    RETURN arcade_bet_answers(v_result);
  END IF;

  PERFORM 1 FROM accounts WHERE code = ANY (v_codes) ORDER BY code COLLATE "C" FOR NO KEY UPDATE;
  PERFORM 1 FROM accounts
    WHERE (user_id = ANY (b_user) AND kind IN ('ton', 'bonus')) OR (user_id = ANY (v_ref_users) AND kind = 'referral')
    ORDER BY user_id, kind COLLATE "C" FOR NO KEY UPDATE;
  SELECT array_agg(COALESCE(code, user_id || ':' || kind)), array_agg(id), array_agg(balance)
    INTO a_key, a_id, a_balance
    FROM accounts
   WHERE code = ANY (v_codes)
      OR (user_id = ANY (b_user) AND kind IN ('ton', 'bonus'))
      OR (user_id = ANY (v_ref_users) AND kind = 'referral');
  a_start := a_balance;

  -- Each bet in order, against the balances as the bets before it left them.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN v_pool[i] IS NULL;
    v_player := array_position(a_key, b_user[i] || ':' || b_currency[i]);
    IF v_player IS NULL OR a_balance[v_player] < b_stake[i] THEN
      v_result[i] := 'AR002';
      CONTINUE;
    END IF;
    v_share := 0;
    IF v_ref_pool[i] IS NOT NULL THEN
      v_share := b_share[i];
      v_ref_at := array_position(a_key, v_referrer[i] || ':referral');
      -- The referrer's first referral account, or earnings crossing the claim threshold (which sends
      -- them a message): the general path.
      IF v_ref_at IS NULL OR (a_balance[v_ref_at] < p_referral_min AND a_balance[v_ref_at] + v_share >= p_referral_min) THEN
        v_result[i] := 'AR001';
        CONTINUE;
      END IF;
      v_ref_pool_at := array_position(a_key, v_ref_pool[i]);
    END IF;
    v_pool_at := array_position(a_key, v_pool[i]);

    v_round := nextval('game_rounds_id_seq');
    r_id := r_id || v_round;
    r_n := r_n || i;
    -- The stake: the pool, then the player.
    v_tx := nextval('ledger_transactions_id_seq');
    t_id := t_id || v_tx; t_kind := t_kind || 'bet'::text; t_user := t_user || b_user[i]; t_ref := t_ref || v_round::text; t_n := t_n || i;
    a_balance[v_pool_at] := a_balance[v_pool_at] + b_stake[i];
    a_balance[v_player] := a_balance[v_player] - b_stake[i];
    j_tx := j_tx || v_tx || v_tx;
    j_account := j_account || a_id[v_pool_at] || a_id[v_player];
    j_amount := j_amount || b_stake[i] || (-b_stake[i]);
    j_after := j_after || a_balance[v_pool_at] || a_balance[v_player];
    -- The payout.
    IF b_payout[i] > 0 THEN
      v_tx := nextval('ledger_transactions_id_seq');
      t_id := t_id || v_tx; t_kind := t_kind || 'payout'::text; t_user := t_user || b_user[i]; t_ref := t_ref || v_round::text; t_n := t_n || i;
      a_balance[v_pool_at] := a_balance[v_pool_at] - b_payout[i];
      a_balance[v_player] := a_balance[v_player] + b_payout[i];
      j_tx := j_tx || v_tx || v_tx;
      j_account := j_account || a_id[v_pool_at] || a_id[v_player];
      j_amount := j_amount || (-b_payout[i]) || b_payout[i];
      j_after := j_after || a_balance[v_pool_at] || a_balance[v_player];
    END IF;
    -- The referrer's share of the house edge.
    IF v_share > 0 THEN
      v_tx := nextval('ledger_transactions_id_seq');
      t_id := t_id || v_tx; t_kind := t_kind || 'referral'::text; t_user := t_user || v_referrer[i]; t_ref := t_ref || v_round::text; t_n := t_n || i;
      a_balance[v_ref_pool_at] := a_balance[v_ref_pool_at] - v_share;
      a_balance[v_ref_at] := a_balance[v_ref_at] + v_share;
      j_tx := j_tx || v_tx || v_tx;
      j_account := j_account || a_id[v_ref_pool_at] || a_id[v_ref_at];
      j_amount := j_amount || (-v_share) || v_share;
      j_after := j_after || a_balance[v_ref_pool_at] || a_balance[v_ref_at];
    END IF;

    v_other := array_position(a_key, b_user[i] || ':' || CASE WHEN b_currency[i] = 'ton' THEN 'bonus' ELSE 'ton' END);
    v_result[i] := replace(replace(replace(b_reply[i],
      '"@round"', '"' || v_round || '"'),
      '"@ton"', '"' || trim_scale(COALESCE(a_balance[CASE WHEN b_currency[i] = 'ton' THEN v_player ELSE v_other END], 0)::numeric / 1000000000) || '"'),
      '"@bonus"', '"' || trim_scale(COALESCE(a_balance[CASE WHEN b_currency[i] = 'ton' THEN v_other ELSE v_player END], 0)::numeric / 1000000000) || '"');
    v_accepted := v_accepted + 1;
  END LOOP;
  IF v_accepted = 0 THEN
    RETURN arcade_bet_answers(v_result);
  END IF;

  -- The writes, one statement per table. A pair rotated since it was read undoes the whole batch
  -- (its bets then go one by one).
  UPDATE seed_pairs s SET next_nonce = s.next_nonce + 1
    FROM unnest(r_n) AS x (i)
   WHERE s.id = b_pair[x.i] AND s.user_id = b_user[x.i] AND s.active AND s.next_nonce = b_nonce[x.i];
  GET DIAGNOSTICS v_touched = ROW_COUNT;
  IF v_touched <> v_accepted THEN
    RAISE EXCEPTION 'a seed pair changed under the batch' USING ERRCODE = 'AR004';
  END IF;

  INSERT INTO game_rounds (id, user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
  SELECT r.id, b_user[r.i], b_game[r.i], b_currency[r.i], b_stake[r.i], b_payout[r.i], b_multiplier[r.i],
         CASE WHEN b_multiplier[r.i] > 0 THEN 'won' ELSE 'lost' END, b_pair[r.i], b_nonce[r.i], b_params[r.i], b_outcome[r.i], b_now[r.i], b_now[r.i]
    FROM unnest(r_id, r_n) AS r (id, i);

  -- Every movement of a bet (stake, payout, the referrer's share) was authorised by the bettor's session.
  INSERT INTO ledger_transactions (id, kind, user_id, reference, created_at, actor_user_id)
  SELECT t.id, t.kind, t.user_id, t.reference, b_now[t.i], b_actor[t.i] FROM unnest(t_id, t_kind, t_user, t_ref, t_n) AS t (id, kind, user_id, reference, i);

  -- In the order they happened: each row's balance_after follows the one before on its account.
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
  SELECT tx, account, amount, after FROM unnest(j_tx, j_account, j_amount, j_after) WITH ORDINALITY AS j (tx, account, amount, after, o)
   ORDER BY o;

  UPDATE accounts a SET balance = x.balance
    FROM unnest(a_id, a_balance, a_start) AS x (id, balance, start)
   WHERE a.id = x.id AND x.balance <> x.start;

  INSERT INTO player_stats (user_id, rounds, wagered, best_multiplier, last_bet_at)
  SELECT b_user[r.i], 1, b_stake[r.i], CASE WHEN b_payout[r.i] > 0 THEN b_multiplier[r.i] ELSE 0 END, b_now[r.i]
    FROM unnest(r_n) AS r (i)
  ON CONFLICT (user_id) DO UPDATE SET rounds = player_stats.rounds + 1, wagered = player_stats.wagered + EXCLUDED.wagered,
    best_multiplier = GREATEST(player_stats.best_multiplier, EXCLUDED.best_multiplier), last_bet_at = EXCLUDED.last_bet_at;

  UPDATE users u SET wagering_left = v_wagering[r.i] - b_stake[r.i]
    FROM unnest(r_n) AS r (i)
   WHERE u.id = b_user[r.i] AND v_wagering[r.i] > 0;

  INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply, created_at)
  SELECT b_user[r.i], b_key[r.i], b_game[r.i], b_hash[r.i], v_result[r.i], b_now[r.i]
    FROM unnest(r_n) AS r (i);

  RETURN arcade_bet_answers(v_result);
END;
$$;
