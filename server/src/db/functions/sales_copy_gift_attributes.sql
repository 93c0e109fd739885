-- A sale inserted without them takes them from its gift (a gift's model never changes).
CREATE OR REPLACE FUNCTION sales_copy_gift_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.collection_id, g.model INTO NEW.collection_id, NEW.model FROM gifts g WHERE g.id = NEW.gift_id;
  RETURN NEW;
END $$;
