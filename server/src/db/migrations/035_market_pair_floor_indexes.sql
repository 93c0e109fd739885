-- arcade:no-transaction
-- A value's floor on a sheet filtered by another facet's values (the cheapest Sakura among the
-- Plush Pepes, the cheapest Star on a Gold backdrop) is the first entry of a (facet, facet, price)
-- index, one for each pair of facets. A sheet filtered by two facets' values counts the listings of
-- that pair for the other two facets: each index carries those two facets' columns (and what the
-- sheet shows of their values), so the count reads the index alone, never a row. At a million
-- listings a backdrop and a symbol leaving 10,000 listings took 32 ms through the rows, 4 ms so.
-- Migration 027's two pairs (a collection's models and backdrops) are made again with their
-- columns, then the old ones dropped. Built without blocking the market's writes; an index a
-- failed build left is dropped first.
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_model_facets_idx;
CREATE INDEX CONCURRENTLY listings_collection_model_facets_idx ON listings (collection_id, model, price, gift_id)
  INCLUDE (backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity);
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_model_price_idx;
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_backdrop_facets_idx;
CREATE INDEX CONCURRENTLY listings_collection_backdrop_facets_idx ON listings (collection_id, backdrop, price, gift_id)
  INCLUDE (model, model_rarity, symbol, symbol_rarity);
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_backdrop_price_idx;
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_symbol_facets_idx;
CREATE INDEX CONCURRENTLY listings_collection_symbol_facets_idx ON listings (collection_id, symbol, price, gift_id)
  INCLUDE (model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge);
DROP INDEX CONCURRENTLY IF EXISTS listings_model_backdrop_facets_idx;
CREATE INDEX CONCURRENTLY listings_model_backdrop_facets_idx ON listings (model, backdrop, price, gift_id)
  INCLUDE (collection_id, symbol, symbol_rarity);
DROP INDEX CONCURRENTLY IF EXISTS listings_model_symbol_facets_idx;
CREATE INDEX CONCURRENTLY listings_model_symbol_facets_idx ON listings (model, symbol, price, gift_id)
  INCLUDE (collection_id, backdrop, backdrop_rarity, backdrop_center, backdrop_edge);
DROP INDEX CONCURRENTLY IF EXISTS listings_backdrop_symbol_facets_idx;
CREATE INDEX CONCURRENTLY listings_backdrop_symbol_facets_idx ON listings (backdrop, symbol, price, gift_id)
  INCLUDE (collection_id, model, model_rarity);
