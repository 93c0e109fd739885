-- Movements, rounds and keys: the player (a movement may name none).
CREATE OR REPLACE FUNCTION player_named_exists() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written w WHERE w.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = format('a row of %s names a player who does not exist', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
