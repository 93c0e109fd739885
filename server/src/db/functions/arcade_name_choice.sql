-- A player's choice reaches the feeds too: the rounds they still show take the new name (or none).
CREATE OR REPLACE FUNCTION arcade_name_choice() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('arcade_live', json_build_object(
            'kind', 'name', 'user', NEW.id::text,
            'name', CASE WHEN NEW.name_hidden THEN NULL ELSE NULLIF(left(NEW.first_name, 64), '') END)::text);
  RETURN NULL;
END
$$;
