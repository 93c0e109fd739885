-- No listing is written while this file applies (see the fill of listing_cells at its end).
LOCK TABLE listings IN SHARE ROW EXCLUSIVE MODE;

-- Appends the net change of one statement's listings to the market's counts, in one statement:
-- per facet value to listing_facet_counts (migration 020), and to listing_cells (migration 034) in
-- the cells listing_cell_keys names. A new price nets to nothing in the counts, and within its band
-- in the cells; one across bands moves the cells' count between them.
CREATE OR REPLACE FUNCTION listings_count_facets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted CONSTANT TEXT := $sql$
    , facets AS (
    INSERT INTO listing_facet_counts (facet, name, rarity, center, edge, n)
    SELECT 'collection', collection_id, 0, '', '', sum(sign) FROM changed GROUP BY collection_id HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'model', model, model_rarity, '', '', sum(sign) FROM changed GROUP BY model, model_rarity HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'backdrop', backdrop, backdrop_rarity, backdrop_center, backdrop_edge, sum(sign)
      FROM changed GROUP BY backdrop, backdrop_rarity, backdrop_center, backdrop_edge HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'symbol', symbol, symbol_rarity, '', '', sum(sign) FROM changed GROUP BY symbol, symbol_rarity HAVING sum(sign) <> 0)
    INSERT INTO listing_cells (facet, name, rarity, center, edge, within, within_name, n)
    SELECT k.facet, k.name, k.rarity, k.center, k.edge, k.within, k.within_name, sum(c.sign)
      FROM changed c CROSS JOIN LATERAL listing_cell_keys(c.collection_id, c.model, c.model_rarity, c.backdrop, c.backdrop_rarity,
                                           c.backdrop_center, c.backdrop_edge, c.symbol, c.symbol_rarity, c.price) k
     GROUP BY k.facet, k.name, k.rarity, k.center, k.edge, k.within, k.within_name
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

-- The listings there before this function counted cells, counted once into them: the cells are
-- empty only then. The lock above lets every write in progress commit first (and be read here)
-- and holds new ones until this function is in force. A change of what the cells count needs a
-- migration that empties listing_cells: this fills it again.
INSERT INTO listing_cells (facet, name, rarity, center, edge, within, within_name, n)
SELECT k.facet, k.name, k.rarity, k.center, k.edge, k.within, k.within_name, count(*)
  FROM listings c CROSS JOIN LATERAL listing_cell_keys(c.collection_id, c.model, c.model_rarity, c.backdrop, c.backdrop_rarity,
                                   c.backdrop_center, c.backdrop_edge, c.symbol, c.symbol_rarity, c.price) k
 WHERE NOT EXISTS (SELECT 1 FROM listing_cells)
 GROUP BY k.facet, k.name, k.rarity, k.center, k.edge, k.within, k.within_name;
