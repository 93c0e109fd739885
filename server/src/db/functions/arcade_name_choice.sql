-- A changed name choice, at commit: its feed position and a notification (migration 031's deferred trigger).
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
