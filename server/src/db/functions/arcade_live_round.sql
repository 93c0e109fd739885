-- A settled round, at commit: its position, and a notification on arcade_live with a few fields
-- of it (the name the player lets show at that moment, never their id outside the servers).
CREATE OR REPLACE FUNCTION arcade_live_round() RETURNS trigger
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

-- Its triggers, made again with the function (a trigger needs its function to exist first).
DROP TRIGGER IF EXISTS game_rounds_live_on_insert ON game_rounds;
DROP TRIGGER IF EXISTS game_rounds_live_on_update ON game_rounds;
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
