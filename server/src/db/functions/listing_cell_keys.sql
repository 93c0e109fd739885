-- The cells of listing_cells a listing counts in (migration 034): each of its four facet values
-- within each of its other three, and within its price band at three tiers (the band, its first
-- digit and its power of ten: listing_price_cover reads them). The trigger that keeps the cells
-- and their first fill (listings_count_facets.sql) both count a listing through this.
CREATE OR REPLACE FUNCTION listing_cell_keys(
  collection_id text, model text, model_rarity integer, backdrop text, backdrop_rarity integer,
  backdrop_center text, backdrop_edge text, symbol text, symbol_rarity integer, price bigint
) RETURNS TABLE (facet text, name text, rarity integer, center text, edge text, within text, within_name text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT f.facet, f.name, f.rarity, f.center, f.edge, w.within, w.within_name
    FROM (VALUES ('collection', collection_id, 0, '', ''),
                 ('model', model, model_rarity, '', ''),
                 ('backdrop', backdrop, backdrop_rarity, backdrop_center, backdrop_edge),
                 ('symbol', symbol, symbol_rarity, '', '')) f (facet, name, rarity, center, edge)
   CROSS JOIN (VALUES ('collection', collection_id), ('model', model), ('backdrop', backdrop), ('symbol', symbol),
                      ('price', listing_price_band(price)), ('price', left(listing_price_band(price), 3)),
                      ('price', left(listing_price_band(price), 2))) w (within, within_name)
   WHERE w.within <> f.facet
$$;
