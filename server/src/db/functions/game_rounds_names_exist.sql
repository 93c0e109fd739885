CREATE OR REPLACE FUNCTION game_rounds_names_exist() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written w WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a round names a player who does not exist';
  END IF;
  IF EXISTS (SELECT 1 FROM written w WHERE NOT EXISTS (SELECT 1 FROM seed_pairs s WHERE s.id = w.seed_pair_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a round names a seed pair that does not exist';
  END IF;
  RETURN NULL;
END;
$$;
