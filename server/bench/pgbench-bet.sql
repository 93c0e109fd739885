-- One flip bet in TON, one bet per transaction, written as plain statements on the product's own
-- schema (its migrations, its players, their seed pairs and accounts): the work a bet is, without
-- the product's batching, its HTTP or its checks in TypeScript. The statements are the bet
-- function's for a flip in TON (no referrer, no wagering left, no tier crossed):
--   lock the player's users row; read the player, the call's key, the active seed pair and the
--   statistics; lock the session's house row (arcade_shard: a pgbench client is a session), then the
--   player's accounts; take the pair's next nonce;
--   write the round, the stake's and the payout's movements with their journal rows, the new
--   balances, the statistics and the key with its reply.
-- Each pgbench client bets for its own players (player = base + client + clients * k), as the HTTP
-- load sends each connection's bets for its own players. Variables given with -D: base, players,
-- clients, shards (SYSTEM_SHARDS), stake (nanotons), multiplier (ten-thousandths, 19800 = 1.98x).
\set uid :base + :client_id + :clients * random(0, :players / :clients - 1)
\set shard :client_id % :shards
\set win random(0, 1)
\set payout :win * :stake * :multiplier / 10000
\set key random(1, 1000000000000000)
BEGIN;
SELECT 1 FROM users WHERE id = :uid FOR NO KEY UPDATE;
SELECT u.is_banned, coalesce(u.referred_by, 0) AS referrer, u.wagering_left, coalesce(k.request_hash, '') AS stored, s.id AS pair, s.next_nonce AS nonce, coalesce(ps.rounds, 0) AS rounds
  FROM users u
  LEFT JOIN idempotency_keys k ON k.user_id = u.id AND k.key = 'pgbench-' || :key::text
  LEFT JOIN seed_pairs s ON s.user_id = u.id AND s.active
  LEFT JOIN player_stats ps ON ps.user_id = u.id
 WHERE u.id = :uid \gset
SELECT id AS house FROM accounts WHERE code = CASE WHEN :shard = 0 THEN 'house' ELSE 'house/' || :shard END FOR NO KEY UPDATE \gset
SELECT max(id) FILTER (WHERE kind = 'ton') AS ton
  FROM (SELECT id, kind FROM accounts WHERE user_id = :uid AND kind IN ('ton', 'bonus') ORDER BY kind COLLATE "C" FOR NO KEY UPDATE) a \gset
UPDATE seed_pairs SET next_nonce = next_nonce + 1 WHERE id = :pair AND next_nonce = :nonce;
INSERT INTO game_rounds (user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
VALUES (:uid, 'flip', 'ton', :stake, :payout, :win::bigint * :multiplier::bigint, CASE WHEN :win = 1 THEN 'won' ELSE 'lost' END, :pair, :nonce,
        '{"side": "heads"}', jsonb_build_object('side', CASE WHEN :win = 1 THEN 'heads' ELSE 'tails' END, 'win', :win = 1), now(), now())
RETURNING id AS round \gset
UPDATE accounts SET balance = balance + :stake::bigint - :payout::bigint WHERE id = :house RETURNING balance AS house_after \gset
UPDATE accounts SET balance = balance - :stake::bigint + :payout::bigint WHERE id = :ton RETURNING balance AS ton_after \gset
INSERT INTO ledger_transactions (kind, user_id, reference, created_at, actor_user_id) VALUES ('bet', :uid, :round, now(), :uid) RETURNING id AS stake_tx \gset
INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
VALUES (:stake_tx, :house, :stake, :house_after::bigint + :payout::bigint), (:stake_tx, :ton, -:stake::bigint, :ton_after::bigint - :payout::bigint);
\if :win
INSERT INTO ledger_transactions (kind, user_id, reference, created_at, actor_user_id) VALUES ('payout', :uid, :round, now(), :uid) RETURNING id AS payout_tx \gset
INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after)
VALUES (:payout_tx, :house, -:payout::bigint, :house_after), (:payout_tx, :ton, :payout, :ton_after);
\endif
INSERT INTO player_stats (user_id, rounds, wagered, best_multiplier, last_bet_at) VALUES (:uid, 1, :stake, :win::bigint * :multiplier::bigint, now())
ON CONFLICT (user_id) DO UPDATE SET rounds = player_stats.rounds + 1, wagered = player_stats.wagered + EXCLUDED.wagered,
  best_multiplier = GREATEST(player_stats.best_multiplier, EXCLUDED.best_multiplier), last_bet_at = EXCLUDED.last_bet_at;
INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply, created_at)
VALUES (:uid, 'pgbench-' || :key::text, 'flip', md5(:key::text),
        '{"round":{"id":"' || :round || '","game":"flip","stake":"0.01"},"balance":{"ton":"' || :ton_after || '","bonusTon":"0"}}', now());
COMMIT;
