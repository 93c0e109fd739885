-- What the rows above name stays: no player, seed pair, movement or account is ever removed or
-- given another id, and no journal row, movement, round or key is given another name.
CREATE OR REPLACE FUNCTION refuse_to_unname() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE restrict_violation USING MESSAGE = format('%s rows are kept as they are named: %s is refused', TG_TABLE_NAME, lower(TG_OP));
END;
$$;
