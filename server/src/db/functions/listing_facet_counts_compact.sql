-- Folds the rows into one per facet value. Rows that concurrent statements append meanwhile are
-- not seen by the DELETE and stay as they are; one compaction at a time (the others skip).
CREATE OR REPLACE FUNCTION listing_facet_counts_compact() RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7310020) THEN
    RETURN false;
  END IF;
  WITH gone AS (DELETE FROM listing_facet_counts RETURNING *)
  INSERT INTO listing_facet_counts
    SELECT facet, name, rarity, center, edge, sum(n) FROM gone GROUP BY facet, name, rarity, center, edge HAVING sum(n) <> 0;
  RETURN true;
END $$;
