-- The bet function: the one path of every bet (instant bets, road starts, steps that end a
-- round, cash-outs), a batch of one bet per player at a time. It locks the players, checks
-- keys, responsible play, seed pairs and balances, moves the money (all the batch's movements in
-- one call of arcade_post, the book's one writer), writes the rounds and answers each bet
-- (server/src/domain/games/bet-batches.ts). Lock order: docs/locks.md.
CREATE OR REPLACE FUNCTION arcade_bets(
  -- [{kind ('instant', 'road-start' or 'road-finish'), user, key, hash, game, currency, stake,
  --   payout, multiplier, params, outcome, reply (JSON text with
  --   "@round", "@ton" and "@bonus" where the round id and the balances go), now, actor (the
  --   player of the session that placed it);
  --   instant and road-start: pair, nonce (the seed pair and nonce the outcome was worked out with),
  --     reserved (true: the server took the nonce from the pair beforehand; else it must be the
  --     pair's next one, and is taken here);
  --   road-finish: round, passed (the lanes crossed when the round was read), status ('cashed' or 'lost')}, ...]
  -- call: the money call's name (kept with the idempotency key). A road-finish's stake and
  -- currency are the round's own, whatever the item says.
  p_bets jsonb,
  -- The house edge per game ({"flip": 100, ...}) and the referrer's share of it, both in ten-thousandths.
  p_house_edge jsonb,
  p_referral_share bigint,
  p_referral_min bigint,
  -- Achievement ladders: thresholds and rewards (nanotons), tier by tier.
  p_rounds bigint[], p_rounds_reward bigint[],
  p_wagered bigint[], p_wagered_reward bigint[],
  p_best bigint[], p_best_reward bigint[],
  p_bonus_cap bigint,
  p_wagering_factor bigint,
  -- Rows the house and the bonus pool are split into (SYSTEM_SHARDS).
  p_shards integer
) RETURNS json
LANGUAGE plpgsql
-- The statements take arrays whose contents change at every call: planned once per connection
-- (their generic plans are index lookups by key), not anew at every call.
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  n integer := jsonb_array_length(p_bets);
  b_kind text[]; b_user bigint[]; b_key text[]; b_hash text[]; b_game text[]; b_pair bigint[]; b_nonce integer[];
  b_currency text[]; b_stake bigint[]; b_payout bigint[]; b_multiplier bigint[];
  b_params jsonb[]; b_outcome jsonb[]; b_share bigint[]; b_reply text[]; b_now timestamptz[]; b_actor bigint[];
  b_round bigint[]; b_passed integer[]; b_status text[]; b_call text[]; b_reserved boolean[];
  -- What the database holds for each bet, in bet order.
  v_known boolean[]; v_banned boolean[]; v_referrer bigint[]; v_wagering bigint[];
  v_stored_hash text[]; v_stored_reply text[]; v_pair_nonce integer[]; v_open_road boolean[];
  v_round_status text[]; v_round_passed integer[]; v_round_stake bigint[]; v_round_currency text[];
  v_rounds bigint[]; v_wagered bigint[]; v_crosses boolean[];
  v_settles boolean[]; v_release boolean[]; v_tiers boolean[];
  -- Responsible play: 18+ confirmed, the pause in force, the room the loss and wager limits leave.
  v_adult boolean[]; v_pause text[]; v_loss_room bigint[]; v_wager_room bigint[];
  v_result text[];
  v_pool text[]; v_house text[]; v_bonus_pool text[]; v_ref_pool text[];
  -- The accounts the batch may move, as arcade_lock_accounts names them: account, owner (NULL: a system account), the player of its row.
  l_account text[] := '{}'; l_owner bigint[] := '{}'; l_for bigint[] := '{}';
  -- The locked accounts: key ('code' or 'user:kind'), balance as the batch moves it.
  a_key text[]; a_balance bigint[];
  i integer;
  k integer;
  v_share bigint;
  v_player integer; v_bonus_at integer; v_ton_at integer;
  v_pool_at integer; v_pool_name text; v_house_at integer; v_bonus_pool_at integer; v_ref_pool_at integer; v_ref_at integer;
  v_left bigint;
  v_release_amount bigint;
  v_round bigint;
  v_tx integer := 0;
  v_accepted integer := 0;
  v_unreserved integer := 0;
  v_reply text;
  v_touched integer;
  -- Rows to write, one array per column. r_*: rounds made (instant, road start); f_*: rounds finished.
  r_id bigint[] := '{}'; r_n integer[] := '{}';
  f_n integer[] := '{}';
  s_n integer[] := '{}';
  -- The movements (arcade_post): kind, player, reference, time, actor; and their postings.
  t_kind text[] := '{}'; t_user bigint[] := '{}'; t_ref text[] := '{}'; t_at timestamptz[] := '{}'; t_actor bigint[] := '{}';
  j_tx integer[] := '{}'; j_account text[] := '{}'; j_owner bigint[] := '{}'; j_amount bigint[] := '{}';
  w_user bigint[] := '{}'; w_left bigint[] := '{}';
  o_user bigint[] := '{}'; o_amount bigint[] := '{}'; o_ref text[] := '{}';
  v_round_of bigint[];
  v_grant_tier integer;
BEGIN
  IF n = 0 THEN
    RETURN '[]';
  END IF;
  SELECT array_agg(COALESCE(b->>'kind', 'instant') ORDER BY o),
         array_agg((b->>'user')::bigint ORDER BY o), array_agg(b->>'key' ORDER BY o), array_agg(b->>'hash' ORDER BY o),
         array_agg(b->>'game' ORDER BY o), array_agg((b->>'pair')::bigint ORDER BY o), array_agg((b->>'nonce')::integer ORDER BY o),
         array_agg(b->>'currency' ORDER BY o), array_agg((b->>'stake')::bigint ORDER BY o), array_agg(COALESCE((b->>'payout')::bigint, 0) ORDER BY o),
         array_agg(COALESCE((b->>'multiplier')::bigint, 0) ORDER BY o), array_agg(b->'params' ORDER BY o), array_agg(b->'outcome' ORDER BY o),
         array_fill(0::bigint, ARRAY[n]), array_agg(b->>'reply' ORDER BY o), array_agg((b->>'now')::timestamptz ORDER BY o),
         array_agg((b->>'actor')::bigint ORDER BY o),
         array_agg((b->>'round')::bigint ORDER BY o), array_agg((b->>'passed')::integer ORDER BY o), array_agg(b->>'status' ORDER BY o),
         array_agg(COALESCE(b->>'call', b->>'game') ORDER BY o), array_agg(COALESCE((b->>'reserved')::boolean, false) ORDER BY o)
    INTO b_kind, b_user, b_key, b_hash, b_game, b_pair, b_nonce, b_currency, b_stake, b_payout, b_multiplier, b_params, b_outcome,
         b_share, b_reply, b_now, b_actor, b_round, b_passed, b_status, b_call, b_reserved
    FROM jsonb_array_elements(p_bets) WITH ORDINALITY AS e (b, o);
  IF (SELECT count(DISTINCT u) FROM unnest(b_user) AS u) <> n THEN
    RAISE EXCEPTION 'a batch holds one bet per player';
  END IF;

  -- The players, locked in id order: under these locks nobody else bets, claims or withdraws for them.
  PERFORM 1 FROM users WHERE id = ANY (b_user) ORDER BY id FOR NO KEY UPDATE;
  -- The road rounds this batch finishes, in id order (a step that does not finish a round locks
  -- only its round, and nothing after it).
  PERFORM 1 FROM game_rounds WHERE id = ANY (b_round) ORDER BY id FOR NO KEY UPDATE;

  SELECT array_agg(u.id IS NOT NULL ORDER BY x.o), array_agg(COALESCE(u.is_banned, false) ORDER BY x.o),
         array_agg(u.referred_by ORDER BY x.o), array_agg(COALESCE(u.wagering_left, 0) ORDER BY x.o),
         array_agg(k.request_hash ORDER BY x.o), array_agg(k.reply ORDER BY x.o), array_agg(s.next_nonce ORDER BY x.o),
         array_agg(b_kind[x.o] = 'road-start' AND EXISTS (SELECT 1 FROM game_rounds o WHERE o.user_id = x.id AND o.game = 'road' AND o.status = 'open') ORDER BY x.o),
         array_agg(r.status ORDER BY x.o), array_agg((r.outcome->>'passed')::integer ORDER BY x.o),
         array_agg(r.stake ORDER BY x.o), array_agg(r.currency ORDER BY x.o),
         array_agg(COALESCE(ps.rounds, 0) ORDER BY x.o), array_agg(COALESCE(ps.wagered, 0) ORDER BY x.o),
         -- Does the round cross an achievement tier (if it settles now)? Tiers are granted after the
         -- batch's own writes. A road end's stake is its round's.
         array_agg(b_kind[x.o] <> 'road-start' AND (
           EXISTS (SELECT 1 FROM unnest(p_rounds) t WHERE COALESCE(ps.rounds, 0) + 1 >= t AND COALESCE(ps.rounds, 0) < t)
           OR EXISTS (SELECT 1 FROM unnest(p_wagered) t
                       WHERE COALESCE(ps.wagered, 0) + COALESCE(r.stake, b_stake[x.o]) >= t AND COALESCE(ps.wagered, 0) < t)
           OR (b_payout[x.o] > 0 AND EXISTS (
                 SELECT 1 FROM unnest(p_best) WITH ORDINALITY AS t (threshold, tier)
                  WHERE b_multiplier[x.o] >= t.threshold
                    AND NOT EXISTS (SELECT 1 FROM achievement_grants g WHERE g.user_id = x.id AND g.ladder = 'bestWin' AND g.tier = t.tier))))
           ORDER BY x.o),
         -- Read under the player's row lock taken above: the rounds of the player's bets before
         -- this one have committed, so concurrent bets cannot both fit in the same room.
         array_agg(p.age_confirmed_at IS NOT NULL ORDER BY x.o),
         array_agg(CASE WHEN p.pause_kind = 'self-exclusion' THEN 'excluded'
                        WHEN p.pause_kind = 'cool-off' AND p.pause_until > b_now[x.o] THEN 'paused' END ORDER BY x.o),
         array_agg(CASE WHEN b_kind[x.o] <> 'road-finish' AND p.has_limits THEN arcade_play_loss_room(x.id, b_now[x.o]) END ORDER BY x.o),
         array_agg(CASE WHEN b_kind[x.o] <> 'road-finish' AND p.has_limits THEN arcade_play_wager_room(x.id, b_now[x.o]) END ORDER BY x.o)
    INTO v_known, v_banned, v_referrer, v_wagering, v_stored_hash, v_stored_reply, v_pair_nonce, v_open_road,
         v_round_status, v_round_passed, v_round_stake, v_round_currency, v_rounds, v_wagered, v_crosses,
         v_adult, v_pause, v_loss_room, v_wager_room
    FROM unnest(b_user) WITH ORDINALITY AS x (id, o)
    LEFT JOIN users u ON u.id = x.id
    LEFT JOIN idempotency_keys k ON k.user_id = x.id AND k.key = b_key[x.o]
    LEFT JOIN seed_pairs s ON s.id = b_pair[x.o] AND s.user_id = x.id AND s.active
    -- A road end's round, by its id alone (OFFSET 0 keeps the player and the game out of the look-up):
    -- planned on a small table, the (player, game) index would read every road round there is.
    LEFT JOIN LATERAL (SELECT g.* FROM game_rounds g WHERE g.id = b_round[x.o] OFFSET 0) r ON r.user_id = x.id AND r.game = 'road'
    LEFT JOIN player_stats ps ON ps.user_id = x.id
    LEFT JOIN (SELECT s.*, EXISTS (SELECT 1 FROM play_limits l WHERE l.user_id = s.user_id) AS has_limits FROM play_settings s) p
      ON p.user_id = x.id;

  -- Refusals that need no balance; the rows the others move.
  v_result := array_fill(NULL::text, ARRAY[n]);
  v_pool := array_fill(NULL::text, ARRAY[n]);
  v_house := array_fill(NULL::text, ARRAY[n]);
  v_bonus_pool := array_fill(NULL::text, ARRAY[n]);
  v_ref_pool := array_fill(NULL::text, ARRAY[n]);
  v_settles := array_fill(false, ARRAY[n]);
  v_release := array_fill(false, ARRAY[n]);
  v_tiers := array_fill(false, ARRAY[n]);
  FOR i IN 1 .. n LOOP
    IF NOT v_known[i] THEN
      v_result[i] := 'AR001';
      CONTINUE;
    ELSIF v_stored_hash[i] IS NOT NULL THEN
      -- A retry of this key sees the first call's reply (or is refused if it asks something else):
      -- the key rule ledger.ts follows too.
      v_result[i] := arcade_key_answer(v_stored_hash[i], v_stored_reply[i], b_hash[i]);
      CONTINUE;
    ELSIF v_banned[i] THEN
      v_result[i] := 'AR003';
      CONTINUE;
    END IF;
    -- Responsible play, before any money moves, for every bet that takes a stake (a road round's
    -- end takes none: it may always finish).
    IF b_kind[i] <> 'road-finish' THEN
      IF NOT v_adult[i] THEN
        v_result[i] := 'PL001';
        CONTINUE;
      ELSIF v_pause[i] = 'excluded' THEN
        v_result[i] := 'PL003';
        CONTINUE;
      ELSIF v_pause[i] = 'paused' THEN
        v_result[i] := 'PL002';
        CONTINUE;
      ELSIF b_stake[i] > v_loss_room[i] THEN
        v_result[i] := 'PL004';
        CONTINUE;
      ELSIF b_stake[i] > v_wager_room[i] THEN
        v_result[i] := 'PL005';
        CONTINUE;
      END IF;
    END IF;
    IF b_kind[i] = 'road-finish' THEN
      IF v_round_status[i] IS DISTINCT FROM 'open' THEN
        v_result[i] := 'AR007';
        CONTINUE;
      ELSIF v_round_passed[i] IS DISTINCT FROM b_passed[i] THEN
        -- Another step moved the round meanwhile: the server reads it again.
        v_result[i] := 'AR004';
        CONTINUE;
      END IF;
      b_stake[i] := v_round_stake[i];
      b_currency[i] := v_round_currency[i];
    ELSIF v_pair_nonce[i] IS NULL
       OR (NOT b_reserved[i] AND v_pair_nonce[i] <> b_nonce[i])
       OR (b_reserved[i] AND (b_nonce[i] >= v_pair_nonce[i] OR EXISTS (SELECT 1 FROM game_rounds g WHERE g.seed_pair_id = b_pair[i] AND g.nonce = b_nonce[i]))) THEN
      -- Not the pair's next nonce, or a reserved nonce this pair never gave or already used.
      v_result[i] := 'AR004';
      CONTINUE;
    ELSIF b_kind[i] = 'road-start' AND v_open_road[i] THEN
      v_result[i] := 'AR006';
      CONTINUE;
    END IF;

    -- A bet settles now (its statistics, wagering, the referrer's share, tiers) unless it opens a road round.
    v_settles[i] := b_kind[i] <> 'road-start';
    v_pool[i] := arcade_shard(CASE WHEN b_currency[i] = 'ton' THEN 'house' ELSE 'bonus_pool' END, b_user[i], p_shards);
    l_account := l_account || CASE WHEN b_currency[i] = 'ton' THEN 'house' ELSE 'bonus_pool' END || 'ton'::text || 'bonus'::text;
    l_owner := l_owner || NULL::bigint || b_user[i] || b_user[i];
    l_for := l_for || b_user[i] || NULL::bigint || NULL::bigint;
    IF v_settles[i] THEN
      -- The end of wagering: the whole bonus balance becomes TON (bonus to the pool, house to the player).
      v_release[i] := v_wagering[i] > 0 AND v_wagering[i] <= b_stake[i];
      -- Achievement rewards are a promotion: none while a pause is in force (a road round may
      -- still end then, and its tiers are counted, but their rewards are not granted).
      v_tiers[i] := v_crosses[i] AND v_pause[i] IS NULL;
      IF v_release[i] THEN
        v_house[i] := arcade_shard('house', b_user[i], p_shards);
        v_bonus_pool[i] := arcade_shard('bonus_pool', b_user[i], p_shards);
        l_account := l_account || 'house'::text || 'bonus_pool'::text;
        l_owner := l_owner || NULL::bigint || NULL::bigint;
        l_for := l_for || b_user[i] || b_user[i];
      END IF;
      IF v_tiers[i] THEN
        v_bonus_pool[i] := arcade_shard('bonus_pool', b_user[i], p_shards);
        l_account := l_account || 'bonus_pool'::text;
        l_owner := l_owner || NULL::bigint;
        l_for := l_for || b_user[i];
      END IF;
      -- The referrer's share of the house edge on the stake (truncated to the nanoton).
      b_share[i] := b_stake[i] * (p_house_edge->>b_game[i])::bigint * p_referral_share / 100000000;
      IF b_currency[i] = 'ton' AND v_referrer[i] IS NOT NULL AND b_share[i] > 0 THEN
        -- The referrer's movement: the transaction's house row, and their referral account
        -- (made by arcade_lock_accounts if it is missing).
        v_ref_pool[i] := arcade_shard('house', v_referrer[i], p_shards);
        l_account := l_account || 'house'::text || 'referral'::text;
        l_owner := l_owner || NULL::bigint || v_referrer[i];
        l_for := l_for || v_referrer[i] || NULL::bigint;
      END IF;
    END IF;
  END LOOP;
  IF cardinality(l_account) = 0 THEN
    RETURN arcade_bet_answers(v_result);
  END IF;

  -- The accounts, locked in the book's order, with their balances: the bets are decided against
  -- them here; arcade_post writes what the accepted bets move.
  SELECT array_agg(COALESCE(l.code, l.user_id || ':' || l.kind)), array_agg(l.balance)
    INTO a_key, a_balance
    FROM arcade_lock_accounts(l_account, l_owner, l_for, p_shards) AS l;
  v_round_of := array_fill(NULL::bigint, ARRAY[n]);

  -- Each bet in order, against the balances as the bets before it left them.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN v_pool[i] IS NULL;
    v_player := array_position(a_key, b_user[i] || ':' || b_currency[i]);
    v_pool_at := array_position(a_key, v_pool[i]);
    v_pool_name := CASE WHEN b_currency[i] = 'ton' THEN 'house' ELSE 'bonus_pool' END;
    IF b_kind[i] <> 'road-finish' AND (v_player IS NULL OR a_balance[v_player] < b_stake[i]) THEN
      v_result[i] := 'AR002';
      CONTINUE;
    END IF;

    IF b_kind[i] = 'road-finish' THEN
      v_round := b_round[i];
      f_n := f_n || i;
    ELSE
      v_round := nextval('game_rounds_id_seq');
      r_id := r_id || v_round;
      r_n := r_n || i;
      IF NOT b_reserved[i] THEN v_unreserved := v_unreserved + 1; END IF;
      -- The stake: the pool, then the player.
      v_tx := v_tx + 1;
      t_kind := t_kind || 'bet'::text; t_user := t_user || b_user[i]; t_ref := t_ref || v_round::text; t_at := t_at || b_now[i]; t_actor := t_actor || b_actor[i];
      a_balance[v_pool_at] := a_balance[v_pool_at] + b_stake[i];
      a_balance[v_player] := a_balance[v_player] - b_stake[i];
      j_tx := j_tx || v_tx || v_tx;
      j_account := j_account || v_pool_name || b_currency[i];
      j_owner := j_owner || NULL::bigint || b_user[i];
      j_amount := j_amount || b_stake[i] || (-b_stake[i]);
    END IF;
    v_round_of[i] := v_round;

    IF v_settles[i] THEN
      s_n := s_n || i;
      -- The payout.
      IF b_payout[i] > 0 THEN
        v_tx := v_tx + 1;
        t_kind := t_kind || 'payout'::text; t_user := t_user || b_user[i]; t_ref := t_ref || v_round::text; t_at := t_at || b_now[i]; t_actor := t_actor || b_actor[i];
        a_balance[v_pool_at] := a_balance[v_pool_at] - b_payout[i];
        a_balance[v_player] := a_balance[v_player] + b_payout[i];
        j_tx := j_tx || v_tx || v_tx;
        j_account := j_account || v_pool_name || b_currency[i];
        j_owner := j_owner || NULL::bigint || b_user[i];
        j_amount := j_amount || (-b_payout[i]) || b_payout[i];
      END IF;

      -- The wagering countdown, and at its end the bonus balance released into TON.
      IF v_wagering[i] > 0 THEN
        v_left := GREATEST(v_wagering[i] - b_stake[i], 0);
        w_user := w_user || b_user[i];
        w_left := w_left || v_left;
        v_bonus_at := array_position(a_key, b_user[i] || ':bonus');
        v_ton_at := array_position(a_key, b_user[i] || ':ton');
        v_release_amount := CASE WHEN v_left = 0 AND v_bonus_at IS NOT NULL THEN a_balance[v_bonus_at] ELSE 0 END;
        IF v_release_amount > 0 THEN
          v_house_at := array_position(a_key, v_house[i]);
          v_bonus_pool_at := array_position(a_key, v_bonus_pool[i]);
          v_tx := v_tx + 1;
          t_kind := t_kind || 'bonus_release'::text; t_user := t_user || b_user[i]; t_ref := t_ref || v_round::text; t_at := t_at || b_now[i]; t_actor := t_actor || b_actor[i];
          -- The book's order: system rows by code, then the player's bonus and TON.
          a_balance[v_bonus_pool_at] := a_balance[v_bonus_pool_at] + v_release_amount;
          a_balance[v_house_at] := a_balance[v_house_at] - v_release_amount;
          a_balance[v_bonus_at] := a_balance[v_bonus_at] - v_release_amount;
          a_balance[v_ton_at] := a_balance[v_ton_at] + v_release_amount;
          j_tx := j_tx || v_tx || v_tx || v_tx || v_tx;
          j_account := j_account || 'bonus_pool'::text || 'house'::text || 'bonus'::text || 'ton'::text;
          j_owner := j_owner || NULL::bigint || NULL::bigint || b_user[i] || b_user[i];
          j_amount := j_amount || v_release_amount || (-v_release_amount) || (-v_release_amount) || v_release_amount;
        END IF;
      END IF;

      -- The referrer's share of the house edge (TON rounds), and their message when it reaches the claim threshold.
      IF v_ref_pool[i] IS NOT NULL THEN
        v_share := b_share[i];
        v_ref_at := array_position(a_key, v_referrer[i] || ':referral');
        v_ref_pool_at := array_position(a_key, v_ref_pool[i]);
        v_tx := v_tx + 1;
        t_kind := t_kind || 'referral'::text; t_user := t_user || v_referrer[i]; t_ref := t_ref || v_round::text; t_at := t_at || b_now[i]; t_actor := t_actor || b_actor[i];
        a_balance[v_ref_pool_at] := a_balance[v_ref_pool_at] - v_share;
        a_balance[v_ref_at] := a_balance[v_ref_at] + v_share;
        j_tx := j_tx || v_tx || v_tx;
        j_account := j_account || 'house'::text || 'referral'::text;
        j_owner := j_owner || NULL::bigint || v_referrer[i];
        j_amount := j_amount || (-v_share) || v_share;
        IF a_balance[v_ref_at] >= p_referral_min AND a_balance[v_ref_at] - v_share < p_referral_min THEN
          o_user := o_user || v_referrer[i];
          o_amount := o_amount || a_balance[v_ref_at];
          o_ref := o_ref || ('referral:' || v_round);
        END IF;
      END IF;
    END IF;
    -- The reply, with the balances as this bet leaves them (a tier's reward, granted below, is
    -- added to it there).
    v_ton_at := array_position(a_key, b_user[i] || ':ton');
    v_bonus_at := array_position(a_key, b_user[i] || ':bonus');
    v_result[i] := replace(replace(replace(b_reply[i],
      '"@round"', '"' || v_round || '"'),
      '"@ton"', '"' || trim_scale(COALESCE(a_balance[v_ton_at], 0)::numeric / 1000000000) || '"'),
      '"@bonus"', '"' || trim_scale(COALESCE(a_balance[v_bonus_at], 0)::numeric / 1000000000) || '"');
    v_accepted := v_accepted + 1;
  END LOOP;
  IF v_accepted = 0 THEN
    RETURN arcade_bet_answers(v_result);
  END IF;

  -- The writes, one statement per table. A pair rotated since it was read undoes the whole batch
  -- (its bets then go one by one).
  IF cardinality(r_n) > 0 THEN
    UPDATE seed_pairs s SET next_nonce = s.next_nonce + 1
      FROM unnest(r_n) AS x (i)
     WHERE NOT b_reserved[x.i] AND s.id = b_pair[x.i] AND s.user_id = b_user[x.i] AND s.active AND s.next_nonce = b_nonce[x.i];
    GET DIAGNOSTICS v_touched = ROW_COUNT;
    IF v_touched <> v_unreserved THEN
      RAISE EXCEPTION 'a seed pair changed under the batch' USING ERRCODE = 'AR004';
    END IF;

    INSERT INTO game_rounds (id, user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
    SELECT r.id, b_user[r.i], b_game[r.i], b_currency[r.i], b_stake[r.i], b_payout[r.i], b_multiplier[r.i],
           CASE WHEN b_kind[r.i] = 'road-start' THEN 'open' WHEN b_multiplier[r.i] > 0 THEN 'won' ELSE 'lost' END,
           b_pair[r.i], b_nonce[r.i], b_params[r.i], b_outcome[r.i], b_now[r.i],
           CASE WHEN b_kind[r.i] = 'road-start' THEN NULL ELSE b_now[r.i] END
      FROM unnest(r_id, r_n) AS r (id, i);
  END IF;

  IF cardinality(f_n) > 0 THEN
    UPDATE game_rounds g SET status = b_status[x.i], outcome = b_outcome[x.i], multiplier = b_multiplier[x.i], payout = b_payout[x.i], finished_at = b_now[x.i]
      FROM unnest(f_n) AS x (i)
     WHERE g.id = b_round[x.i];
  END IF;

  -- Every movement of a bet (stake, payout, the bonus release, the referrer's share) was
  -- authorised by the bettor's session. Written in the order they happened.
  PERFORM 1 FROM arcade_post(t_kind, t_user, t_ref, t_at, t_actor, array_fill(NULL::text, ARRAY[v_tx]),
                             j_tx, j_account, j_owner, j_amount, p_shards);

  IF cardinality(s_n) > 0 THEN
    INSERT INTO player_stats (user_id, rounds, wagered, best_multiplier, last_bet_at)
    SELECT b_user[r.i], 1, b_stake[r.i], CASE WHEN b_payout[r.i] > 0 THEN b_multiplier[r.i] ELSE 0 END, b_now[r.i]
      FROM unnest(s_n) AS r (i)
    ON CONFLICT (user_id) DO UPDATE SET rounds = player_stats.rounds + 1, wagered = player_stats.wagered + EXCLUDED.wagered,
      best_multiplier = GREATEST(player_stats.best_multiplier, EXCLUDED.best_multiplier), last_bet_at = EXCLUDED.last_bet_at;
  END IF;

  IF cardinality(w_user) > 0 THEN
    UPDATE users u SET wagering_left = x.left_after
      FROM unnest(w_user, w_left) AS x (id, left_after)
     WHERE u.id = x.id;
  END IF;

  IF cardinality(o_user) > 0 THEN
    INSERT INTO bot_outbox (user_id, notice, amount, reference)
    SELECT u, 'referralEarnings', a, r FROM unnest(o_user, o_amount, o_ref) AS x (u, a, r)
    ON CONFLICT (reference) DO NOTHING;
  END IF;

  -- The achievement tiers crossed, each granted once, after the bet's own movements.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN NOT v_tiers[i] OR v_round_of[i] IS NULL OR NOT v_settles[i];
    FOR k IN 1 .. coalesce(cardinality(p_rounds), 0) LOOP
      IF v_rounds[i] + 1 >= p_rounds[k] AND v_rounds[i] < p_rounds[k] THEN
        INSERT INTO achievement_grants (user_id, ladder, tier, reward, granted_at) VALUES (b_user[i], 'rounds', k, p_rounds_reward[k], b_now[i])
        ON CONFLICT DO NOTHING RETURNING tier INTO v_grant_tier;
        IF v_grant_tier IS NOT NULL THEN
          PERFORM arcade_grant_bonus(b_user[i], p_rounds_reward[k], 'reward', 'achievement:' || b_user[i] || ':rounds:' || k, b_actor[i], NULL, p_bonus_cap, p_wagering_factor, p_shards);
        END IF;
      END IF;
    END LOOP;
    FOR k IN 1 .. coalesce(cardinality(p_wagered), 0) LOOP
      IF v_wagered[i] + b_stake[i] >= p_wagered[k] AND v_wagered[i] < p_wagered[k] THEN
        INSERT INTO achievement_grants (user_id, ladder, tier, reward, granted_at) VALUES (b_user[i], 'wagered', k, p_wagered_reward[k], b_now[i])
        ON CONFLICT DO NOTHING RETURNING tier INTO v_grant_tier;
        IF v_grant_tier IS NOT NULL THEN
          PERFORM arcade_grant_bonus(b_user[i], p_wagered_reward[k], 'reward', 'achievement:' || b_user[i] || ':wagered:' || k, b_actor[i], NULL, p_bonus_cap, p_wagering_factor, p_shards);
        END IF;
      END IF;
    END LOOP;
    FOR k IN 1 .. coalesce(cardinality(p_best), 0) LOOP
      IF b_payout[i] > 0 AND b_multiplier[i] >= p_best[k] THEN
        INSERT INTO achievement_grants (user_id, ladder, tier, reward, granted_at) VALUES (b_user[i], 'bestWin', k, p_best_reward[k], b_now[i])
        ON CONFLICT DO NOTHING RETURNING tier INTO v_grant_tier;
        IF v_grant_tier IS NOT NULL THEN
          PERFORM arcade_grant_bonus(b_user[i], p_best_reward[k], 'reward', 'achievement:' || b_user[i] || ':bestWin:' || k, b_actor[i], NULL, p_bonus_cap, p_wagering_factor, p_shards);
        END IF;
      END IF;
    END LOOP;
  END LOOP;

  -- The replies of bets whose round crossed a tier: their balances after its reward.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN NOT v_tiers[i] OR v_round_of[i] IS NULL;
    SELECT replace(replace(replace(b_reply[i],
             '"@round"', '"' || v_round_of[i] || '"'),
             '"@ton"', '"' || trim_scale(COALESCE(ton.balance, 0)::numeric / 1000000000) || '"'),
             '"@bonus"', '"' || trim_scale(COALESCE(bonus.balance, 0)::numeric / 1000000000) || '"')
      INTO v_reply
      FROM (SELECT 1) AS one
      LEFT JOIN accounts ton ON ton.user_id = b_user[i] AND ton.kind = 'ton'
      LEFT JOIN accounts bonus ON bonus.user_id = b_user[i] AND bonus.kind = 'bonus';
    v_result[i] := v_reply;
  END LOOP;

  INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply, created_at)
  SELECT b_user[x.o], b_key[x.o], b_call[x.o], b_hash[x.o], v_result[x.o], b_now[x.o]
    FROM generate_series(1, n) AS x (o)
   WHERE v_round_of[x.o] IS NOT NULL;

  RETURN arcade_bet_answers(v_result);
END;
$$;
