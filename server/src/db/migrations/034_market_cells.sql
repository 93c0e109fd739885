-- The filter sheets at a million listings. Migration 020 keeps each facet value's listing count
-- (listing_facet_counts), which answers a sheet with no filter. A sheet under a filter counted the
-- listings the filter leaves: one collection of a million listings is tens of thousands of rows,
-- and a price range hundreds of thousands, each time a player opens the sheet.
--
-- listing_cells keeps the same counts within one value of another facet (the models of each
-- collection, the collections of each backdrop, ...) and within a price band, so a sheet under one
-- facet's values, or under a price range, sums a few hundred rows; a price range's two partial bands
-- at its ends are counted from the listings (listing_price_band in server/src/db/functions).
-- As in listing_facet_counts, every statement that adds, removes, re-prices or re-attributes
-- listings appends its net change (server/src/db/functions/listings_count_facets.sql), so writers
-- only insert; readers fold the rows they read when they grew long (listing_cells_compact).
-- A separate table rather than more rows in listing_facet_counts: a server of the release before
-- sums that table whole, and keeps counting right while a rolling deploy runs.
CREATE TABLE listing_cells (
  facet       TEXT NOT NULL CHECK (facet IN ('collection', 'model', 'backdrop', 'symbol')),
  name        TEXT NOT NULL,
  rarity      INTEGER NOT NULL,
  center      TEXT NOT NULL,
  edge        TEXT NOT NULL,
  -- The other facet, or 'price', and its value (for 'price', the listing's band).
  within      TEXT NOT NULL CHECK (within IN ('collection', 'model', 'backdrop', 'symbol', 'price') AND within <> facet),
  within_name TEXT NOT NULL,
  n           BIGINT NOT NULL
);
CREATE INDEX listing_cells_within_idx ON listing_cells (within, within_name, facet);
-- The cells are filled, and kept, by the triggers made with their function after the migrations.
