-- Folds listing_cells' rows within one facet (or 'price') into one per cell, as
-- listing_facet_counts_compact does for the whole counts: rows appended meanwhile are not seen by
-- the DELETE and stay; a row two folds both see is deleted, and so counted, by one of them. The
-- whole slice, never a range of names: a range's bounds would depend on the collation, and a name
-- outside them would never be folded. One fold at a time (the others skip).
CREATE OR REPLACE FUNCTION listing_cells_compact(p_within text) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7310034) THEN
    RETURN false;
  END IF;
  WITH gone AS (DELETE FROM listing_cells WHERE within = p_within RETURNING *)
  INSERT INTO listing_cells
    SELECT facet, name, rarity, center, edge, within, within_name, sum(n) FROM gone
     GROUP BY facet, name, rarity, center, edge, within, within_name HAVING sum(n) <> 0;
  RETURN true;
END $$;
