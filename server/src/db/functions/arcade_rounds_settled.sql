-- The statement triggers on game_rounds (migration 024) keep the weekly figures of settled
-- rounds; each round's notification is arcade_live_round's, deferred to the commit (migration 031).
CREATE OR REPLACE FUNCTION arcade_rounds_settled() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id ORDER BY n.id) INTO v_ids FROM settled_rounds n WHERE n.status <> 'open';
  ELSE
    SELECT array_agg(n.id ORDER BY n.id) INTO v_ids
      FROM settled_rounds n JOIN opened_rounds o ON o.id = n.id
     WHERE o.status = 'open' AND n.status <> 'open';
  END IF;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;

  INSERT INTO weekly_player_stats AS w (week, user_id, rounds, wagered, best_multiplier, best_at)
  SELECT date_trunc('week', coalesce(r.finished_at, now()) AT TIME ZONE 'UTC')::date, r.user_id, count(*), sum(r.stake),
         max(CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END),
         (array_agg(coalesce(r.finished_at, now())
                    ORDER BY CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END DESC, r.finished_at)
            FILTER (WHERE r.payout > 0))[1]
    FROM game_rounds r JOIN users u ON u.id = r.user_id
   WHERE r.id = ANY (v_ids)
   GROUP BY 1, 2
  ON CONFLICT (week, user_id) DO UPDATE SET
    rounds = w.rounds + EXCLUDED.rounds,
    wagered = w.wagered + EXCLUDED.wagered,
    best_multiplier = GREATEST(w.best_multiplier, EXCLUDED.best_multiplier),
    best_at = CASE WHEN EXCLUDED.best_multiplier > w.best_multiplier THEN EXCLUDED.best_at ELSE w.best_at END;
  RETURN NULL;
END
$$;
