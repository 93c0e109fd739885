-- The filter sheets' counts under a price range alone read every listing in the range: with the
-- facets' columns (and what the sheet shows of each value) carried in the price index, that read is
-- an index-only scan instead of a visit to each row. The index still orders the list by price and
-- gift, so it replaces listings_price_idx rather than standing beside it.
CREATE INDEX listings_price_facets_idx ON listings (price, gift_id)
  INCLUDE (collection_id, model, backdrop, symbol, model_rarity, backdrop_rarity, symbol_rarity, backdrop_center, backdrop_edge);
DROP INDEX listings_price_idx;
