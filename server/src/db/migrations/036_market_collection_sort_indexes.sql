-- arcade:no-transaction
-- A collection's listings in any order of the list: by date, number or rarity, each is one range of
-- a (collection, sort, gift) index (by price, migration 007). Without them a page read the whole
-- market in that order until it met the collection's gifts: at a million listings a collection
-- whose rarities sit at one end of the order cost 130 ms a page. Built without blocking the
-- market's writes; an index a failed build left is dropped first.
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_date_idx;
CREATE INDEX CONCURRENTLY listings_collection_date_idx ON listings (collection_id, listed_at, gift_id);
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_number_idx;
CREATE INDEX CONCURRENTLY listings_collection_number_idx ON listings (collection_id, number, gift_id);
DROP INDEX CONCURRENTLY IF EXISTS listings_collection_rarity_idx;
CREATE INDEX CONCURRENTLY listings_collection_rarity_idx ON listings (collection_id, rarity, gift_id);
