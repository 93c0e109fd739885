-- The lowest price of the band of `price` (see listing_price_band).
CREATE OR REPLACE FUNCTION listing_price_band_start(price bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT (left(price::text, 2)::int / 2 * 2 * 10::numeric ^ greatest(length(price::text) - 2, 0))::bigint
$$;
