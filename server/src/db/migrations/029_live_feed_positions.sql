-- The live feed's positions: one number for each thing the feed tells (a settled round, a changed
-- name choice), counted in the order the transactions commit, the same on every replica. A
-- stream's events carry them as their Server-Sent Events ids, so a client that connects again
-- (to any replica) with its Last-Event-ID is sent what it missed (server/src/domain/live/live-feed.ts).
--
-- A sequence cannot give that order: its numbers are taken when a statement runs, and a
-- transaction that took a lower one may commit after one that took a higher one. So the number
-- is taken at commit, by deferred triggers, from this one row: its row lock is held until the
-- commit ends, so the next transaction takes the next number only after this one committed.
-- Transactions that notify are already committed one at a time by PostgreSQL (NOTIFY's queue
-- lock), so this orders nothing that was not ordered. The row is versioned like any other, so a
-- transaction rolled back gives its numbers back (no gaps: a replica that hears a position skip
-- knows it missed a notification), and a read sees the position of exactly what it sees committed.
-- (Every transaction here runs READ COMMITTED: the UPDATE waits for the lock and reads the row
-- again. A REPEATABLE READ transaction settling rounds would fail on a concurrent update.)
CREATE TABLE live_feed_position (
  one      BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
  position BIGINT NOT NULL CHECK (position >= 0)
);
INSERT INTO live_feed_position (position) VALUES (0);

-- The statement triggers of 024 (as 025 left them) keep the weekly figures; the notification of
-- each settled round moves to the deferred trigger below, which knows its position.
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

-- A settled round, at commit: its position, and a notification on arcade_live with a few fields
-- of it (the name the player lets show at that moment, never their id outside the servers).
CREATE FUNCTION arcade_live_round() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_position bigint;
  v_name text;
BEGIN
  UPDATE live_feed_position SET position = position + 1 RETURNING position INTO v_position;
  SELECT CASE WHEN u.name_hidden THEN NULL ELSE NULLIF(left(u.first_name, 64), '') END INTO v_name
    FROM users u WHERE u.id = NEW.user_id;
  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'round', 'position', v_position::text, 'round', NEW.id::text, 'user', NEW.user_id::text,
            'game', NEW.game, 'currency', NEW.currency, 'stake', NEW.stake::text, 'payout', NEW.payout::text,
            'multiplier', NEW.multiplier::text, 'at', coalesce(NEW.finished_at, now()), 'name', v_name)::text);
  RETURN NULL;
END
$$;

-- Row triggers, deferred to the commit (constraint triggers are the deferrable kind): a round
-- written settled, and an open road round cashed or lost. A road step leaves it open: nothing.
CREATE CONSTRAINT TRIGGER game_rounds_live_on_insert
  AFTER INSERT ON game_rounds
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status <> 'open')
  EXECUTE FUNCTION arcade_live_round();

CREATE CONSTRAINT TRIGGER game_rounds_live_on_update
  AFTER UPDATE OF status ON game_rounds
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'open' AND NEW.status <> 'open')
  EXECUTE FUNCTION arcade_live_round();

-- A changed name choice takes a position too, at commit, so a client that missed it is told.
DROP TRIGGER users_name_choice ON users;

CREATE OR REPLACE FUNCTION arcade_name_choice() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_position bigint;
BEGIN
  UPDATE live_feed_position SET position = position + 1 RETURNING position INTO v_position;
  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'name', 'position', v_position::text, 'user', NEW.id::text,
            'name', CASE WHEN NEW.name_hidden THEN NULL ELSE NULLIF(left(NEW.first_name, 64), '') END)::text);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER users_name_choice
  AFTER UPDATE OF name_hidden ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.name_hidden IS DISTINCT FROM NEW.name_hidden)
  EXECUTE FUNCTION arcade_name_choice();
