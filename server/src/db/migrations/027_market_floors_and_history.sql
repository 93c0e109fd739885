-- A deeper market: floors beside every filter value and on a gift's detail, a model's sales
-- history, and the "below the floor" sort. Floors are read from price indexes (the lowest listed
-- price of a value is the first entry of its (value, price) index), so they are exact at every
-- commit whatever bought, listed, unlisted or repriced a gift, and need no maintained table:
-- listings_model_price_idx and listings_backdrop_price_idx (migration 007) serve the filter
-- sheets, where a model or backdrop is one name across collections.
--
-- On a gift's detail and in the discount sort a model is compared within its own collection
-- (an Aurora Plush Pepe and an Aurora Lol Pop differ fifty times in price): these two indexes
-- give the floor of a collection's model or backdrop in one probe.
CREATE INDEX listings_collection_model_price_idx ON listings (collection_id, model, price, gift_id);
CREATE INDEX listings_collection_backdrop_price_idx ON listings (collection_id, backdrop, price, gift_id);

-- A sale carries its gift's collection and model, so a model's history is one index range.
ALTER TABLE sales
  ADD COLUMN collection_id TEXT,
  ADD COLUMN model         TEXT;

UPDATE sales s SET collection_id = g.collection_id, model = g.model FROM gifts g WHERE g.id = s.gift_id;

-- A sale inserted without them takes them from its gift (a gift's model never changes).
CREATE FUNCTION sales_copy_gift_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.collection_id, g.model INTO NEW.collection_id, NEW.model FROM gifts g WHERE g.id = NEW.gift_id;
  RETURN NEW;
END $$;

CREATE TRIGGER sales_copy_gift_attributes BEFORE INSERT ON sales
  FOR EACH ROW WHEN (NEW.collection_id IS NULL OR NEW.model IS NULL)
  EXECUTE FUNCTION sales_copy_gift_attributes();

ALTER TABLE sales
  ALTER COLUMN collection_id SET NOT NULL,
  ALTER COLUMN model SET NOT NULL;

CREATE INDEX sales_model_time_idx ON sales (collection_id, model, sold_at, id) INCLUDE (price);
