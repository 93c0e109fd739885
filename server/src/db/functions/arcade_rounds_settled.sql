-- The live feed's trigger (024) read a settled round's week from finished_at and trusted its
-- player to exist. A round written settled without finished_at, or naming a player who does not
-- exist, then failed on the week's NOT NULL before the reference checks could refuse it with their
-- own message. The week now falls back to the statement's time, and a round of an unknown player
-- adds nothing to the board, so the reference trigger refuses it as before.
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

  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'round', 'round', r.id::text, 'user', r.user_id::text, 'game', r.game, 'currency', r.currency,
            'stake', r.stake::text, 'payout', r.payout::text, 'multiplier', r.multiplier::text, 'at', coalesce(r.finished_at, now()),
            'name', CASE WHEN u.name_hidden THEN NULL ELSE NULLIF(left(u.first_name, 64), '') END)::text)
     FROM game_rounds r JOIN users u ON u.id = r.user_id
    WHERE r.id = ANY (v_ids)
    ORDER BY r.id;
  RETURN NULL;
END
$$;
