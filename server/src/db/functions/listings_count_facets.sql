-- Appends the net change of one statement's listings per facet value: a new price nets to nothing.
CREATE OR REPLACE FUNCTION listings_count_facets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted CONSTANT TEXT := $sql$
    INSERT INTO listing_facet_counts (facet, name, rarity, center, edge, n)
    SELECT 'collection', collection_id, 0, '', '', sum(sign) FROM changed GROUP BY collection_id HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'model', model, model_rarity, '', '', sum(sign) FROM changed GROUP BY model, model_rarity HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'backdrop', backdrop, backdrop_rarity, backdrop_center, backdrop_edge, sum(sign)
      FROM changed GROUP BY backdrop, backdrop_rarity, backdrop_center, backdrop_edge HAVING sum(sign) <> 0
    UNION ALL
    SELECT 'symbol', symbol, symbol_rarity, '', '', sum(sign) FROM changed GROUP BY symbol, symbol_rarity HAVING sum(sign) <> 0
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
