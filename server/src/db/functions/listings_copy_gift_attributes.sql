-- A listing inserted without them takes them from its gift (the insert may also give them).
CREATE OR REPLACE FUNCTION listings_copy_gift_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.model_rarity, g.backdrop_rarity, g.symbol_rarity, g.backdrop_center, g.backdrop_edge
    INTO NEW.model_rarity, NEW.backdrop_rarity, NEW.symbol_rarity, NEW.backdrop_center, NEW.backdrop_edge
    FROM gifts g WHERE g.id = NEW.gift_id;
  RETURN NEW;
END $$;
