-- The price band listing_cells counts a listing in: the power of ten of its price in nanotons and
-- its first two digits rounded down to even (10, 12, ... 98: 45 bands a decade, each at most a
-- fifth of its decade's first price wide), written as four digits so that bands sort as text in
-- the order of their prices. A price range counts its whole bands from the cells and the listings
-- of its two end bands (from listing_price_band_start to listing_price_band_end) one by one.
CREATE OR REPLACE FUNCTION listing_price_band(price bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT lpad(((length(price::text) - 1) * 100 + left(price::text, 2)::int / 2 * 2)::text, 4, '0')
$$;
