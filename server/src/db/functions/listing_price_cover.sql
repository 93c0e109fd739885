-- The names of listing_cells' price cells that together count every whole band strictly between
-- the bands of p_min and p_max (from the first band when p_min is null, to the last when p_max is
-- null), each band once, in as few cells as the tiers allow: a cell of a whole power of ten (the
-- band's first two characters), of a first digit (its first three), or of one band (see
-- listing_price_band; the trigger of listings_count_facets appends a row at each tier). A range of
-- 10 to 900 TON reads 20 cells per value instead of 88 bands.
CREATE OR REPLACE FUNCTION listing_price_cover(p_min bigint, p_max bigint) RETURNS SETOF text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 30
AS $$
DECLARE
  -- Bands as numbers: the power of ten times 100 plus the even lead (0-8 below ten, 10-98 above).
  b int := CASE WHEN p_min IS NULL THEN 0 ELSE listing_price_band(p_min)::int END;
  hi int := CASE WHEN p_max IS NULL THEN 1900 ELSE listing_price_band(p_max)::int END;
  e int;
  lead int;
  first_lead int;
  last_of_power int;
BEGIN
  IF p_min IS NOT NULL THEN
    -- The band of p_min is an end band, counted from the listings: start after it.
    e := b / 100;
    b := CASE WHEN b % 100 < CASE WHEN e = 0 THEN 8 ELSE 98 END THEN b + 2 ELSE (e + 1) * 100 + 10 END;
  END IF;
  WHILE b < hi LOOP
    e := b / 100;
    lead := b % 100;
    first_lead := CASE WHEN e = 0 THEN 0 ELSE 10 END;
    last_of_power := e * 100 + CASE WHEN e = 0 THEN 8 ELSE 98 END;
    -- (IF reads its condition up to the first THEN: no CASE in it.)
    IF lead = first_lead AND last_of_power < hi THEN
      RETURN NEXT lpad(e::text, 2, '0');
      b := (e + 1) * 100 + 10;
    ELSIF lead % 10 = 0 AND e > 0 AND b + 8 < hi THEN
      RETURN NEXT left(lpad(b::text, 4, '0'), 3);
      b := CASE WHEN b + 8 = last_of_power THEN (e + 1) * 100 + 10 ELSE b + 10 END;
    ELSE
      RETURN NEXT lpad(b::text, 4, '0');
      b := CASE WHEN b = last_of_power THEN (e + 1) * 100 + 10 ELSE b + 2 END;
    END IF;
  END LOOP;
END
$$;
