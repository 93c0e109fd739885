-- The live feed of settled rounds and the weekly leaderboard.
--
-- A player may hide their first name from both: then they show as "Hidden". By default it shows.
ALTER TABLE users ADD COLUMN name_hidden BOOLEAN NOT NULL DEFAULT false;

-- Each player's settled rounds per UTC week, written by the trigger below in the transaction that
-- settles the round (the bet function's, with the round's ledger rows), so the board shows the
-- book's own figures. A week starts at midnight UTC on Monday; a new week is a new set of rows, so the
-- board starts empty every Monday. No index beyond the key: a settled round updates its row in
-- place, and the board reads one week's rows.
CREATE TABLE weekly_player_stats (
  -- The Monday (UTC) the week starts on.
  week            DATE NOT NULL,
  user_id         BIGINT NOT NULL REFERENCES users (id),
  rounds          BIGINT NOT NULL DEFAULT 0,
  -- Settled stakes from either balance, nanotons (as player_stats counts them).
  wagered         BIGINT NOT NULL DEFAULT 0,
  -- The best multiplier won this week, in ten-thousandths; 0 before a win.
  best_multiplier BIGINT NOT NULL DEFAULT 0,
  -- When it was won: of two equal bests, the earlier ranks first.
  best_at         TIMESTAMPTZ,
  PRIMARY KEY (week, user_id)
);

-- A round settles when it is written won or lost (flip, roll), or when an open road round is
-- cashed or lost. For each such round of the statement: the week's figures, and a notification
-- on the channel arcade_live. PostgreSQL delivers a notification only when (and if) the
-- transaction commits, so every replica's listeners hear of committed rounds only. The payload
-- is a few fields (far below PostgreSQL's limit on a payload): the name is already the one the player lets
-- show (null when hidden), and the user id never leaves the servers.
CREATE FUNCTION arcade_rounds_settled() RETURNS trigger
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
  SELECT date_trunc('week', r.finished_at AT TIME ZONE 'UTC')::date, r.user_id, count(*), sum(r.stake),
         max(CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END),
         (array_agg(r.finished_at ORDER BY CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END DESC, r.finished_at)
            FILTER (WHERE r.payout > 0))[1]
    FROM game_rounds r
   WHERE r.id = ANY (v_ids)
   GROUP BY 1, 2
  ON CONFLICT (week, user_id) DO UPDATE SET
    rounds = w.rounds + EXCLUDED.rounds,
    wagered = w.wagered + EXCLUDED.wagered,
    best_multiplier = GREATEST(w.best_multiplier, EXCLUDED.best_multiplier),
    best_at = CASE WHEN EXCLUDED.best_multiplier > w.best_multiplier THEN EXCLUDED.best_at ELSE w.best_at END;

  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'round', 'round', r.id::text, 'user', r.user_id::text, 'game', r.game, 'currency', r.currency,
            'stake', r.stake::text, 'payout', r.payout::text, 'multiplier', r.multiplier::text, 'at', r.finished_at,
            'name', CASE WHEN u.name_hidden THEN NULL ELSE NULLIF(left(u.first_name, 64), '') END)::text)
     FROM game_rounds r JOIN users u ON u.id = r.user_id
    WHERE r.id = ANY (v_ids)
    ORDER BY r.id;
  RETURN NULL;
END
$$;

-- Once per statement: the bet function writes a batch's rounds with one INSERT and one UPDATE.
-- (A road step's UPDATE leaves the round open and finds nothing here.)
CREATE TRIGGER game_rounds_settled_on_insert
  AFTER INSERT ON game_rounds
  REFERENCING NEW TABLE AS settled_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION arcade_rounds_settled();

CREATE TRIGGER game_rounds_settled_on_update
  AFTER UPDATE ON game_rounds
  REFERENCING OLD TABLE AS opened_rounds NEW TABLE AS settled_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION arcade_rounds_settled();

-- A player's choice reaches the feeds too: the rounds they still show take the new name (or none).
CREATE FUNCTION arcade_name_choice() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'name', 'user', NEW.id::text,
            'name', CASE WHEN NEW.name_hidden THEN NULL ELSE NULLIF(left(NEW.first_name, 64), '') END)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_name_choice
  AFTER UPDATE OF name_hidden ON users
  FOR EACH ROW WHEN (OLD.name_hidden IS DISTINCT FROM NEW.name_hidden)
  EXECUTE FUNCTION arcade_name_choice();

-- The current week's rounds settled before this migration.
INSERT INTO weekly_player_stats (week, user_id, rounds, wagered, best_multiplier, best_at)
SELECT date_trunc('week', r.finished_at AT TIME ZONE 'UTC')::date, r.user_id, count(*), sum(r.stake),
       max(CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END),
       (array_agg(r.finished_at ORDER BY CASE WHEN r.payout > 0 THEN r.multiplier ELSE 0 END DESC, r.finished_at)
          FILTER (WHERE r.payout > 0))[1]
  FROM game_rounds r
 WHERE r.status <> 'open' AND r.finished_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
 GROUP BY 1, 2;
