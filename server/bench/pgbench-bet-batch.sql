-- A batch of flip bets in TON as the product sends them: one call of the bet function with
-- :batch bets of distinct players (their active seed pairs' next nonces), in one transaction.
-- The function's call is written here once; bets.ts puts the product's rules in place of the
-- marker after the bets (the other arguments, from the product configuration) and runs the result.
-- Each pgbench client bets for its own block of players (so no two clients use one seed pair).
-- Variables given with -D: base, players, clients, batch, stake, multiplier.
\set first :base + :client_id * (:players / :clients) + random(0, :players / :clients - :batch)
\set key random(1, 1000000000000000)
SELECT arcade_bets(
  (SELECT jsonb_agg(jsonb_build_object(
            'kind', 'instant', 'user', b.user_id::text, 'actor', b.user_id::text, 'key', 'pgbench-' || :key::text || '-' || b.user_id,
            'hash', md5(:key::text || '-' || b.user_id), 'game', 'flip', 'currency', 'ton', 'stake', :stake::text,
            'payout', (b.win * :stake::bigint * :multiplier::bigint / 10000)::text, 'multiplier', (b.win * :multiplier::bigint)::text,
            'params', '{"side": "heads"}'::jsonb, 'outcome', jsonb_build_object('side', CASE WHEN b.win = 1 THEN 'heads' ELSE 'tails' END, 'win', b.win = 1),
            'pair', b.id::text, 'nonce', b.next_nonce, 'now', now()::text,
            'reply', '{"round":{"id":"@round","game":"flip","stake":"0.01"},"balance":{"ton":"@ton","bonusTon":"@bonus"}}') ORDER BY b.user_id)
     FROM (SELECT s.id, s.user_id, s.next_nonce, (random() < 0.5)::int::bigint AS win
             FROM seed_pairs s WHERE s.active AND s.user_id BETWEEN :first::bigint AND :first::bigint + :batch::bigint - 1) b),
  {{rules}});
