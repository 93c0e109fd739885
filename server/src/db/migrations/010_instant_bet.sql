-- An instant bet (flip or roll) in one round trip. The server works out the outcome from the
-- player's seed pair and the nonce it expects, then calls this function, which runs as one
-- transaction: it locks the player, answers a retried idempotency key with the first reply,
-- takes that nonce (or refuses if another bet took it first), writes the round, moves the stake
-- and the payout (and the referrer's share) with a journal row per posting, counts the
-- statistics and the wagering, and stores the reply under the key.
--
-- Rare turns are left to the server's general path (bets.ts), which does everything step by step:
-- the function raises AR001 (and so undoes itself) when the round crosses an achievement tier,
-- ends a wagering requirement, makes a referrer's first referral account or lifts their earnings
-- over the claim threshold. Other refusals: AR002 balance too low, AR003 banned, AR004 the nonce
-- or pair was not the expected one (the server reloads the pair and works the outcome out again),
-- AR005 the key was used for another request.
--
-- Rows are locked in one order: the player's user row, system rows by code, then player
-- accounts by user id; each account row is updated once, by the sum of its postings.
CREATE OR REPLACE FUNCTION arcade_instant_bet(
  p_user bigint,
  p_key text,
  p_call text,
  p_hash text,
  p_pair bigint,
  p_nonce integer,
  p_game text,
  p_currency text,
  p_stake bigint,
  p_payout bigint,
  p_multiplier bigint,
  p_params jsonb,
  p_outcome jsonb,
  p_now timestamptz,
  p_referral_share bigint,
  p_referral_min bigint,
  p_tiers_rounds bigint[],
  p_tiers_wagered bigint[],
  p_tiers_best bigint[],
  p_reply jsonb,
  -- Rows the house and the bonus pool are split into (SYSTEM_SHARDS; codes as systemCode makes them).
  p_shards integer
) RETURNS text
LANGUAGE plpgsql
AS $$
DECLARE
  v_banned boolean;
  v_referrer bigint;
  v_wagering bigint;
  v_stored record;
  v_pool text := CASE WHEN p_currency = 'ton' THEN 'house' ELSE 'bonus_pool' END;
  v_pool_code text;
  v_ref_code text;
  v_share bigint := 0;
  v_round bigint;
  v_bet_tx bigint;
  v_pay_tx bigint;
  v_ref_tx bigint;
  v_pool_id bigint;
  v_pool_after bigint;
  v_ref_pool_id bigint;
  v_ref_pool_after bigint;
  v_player_id bigint;
  v_player_after bigint;
  v_ref_acc_id bigint;
  v_ref_acc_after bigint;
  v_rounds bigint;
  v_wagered bigint;
  v_best bigint;
  v_ton bigint;
  v_bonus bigint;
  v_reply jsonb;
BEGIN
  SELECT is_banned, referred_by, wagering_left INTO v_banned, v_referrer, v_wagering
    FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such player' USING ERRCODE = 'AR001';
  END IF;

  -- Under the player's lock, a retry of the same key sees the first call's committed reply.
  SELECT request_hash, reply INTO v_stored FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  IF FOUND THEN
    IF v_stored.request_hash <> p_hash THEN
      RAISE EXCEPTION 'key reused' USING ERRCODE = 'AR005';
    END IF;
    RETURN v_stored.reply;
  END IF;
  IF v_banned THEN
    RAISE EXCEPTION 'banned' USING ERRCODE = 'AR003';
  END IF;

  UPDATE seed_pairs SET next_nonce = next_nonce + 1
   WHERE id = p_pair AND user_id = p_user AND active AND next_nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'stale nonce' USING ERRCODE = 'AR004';
  END IF;

  v_round := nextval('game_rounds_id_seq');
  INSERT INTO game_rounds (id, user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
  VALUES (v_round, p_user, p_game, p_currency, p_stake, p_payout, p_multiplier,
          CASE WHEN p_multiplier > 0 THEN 'won' ELSE 'lost' END, p_pair, p_nonce, p_params, p_outcome, p_now, p_now);

  v_pool_code := CASE WHEN p_user % p_shards = 0 THEN v_pool ELSE v_pool || '/' || (p_user % p_shards) END;
  IF p_currency = 'ton' AND v_referrer IS NOT NULL AND p_referral_share > 0 THEN
    v_share := p_referral_share;
    v_ref_code := CASE WHEN v_referrer % p_shards = 0 THEN 'house' ELSE 'house/' || (v_referrer % p_shards) END;
  END IF;

  -- System rows by code.
  IF v_share > 0 AND v_ref_code COLLATE "C" < v_pool_code COLLATE "C" THEN
    UPDATE accounts SET balance = balance - v_share WHERE code = v_ref_code RETURNING id, balance INTO v_ref_pool_id, v_ref_pool_after;
  END IF;
  UPDATE accounts SET balance = balance + p_stake - p_payout - CASE WHEN v_ref_code = v_pool_code THEN v_share ELSE 0 END
   WHERE code = v_pool_code RETURNING id, balance INTO v_pool_id, v_pool_after;
  IF v_share > 0 AND v_ref_code COLLATE "C" > v_pool_code COLLATE "C" THEN
    UPDATE accounts SET balance = balance - v_share WHERE code = v_ref_code RETURNING id, balance INTO v_ref_pool_id, v_ref_pool_after;
  END IF;

  -- Player accounts by user id: the stake must be there before the payout comes in.
  IF v_share > 0 AND v_referrer < p_user THEN
    UPDATE accounts SET balance = balance + v_share WHERE user_id = v_referrer AND kind = 'referral'
      RETURNING id, balance INTO v_ref_acc_id, v_ref_acc_after;
    IF NOT FOUND THEN RAISE EXCEPTION 'first referral account' USING ERRCODE = 'AR001'; END IF;
  END IF;
  UPDATE accounts SET balance = balance - p_stake + p_payout
   WHERE user_id = p_user AND kind = p_currency AND balance >= p_stake
   RETURNING id, balance INTO v_player_id, v_player_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'balance too low' USING ERRCODE = 'AR002';
  END IF;
  IF v_share > 0 AND v_referrer > p_user THEN
    UPDATE accounts SET balance = balance + v_share WHERE user_id = v_referrer AND kind = 'referral'
      RETURNING id, balance INTO v_ref_acc_id, v_ref_acc_after;
    IF NOT FOUND THEN RAISE EXCEPTION 'first referral account' USING ERRCODE = 'AR001'; END IF;
  END IF;
  IF v_share > 0 AND v_ref_acc_after >= p_referral_min AND v_ref_acc_after - v_share < p_referral_min THEN
    RAISE EXCEPTION 'referral earnings reach the claim threshold' USING ERRCODE = 'AR001';
  END IF;

  -- The movements and their journal rows, in the order they happen.
  v_bet_tx := nextval('ledger_transactions_id_seq');
  IF p_payout > 0 THEN v_pay_tx := nextval('ledger_transactions_id_seq'); END IF;
  IF v_share > 0 THEN v_ref_tx := nextval('ledger_transactions_id_seq'); END IF;
  INSERT INTO ledger_transactions (id, kind, user_id, reference, created_at)
  SELECT id, kind, user_id, v_round::text, p_now FROM (VALUES
    (v_bet_tx, 'bet', p_user),
    (v_pay_tx, 'payout', p_user),
    (v_ref_tx, 'referral', v_referrer)) AS m (id, kind, user_id)
  WHERE id IS NOT NULL;

  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
  SELECT t, a, amount, after FROM (VALUES
    -- the stake: the pool, then the player
    (1, v_bet_tx, v_pool_id, p_stake,
        v_pool_after - p_stake + p_payout + CASE WHEN v_ref_code = v_pool_code THEN v_share ELSE 0 END + p_stake),
    (2, v_bet_tx, v_player_id, -p_stake, v_player_after - p_payout),
    -- the payout
    (3, v_pay_tx, v_pool_id, -p_payout, v_pool_after + CASE WHEN v_ref_code = v_pool_code THEN v_share ELSE 0 END),
    (4, v_pay_tx, v_player_id, p_payout, v_player_after),
    -- the referrer's share
    (5, v_ref_tx, COALESCE(v_ref_pool_id, v_pool_id), -v_share, COALESCE(v_ref_pool_after, v_pool_after)),
    (6, v_ref_tx, v_ref_acc_id, v_share, v_ref_acc_after)) AS j (n, t, a, amount, after)
  WHERE t IS NOT NULL
  ORDER BY n;

  INSERT INTO player_stats (user_id, rounds, wagered, best_multiplier, last_bet_at)
  VALUES (p_user, 1, p_stake, CASE WHEN p_payout > 0 THEN p_multiplier ELSE 0 END, p_now)
  ON CONFLICT (user_id) DO UPDATE SET rounds = player_stats.rounds + 1, wagered = player_stats.wagered + EXCLUDED.wagered,
    best_multiplier = GREATEST(player_stats.best_multiplier, EXCLUDED.best_multiplier), last_bet_at = EXCLUDED.last_bet_at
  RETURNING rounds, wagered, best_multiplier INTO v_rounds, v_wagered, v_best;
  IF EXISTS (SELECT 1 FROM unnest(p_tiers_rounds) t WHERE v_rounds >= t AND v_rounds - 1 < t)
     OR EXISTS (SELECT 1 FROM unnest(p_tiers_wagered) t WHERE v_wagered >= t AND v_wagered - p_stake < t)
     OR (p_payout > 0 AND EXISTS (
       SELECT 1 FROM unnest(p_tiers_best) WITH ORDINALITY AS t (threshold, tier)
        WHERE p_multiplier >= t.threshold
          AND NOT EXISTS (SELECT 1 FROM achievement_grants g WHERE g.user_id = p_user AND g.ladder = 'bestWin' AND g.tier = t.tier))) THEN
    RAISE EXCEPTION 'an achievement tier is crossed' USING ERRCODE = 'AR001';
  END IF;

  IF v_wagering > 0 THEN
    IF v_wagering <= p_stake THEN
      RAISE EXCEPTION 'the wagering requirement ends' USING ERRCODE = 'AR001';
    END IF;
    UPDATE users SET wagering_left = v_wagering - p_stake WHERE id = p_user;
  END IF;

  SELECT COALESCE(SUM(balance) FILTER (WHERE kind = 'ton'), 0), COALESCE(SUM(balance) FILTER (WHERE kind = 'bonus'), 0)
    INTO v_ton, v_bonus FROM accounts WHERE user_id = p_user AND kind IN ('ton', 'bonus');
  v_reply := jsonb_set(jsonb_set(jsonb_set(p_reply,
    '{round,id}', to_jsonb(v_round::text)),
    '{balance,ton}', to_jsonb(trim_scale(v_ton::numeric / 1000000000)::text)),
    '{balance,bonusTon}', to_jsonb(trim_scale(v_bonus::numeric / 1000000000)::text));

  INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply, created_at)
  VALUES (p_user, p_key, p_call, p_hash, v_reply::text, p_now);
  RETURN v_reply::text;
END;
$$;
