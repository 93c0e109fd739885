-- TRUNCATE empties the counts with the listings (statement triggers see no rows of a TRUNCATE).
CREATE OR REPLACE FUNCTION listings_truncate_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_facet_counts;
  DELETE FROM listing_cells;
  RETURN NULL;
END $$;
