-- Appends the net change of one statement's listings to listing_cells (migration 034): per facet
-- value, within each value of the other three facets and within the listing's price band, at three
-- tiers (the band, its first digit and its power of ten: listing_price_cover reads them). A new
-- price within its band nets to nothing; one across bands moves the count between them.
CREATE OR REPLACE FUNCTION listings_count_cells() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted CONSTANT TEXT := $sql$
    INSERT INTO listing_cells (facet, name, rarity, center, edge, within, within_name, n)
    SELECT f.facet, f.name, f.rarity, f.center, f.edge, w.within, w.within_name, sum(c.sign)
      FROM changed c
      CROSS JOIN LATERAL (VALUES ('collection', c.collection_id, 0, '', ''),
                                 ('model', c.model, c.model_rarity, '', ''),
                                 ('backdrop', c.backdrop, c.backdrop_rarity, c.backdrop_center, c.backdrop_edge),
                                 ('symbol', c.symbol, c.symbol_rarity, '', '')) f (facet, name, rarity, center, edge)
      CROSS JOIN LATERAL (VALUES ('collection', c.collection_id), ('model', c.model), ('backdrop', c.backdrop),
                                 ('symbol', c.symbol), ('price', listing_price_band(c.price)),
          ('price', left(listing_price_band(c.price), 3)), ('price', left(listing_price_band(c.price), 2))) w (within, within_name)
     WHERE w.within <> f.facet
     GROUP BY f.facet, f.name, f.rarity, f.center, f.edge, w.within, w.within_name
    HAVING sum(c.sign) <> 0
  $sql$;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE 'WITH changed AS MATERIALIZED (SELECT 1 AS sign, a.* FROM added a) ' || counted;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'WITH changed AS MATERIALIZED (SELECT -1 AS sign, r.* FROM removed r) ' || counted;
  ELSE
    EXECUTE 'WITH changed AS MATERIALIZED (SELECT -1 AS sign, r.* FROM removed r UNION ALL SELECT 1, a.* FROM added a) ' || counted;
  END IF;
  RETURN NULL;
END $$;

-- Its triggers, made again with the function (a trigger needs its function to exist first).
DROP TRIGGER IF EXISTS listings_count_cells_insert ON listings;
DROP TRIGGER IF EXISTS listings_count_cells_delete ON listings;
DROP TRIGGER IF EXISTS listings_count_cells_update ON listings;
CREATE TRIGGER listings_count_cells_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listings_count_cells();
CREATE TRIGGER listings_count_cells_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION listings_count_cells();
CREATE TRIGGER listings_count_cells_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listings_count_cells();

-- The listings there before the triggers, counted once: the cells are empty only then (the
-- triggers were just made and the listings locked by it, so no listing is counted twice or missed).
-- A change of what the cells count needs a migration that empties listing_cells: this fills it again.
INSERT INTO listing_cells (facet, name, rarity, center, edge, within, within_name, n)
SELECT f.facet, f.name, f.rarity, f.center, f.edge, w.within, w.within_name, count(*)
  FROM listings c
  CROSS JOIN LATERAL (VALUES ('collection', c.collection_id, 0, '', ''),
                             ('model', c.model, c.model_rarity, '', ''),
                             ('backdrop', c.backdrop, c.backdrop_rarity, c.backdrop_center, c.backdrop_edge),
                             ('symbol', c.symbol, c.symbol_rarity, '', '')) f (facet, name, rarity, center, edge)
  CROSS JOIN LATERAL (VALUES ('collection', c.collection_id), ('model', c.model), ('backdrop', c.backdrop),
                             ('symbol', c.symbol), ('price', listing_price_band(c.price)),
          ('price', left(listing_price_band(c.price), 3)), ('price', left(listing_price_band(c.price), 2))) w (within, within_name)
 WHERE w.within <> f.facet AND NOT EXISTS (SELECT 1 FROM listing_cells)
 GROUP BY f.facet, f.name, f.rarity, f.center, f.edge, w.within, w.within_name;
